import { toast } from "@/client/components/ui/toaster";
import { SettingsSection } from "@/client/components/settings-section";
import { updatePassword, useAuth } from "@/client/lib/auth";
import { NewPasswordForm } from "./new-password-form";

/** The account page's password change: the current password, then the new one twice. */
export function ChangePassword() {
  const { user } = useAuth();
  async function save(password: string, currentPassword?: string) {
    const { error, code } = await updatePassword(password, currentPassword);
    if (error) {
      toast.error("Password not changed", { description: error });
      return {
        field: code === "current_password_mismatch" ? "current" : "password",
        message: error,
      } as const;
    }
    toast.success("Password changed", {
      description: "Use it next time you sign in. Your other devices have been signed out.",
    });
    return null;
  }

  return (
    <SettingsSection
      id="password"
      title="Change password"
      description="Other devices signed in to your account are signed out when it changes, and your email gets a notice."
    >
      <NewPasswordForm current email={user?.email ?? ""} onSubmit={save} />
    </SettingsSection>
  );
}
