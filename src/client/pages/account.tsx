import { QueryClientProvider } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { SettingsSection } from "@/client/components/settings-section";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { ChangeEmail } from "@/client/features/auth/change-email";
import { ChangePassword } from "@/client/features/auth/change-password";
import { DeleteAccount } from "@/client/features/auth/delete-account-dialog";
import { YourData } from "@/client/features/history/your-data";
import { LowAnxietySetting } from "@/client/features/practice/low-anxiety-setting";
import { AccountSubscription } from "@/client/features/subscription/account-subscription";
import { useSubscription } from "@/client/features/subscription/use-subscription";
import { signOut, useAuth } from "@/client/lib/auth";
import { queryClient } from "@/client/lib/query-client";

/**
 * /account (linked from the header when signed in): name and email, the subscription with Manage
 * Subscription, low-anxiety mode (docs/decisions/0093), change password, change email, your data
 * (download, delete the practice history; for non-subscribers too), and Delete account
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
  const { user, loading } = useAuth();
  const subscription = useSubscription();
  const navigate = useNavigate();
  const deleted = useRef(false);

  useEffect(() => {
    document.title = "Your account — Interview Coach";
  }, []);
  useEffect(() => {
    if (!loading && !user && !deleted.current) void navigate("/auth", { replace: true });
  }, [loading, user, navigate]);

  if (loading || !user) {
    return (
      <main className="grid min-h-dvh place-items-center p-6">
        <Spinner label="Loading..." />
      </main>
    );
  }

  const email = user.email ?? "";
  const fullName =
    typeof user.user_metadata.full_name === "string" ? user.user_metadata.full_name : email;

  function onDeleted() {
    deleted.current = true;
    toast.success("Account deleted", {
      description:
        "Your subscription is cancelled and your account is gone. Thanks for practising with us.",
    });
    void navigate("/", { replace: true });
    void signOut(); // the server has ended every session; this forgets this device's copy
  }

  return (
    <main className="min-h-dvh bg-muted/40 px-4 py-8 sm:py-12">
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Your account</h1>
          <Button asChild variant="ghost">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
        </div>

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
        <ChangePassword />
        <ChangeEmail currentEmail={email} />
        {/* Subscribed or not: a person's own data stays theirs to download and erase. */}
        <SettingsSection id="your-data" title="Your data">
          <YourData />
        </SettingsSection>
        <DeleteAccount email={email} onDeleted={onDeleted} />
      </div>
    </main>
  );
}
