import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { logRenderError } from "@/client/components/route-error-fallback";
import { Button } from "@/client/components/ui/button";
import { FirstRunWelcome } from "@/client/features/practice/first-run-welcome";
import { FreeQuickPractice } from "@/client/features/practice/free-quick-practice";
import { PracticeArea } from "@/client/features/practice/practice-area";
import { PracticeModePanel } from "@/client/features/practice/practice-mode";
import { SubscriberOnly } from "@/client/features/subscription/subscriber-only";
import { queryClient } from "@/client/lib/query-client";
import { practiceModeSchema, type StartSessionRequest } from "@/shared/sessions";
import { AppFrame } from "./app-frame";

/**
 * /practice: signed-out visitors go to /auth; non-subscribers see the upgrade screen (on
 * `?mode=quick`, while they have free answers left, Quick Practice's free taste);
 * subscribers see the practice tools, in the mode `?mode=` names (a question of their own
 * without one). Just back from checkout, a subscriber is welcomed with one way to begin: a first
 * mock interview.
 */
export function PracticePage() {
  const [params] = useSearchParams();
  const quick = params.get("mode") === "quick";
  useEffect(() => {
    document.title = "Practice — Interview Coach";
  }, []);
  return (
    <ErrorBoundary
      FallbackComponent={PracticeErrorFallback}
      onError={logRenderError("Practice page failed to render:")}
    >
      {/* Here rather than around the app: the landing page's first load stays without it. */}
      <QueryClientProvider client={queryClient}>
        <AppFrame>
          <SubscriberOnly
            taste={
              quick ? (freeAnswers) => <FreeQuickPractice freeAnswers={freeAnswers} /> : undefined
            }
          >
            {({ fromCheckout }) => <PracticeContent welcome={fromCheckout} />}
          </SubscriberOnly>
        </AppFrame>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

/** A session the welcome asked for, carried in the history entry of the mode it starts. */
type StartState = { start?: StartSessionRequest } | null;

function PracticeContent({ welcome }: { welcome: boolean }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const mode = practiceModeSchema.safeParse(params.get("mode"));
  const start = (location.state as StartState)?.start;

  useEffect(() => {
    // Started once: a reload of this entry is an ordinary visit to the mode.
    if (start) {
      void navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, state: null },
      );
    }
  }, [start, navigate, location.pathname, location.search]);

  if (mode.success) {
    // A new mode starts afresh: the key drops the last mode's session.
    return <PracticeModePanel key={mode.data} mode={mode.data} initial={start} />;
  }
  if (welcome) {
    return (
      <FirstRunWelcome
        onStart={(request) =>
          void navigate(`/practice?mode=${request.mode}`, { state: { start: request } })
        }
      />
    );
  }
  return <PracticeArea />;
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
