import { useEffect } from "react";
import { useNavigate } from "react-router";
import { AuthShell } from "@/client/features/auth/auth-shell";
import { ForgotPassword } from "@/client/features/auth/forgot-password";
import { getSupabase, requestPasswordReset, verifyEmailCode } from "@/client/lib/auth";

/** /forgot-password: ask for a reset email, then follow its link or enter its code. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();

  useEffect(() => {
    document.title = "Reset your password — Interview Coach";
    void getSupabase();
  }, []);

  return (
    <AuthShell
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link and a code."
      back={{ to: "/auth", label: "Back to Sign In" }}
    >
      <ForgotPassword
        request={requestPasswordReset}
        verify={(email, code) => verifyEmailCode("recovery", email, code)}
        onVerified={() => void navigate("/reset-password", { replace: true })}
      />
    </AuthShell>
  );
}
