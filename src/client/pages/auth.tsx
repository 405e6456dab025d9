import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AuthPanel } from "@/client/features/auth/auth-panel";
import { AuthShell } from "@/client/features/auth/auth-shell";
import { getSupabase, resendSignUpConfirmation, useAuth, verifyEmailCode } from "@/client/lib/auth";

/**
 * /auth: sign in or sign up (`?tab=sign-up` opens that tab). A visitor who is already signed in
 * goes to the home page.
 */
export function AuthPage() {
  const { user, loading, signIn, signUp } = useAuth();
  const navigate = useNavigate();
  // `/auth?tab=sign-up` opens the Sign Up tab; Sign In is the default.
  const [params] = useSearchParams();
  const initialTab = params.get("tab") === "sign-up" ? "sign-up" : "sign-in";

  useEffect(() => {
    document.title = "Sign in or create an account — Interview Coach";
    void getSupabase(); // this page needs the client at once, not when the browser is idle
  }, []);

  useEffect(() => {
    if (!loading && user) void navigate("/", { replace: true });
  }, [loading, user, navigate]);

  return (
    <AuthShell
      title="Get Started"
      description="Sign in to your account or create a new one."
      back={{ to: "/", label: "Back to Home" }}
      busy={loading || Boolean(user)}
    >
      <AuthPanel
        signIn={signIn}
        signUp={signUp}
        verifySignUpCode={(email, code) => verifyEmailCode("signup", email, code)}
        resendConfirmation={resendSignUpConfirmation}
        initialTab={initialTab}
        onSignedIn={() => void navigate("/", { replace: true })}
      />
    </AuthShell>
  );
}
