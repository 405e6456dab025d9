import { useEffect, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { Spinner } from "@/client/components/ui/spinner";
import { useAuth } from "@/client/lib/auth";
import { UpgradeScreen } from "./upgrade-screen";
import { useSubscription } from "./use-subscription";

/**
 * The gate of the subscriber pages (/practice, /history): signed-out visitors go to /auth,
 * non-subscribers see the upgrade screen, subscribers see `children(subscription)`.
 */
export function SubscriberOnly({
  children,
}: {
  children: (subscription: ReturnType<typeof useSubscription>) => ReactNode;
}) {
  const { user, loading } = useAuth();
  const subscription = useSubscription();
  const navigate = useNavigate();

  useEffect(() => {
    if (!loading && !user) void navigate("/auth", { replace: true });
  }, [loading, user, navigate]);

  if (loading || !user || !subscription.settled) {
    return (
      <main className="grid min-h-dvh place-items-center p-6">
        <Spinner label="Loading..." />
      </main>
    );
  }
  if (!subscription.status.subscribed) {
    return (
      <main className="min-h-dvh bg-muted/40 px-4 py-10 sm:py-16">
        <UpgradeScreen
          onCheckStatus={() => void subscription.check("manual")}
          checking={subscription.checking}
        />
      </main>
    );
  }
  return children(subscription);
}
