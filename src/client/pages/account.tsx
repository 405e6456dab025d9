import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/client/components/ui/toaster";
import { SettingsSection } from "@/client/components/settings-section";
import { ChangeEmail } from "@/client/features/auth/change-email";
import { ChangePassword } from "@/client/features/auth/change-password";
import { DeleteAccount } from "@/client/features/auth/delete-account-dialog";
import { YourData } from "@/client/features/history/your-data";
import { CvCard } from "@/client/features/practice/cv-card";
import { SharedLinks } from "@/client/features/practice/shared-links";
import { LowAnxietySetting } from "@/client/features/practice/low-anxiety-setting";
import { AccountSubscription } from "@/client/features/subscription/account-subscription";
import { useSubscription } from "@/client/features/subscription/use-subscription";
import { signOut, useAuth } from "@/client/lib/auth";
import { queryClient } from "@/client/lib/query-client";
import { AppFrame } from "./app-frame";

/**
 * /account (linked from the header when signed in): name and email, the subscription with Manage
 * Subscription, low-anxiety mode (docs/decisions/0093), change password, change email, your data
 * (download, delete the practice history; for non-subscribers too), the CV (replace, delete;
 * docs/decisions/0110), the share links (revoke; docs/decisions/0111), and Delete account
 * (docs/decisions/0071). Signed-out visitors go to /auth.
 */
export function AccountPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountContent />
    </QueryClientProvider>
  );
}

function AccountContent() {
  useEffect(() => {
    document.title = "Your account — Interview Coach";
  }, []);
  return (
    <AppFrame className="max-w-2xl">
      <AccountSettings />
    </AppFrame>
  );
}

/** The settings of the signed-in user (AppFrame renders this only with one). */
function AccountSettings() {
  const { user } = useAuth();
  const subscription = useSubscription();
  const navigate = useNavigate();
  if (!user) return null;

  const email = user.email ?? "";
  const fullName =
    typeof user.user_metadata.full_name === "string" ? user.user_metadata.full_name : email;

  function onDeleted() {
    toast.success("Account deleted", {
      description:
        "Your subscription is cancelled and your account is gone. Thanks for practising with us.",
    });
    void navigate("/", { replace: true });
    void signOut(); // the server has ended every session; this forgets this device's copy
  }

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Your account</h1>

      <SettingsSection id="profile" title="Profile">
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr] sm:gap-y-4">
          <dt className="text-sm font-medium text-muted-foreground">Name</dt>
          <dd className="mb-3 min-w-0 break-words sm:mb-0">{fullName}</dd>
          <dt className="text-sm font-medium text-muted-foreground">Email</dt>
          <dd className="min-w-0 break-words">{email}</dd>
        </dl>
      </SettingsSection>

      <AccountSubscription status={subscription.status} settled={subscription.settled} />
      <LowAnxietySetting />
      <SettingsSection
        id="cv"
        title="Your CV"
        description="One CV for questions from your own experience in AI Interviewer and Company Specific sessions."
      >
        <CvCard place="account" canUpload={subscription.status.subscribed} />
      </SettingsSection>
      <SettingsSection
        id="shared-links"
        title="Shared links"
        description="Read-only links to your sessions you gave a coach or a friend. Revoke one and its page stops working at once."
      >
        <SharedLinks />
      </SettingsSection>
      <ChangePassword />
      <ChangeEmail currentEmail={email} />
      {/* Subscribed or not: a person's own data stays theirs to download and erase. */}
      <SettingsSection id="your-data" title="Your data">
        <YourData />
      </SettingsSection>
      <DeleteAccount email={email} onDeleted={onDeleted} />
    </>
  );
}
