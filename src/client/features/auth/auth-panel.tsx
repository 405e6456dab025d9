import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { toast } from "@/client/components/ui/toaster";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import type { AuthResult } from "@/client/lib/auth";
import { CheckEmail } from "./check-email";
import { EmailCodeForm } from "./email-code-form";
import { SignInForm, type SignInValues } from "./sign-in-form";
import { SignUpForm, type SignUpValues } from "./sign-up-form";

export type Tab = "sign-in" | "sign-up";

/**
 * The two tabs (Sign In first) with one error banner above them. Failures show the server's
 * message in the banner and a toast; successes toast and call `onSignedIn`.
 */
export function AuthPanel({
  signIn,
  signUp,
  verifySignUpCode,
  onSignedIn,
  initialTab = "sign-in",
}: {
  signIn: (email: string, password: string) => Promise<AuthResult>;
  signUp: (email: string, password: string, fullName: string) => Promise<AuthResult>;
  /** The 6-digit code in the confirmation mail, the other way to open it than its link. */
  verifySignUpCode: (email: string, code: string) => Promise<AuthResult>;
  onSignedIn: () => void;
  initialTab?: Tab;
}) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const [error, setError] = useState<string | null>(null);
  /** The address a sign-up confirmation went to (AUTH_CONFIRM_EMAIL), shown instead of the tabs. */
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);

  async function handleSignIn({ email, password }: SignInValues) {
    setError(null);
    const { error: failure } = await signIn(email, password);
    if (failure) {
      setError(failure);
      toast.error("Login failed", { description: failure });
      return failure;
    }
    toast.success("Welcome back!", { description: "Successfully signed in. Redirecting..." });
    onSignedIn();
    return null;
  }

  async function handleSignUp({ fullName, email, password }: SignUpValues) {
    setError(null);
    const { error: failure, confirmationSent } = await signUp(email, password, fullName);
    if (failure) {
      setError(failure);
      toast.error("Sign up failed", { description: failure });
      return failure;
    }
    if (confirmationSent) {
      setConfirmationSentTo(email.trim());
      toast.success("Check your email", {
        description: "Open the link we sent you to finish creating your account.",
      });
      return null;
    }
    toast.success("Account created successfully!", {
      description: "Welcome! You can now access your interview practice.",
    });
    onSignedIn();
    return null;
  }

  if (confirmationSentTo) {
    return (
      <div className="grid gap-6">
        <CheckEmail>
          We sent a confirmation link and a code to {confirmationSentTo}. Open the link, or enter
          the code here, to finish creating your account. Both expire in 1 hour.
        </CheckEmail>
        <EmailCodeForm
          verify={(code) => verifySignUpCode(confirmationSentTo, code)}
          onVerified={() => {
            toast.success("Account created successfully!", {
              description: "Welcome! You can now access your interview practice.",
            });
            onSignedIn();
          }}
          onChangeEmail={() => {
            setConfirmationSentTo(null);
            setTab("sign-up");
          }}
        />
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setTab(value as Tab);
          setError(null);
        }}
      >
        <TabsList>
          <TabsTrigger value="sign-in">Sign In</TabsTrigger>
          <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <SignInForm onSubmit={handleSignIn} />
        </TabsContent>
        <TabsContent value="sign-up">
          <SignUpForm onSubmit={handleSignUp} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
