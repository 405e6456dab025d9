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
  resendConfirmation,
  onSignedIn,
  initialTab = "sign-in",
}: {
  signIn: (email: string, password: string) => Promise<AuthResult>;
  signUp: (email: string, password: string, fullName: string) => Promise<AuthResult>;
  /** The 6-digit code in the confirmation mail, the other way to open it than its link. */
  verifySignUpCode: (email: string, code: string) => Promise<AuthResult>;
  /** A new confirmation mail (the earlier link and code stop working). */
  resendConfirmation: (email: string) => Promise<AuthResult>;
  onSignedIn: () => void;
  initialTab?: Tab;
}) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const [error, setError] = useState<string | null>(null);
  /**
   * An account waiting for its emailed confirmation (AUTH_CONFIRM_EMAIL), shown instead of the
   * tabs: just signed up, or signed in before confirming.
   */
  const [confirming, setConfirming] = useState<{ email: string; signedUp: boolean } | null>(null);

  async function handleSignIn({ email, password }: SignInValues) {
    setError(null);
    const { error: failure, code } = await signIn(email, password);
    if (failure) {
      toast.error("Login failed", { description: failure });
      // Not an error to correct in the form: the way on is the confirmation mail's code or link.
      if (code === "email_not_confirmed") {
        setConfirming({ email: email.trim(), signedUp: false });
        return null;
      }
      setError(failure);
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
      setConfirming({ email: email.trim(), signedUp: true });
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

  if (confirming) {
    const { email } = confirming;
    return (
      <div className="grid gap-6">
        <CheckEmail>
          {confirming.signedUp
            ? `We sent a confirmation link and a code to ${email}. Open the link, or enter the code here, to finish creating your account. Both expire in 1 hour.`
            : `${email} is not confirmed yet. Open the link in the email we sent when you signed up, or enter its code here. Links and codes expire after 1 hour: send the email again for new ones.`}
        </CheckEmail>
        <EmailCodeForm
          verify={(code) => verifySignUpCode(email, code)}
          resend={() => resendConfirmation(email)}
          onVerified={() => {
            toast.success("Account created successfully!", {
              description: "Welcome! You can now access your interview practice.",
            });
            onSignedIn();
          }}
          onChangeEmail={() => {
            setConfirming(null);
            setTab(confirming.signedUp ? "sign-up" : "sign-in");
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
