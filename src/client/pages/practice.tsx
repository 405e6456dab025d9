import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { Bot, Building2, Clock, History, Mic } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { logRenderError } from "@/client/components/route-error-fallback";
import { Button } from "@/client/components/ui/button";
import { PracticeArea } from "@/client/features/practice/practice-area";
import { PracticeModePanel } from "@/client/features/practice/practice-mode";
import { SubscriptionSummary } from "@/client/features/subscription/subscription-summary";
import { SubscriberOnly } from "@/client/features/subscription/subscriber-only";
import { useSubscription } from "@/client/features/subscription/use-subscription";
import { useAuth } from "@/client/lib/auth";
import { queryClient } from "@/client/lib/query-client";
import { practiceModeSchema, type PracticeMode } from "@/shared/sessions";

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
  const [params, setParams] = useSearchParams();
  const checkoutResult = params.get("checkout");
  const checkSubscription = subscription.check;

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

  const mode = practiceModeSchema.safeParse(params.get("mode"));
  return (
    <SubscriberOnly>
      {({ status }) => (
        <main className="mx-auto flex min-h-dvh w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:py-10">
          <SubscriptionSummary status={status} />
          <PracticeNav current={mode.success ? mode.data : "own"} />
          {/* A new mode starts afresh: the key drops the last mode's session. */}
          {mode.success ? <PracticeModePanel key={mode.data} mode={mode.data} /> : <PracticeArea />}
        </main>
      )}
    </SubscriberOnly>
  );
}

const navItems = [
  { mode: "interview", label: "AI Interviewer", icon: Bot },
  { mode: "quick", label: "Quick Practice", icon: Clock },
  { mode: "company", label: "Company Specific", icon: Building2 },
  { mode: "own", label: "Ask your own question", icon: Mic },
] as const;

/** The practice modes, and the way to the history; the current one is marked for all users. */
function PracticeNav({ current }: { current: PracticeMode | "own" }) {
  return (
    <nav aria-label="Practice modes" className="flex flex-wrap items-center gap-2">
      {navItems.map(({ mode, label, icon: Icon }) => (
        <Button
          key={mode}
          asChild
          variant={current === mode ? "default" : "outline"}
          className="h-11"
        >
          <Link
            to={mode === "own" ? "/practice" : `/practice?mode=${mode}`}
            aria-current={current === mode ? "page" : undefined}
          >
            <Icon aria-hidden="true" />
            {label}
          </Link>
        </Button>
      ))}
      <Button asChild variant="ghost" className="h-11 sm:ml-auto">
        <Link to="/history">
          <History aria-hidden="true" />
          History and progress
        </Link>
      </Button>
    </nav>
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
