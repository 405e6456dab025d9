import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useNavigate, useSearchParams } from "react-router";
import { logRenderError } from "@/client/components/route-error-fallback";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { PracticeArea } from "@/client/features/practice/practice-area";
import { SubscriptionSummary } from "@/client/features/subscription/subscription-summary";
import { UpgradeScreen } from "@/client/features/subscription/upgrade-screen";
import { useSubscription } from "@/client/features/subscription/use-subscription";
import { useAuth } from "@/client/lib/auth";
import { queryClient } from "@/client/lib/query-client";

/**
 * /practice: signed-out visitors go to /auth; non-subscribers see the upgrade screen;
 * subscribers see their plan and the practice tools. Returning from checkout
 * (`?checkout=success`) re-checks the subscription at once.
 */
export function PracticePage() {
  return (
    <ErrorBoundary
      FallbackComponent={PracticeErrorFallback}
      onError={logRenderError("Practice page failed to render:")}
    >
      {/* Here rather than around the app: the landing page's first load stays without it. */}
      <QueryClientProvider client={queryClient}>
        <PracticeContent />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

function PracticeContent() {
  const { user, loading } = useAuth();
  const subscription = useSubscription();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const checkoutResult = params.get("checkout");
  const checkSubscription = subscription.check;

  useEffect(() => {
    if (!loading && !user) void navigate("/auth", { replace: true });
  }, [loading, user, navigate]);

  useEffect(() => {
    if (loading || !user || checkoutResult === null) return;
    if (checkoutResult === "success") void checkSubscription("forced");
    // Drop the marker so a reload does not count as another return from checkout.
    setParams(
      (current) => {
        current.delete("checkout");
        current.delete("session_id");
        return current;
      },
      { replace: true },
    );
  }, [loading, user, checkoutResult, setParams, checkSubscription]);

  if (loading || !user || !subscription.settled) {
    return (
      <main className="grid min-h-dvh place-items-center p-6">
        <Spinner label="Loading..." />
      </main>
    );
  }

  const checkStatus = () => void subscription.check("manual");

  if (!subscription.status.subscribed) {
    return (
      <main className="min-h-dvh bg-muted/40 px-4 py-10 sm:py-16">
        <UpgradeScreen onCheckStatus={checkStatus} checking={subscription.checking} />
      </main>
    );
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:py-10">
      <SubscriptionSummary status={subscription.status} />
      <PracticeArea />
    </main>
  );
}

/** The spec's failure screen for /practice. */
function PracticeErrorFallback() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Authentication Error</h1>
      <p className="max-w-sm text-muted-foreground">
        Please try refreshing the page or go back to home.
      </p>
      {/* A full navigation: the app's state may be what broke. */}
      <Button onClick={() => window.location.assign("/")}>Go to Home</Button>
    </main>
  );
}
