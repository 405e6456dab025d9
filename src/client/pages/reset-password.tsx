import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "@/client/components/ui/toaster";
import { Button } from "@/client/components/ui/button";
import { AuthShell } from "@/client/features/auth/auth-shell";
import { NewPasswordForm } from "@/client/features/auth/new-password-form";
import { getSupabase, updatePassword, useAuth } from "@/client/lib/auth";

/**
 * /reset-password: where the reset email's link lands (with `?code=…`, which supabase-js exchanges
 * with the verifier it stored when the reset was asked for, then announces PASSWORD_RECOVERY;
 * docs/decisions/0082) and where the code leads. Sets the new password; the server signs every
 * other session out.
 */
export function ResetPasswordPage() {
  const { user, loading, recovery } = useAuth();
  const navigate = useNavigate();
  // Read before supabase-js clears it: an expired or used link says so in the fragment.
  const [linkFailed] = useState(() => window.location.hash.includes("error_code="));
  const [linkPending] = useState(() => new URLSearchParams(window.location.search).has("code"));

  useEffect(() => {
    document.title = "Set a new password — Interview Coach";
    void getSupabase();
  }, []);

  async function save(password: string) {
    const { error } = await updatePassword(password);
    if (error) return error;
    toast.success("Password updated", {
      description: "You're signed in. Your other devices have been signed out.",
    });
    void navigate("/", { replace: true });
    return null;
  }

  const ready = recovery && user;
  // Between the session read from the link and supabase-js's PASSWORD_RECOVERY event.
  const waiting = !ready && (loading || (linkPending && !linkFailed && Boolean(user)));
  return (
    <AuthShell
      title={ready || waiting ? "Set a new password" : "This link has expired"}
      description={
        ready
          ? `Choose a new password for ${user.email ?? "your account"}.`
          : linkPending
            ? "Open the link in the browser where you asked for it, or type the 6-digit code from the email. Reset links and codes work once and expire after 1 hour."
            : "Reset links and codes work once and expire after 1 hour."
      }
      back={{ to: "/auth", label: "Back to Sign In" }}
      busy={waiting}
    >
      {ready ? (
        <NewPasswordForm email={user.email ?? ""} onSubmit={save} />
      ) : (
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">Send a new reset email</Link>
        </Button>
      )}
    </AuthShell>
  );
}
