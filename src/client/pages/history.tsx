import { QueryClientProvider } from "@tanstack/react-query";
import { ArrowLeft, CalendarCheck, Flame, ListChecks } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { Link, useSearchParams } from "react-router";
import { logRenderError, RouteErrorFallback } from "@/client/components/route-error-fallback";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { AttemptList } from "@/client/features/history/attempt-list";
import { useAttemptDetail, useProgress } from "@/client/features/history/history-api";
import { ProgressChart } from "@/client/features/history/progress-chart";
import { YourData } from "@/client/features/history/your-data";
import { FeedbackCard } from "@/client/features/practice/feedback-card";
import { SessionReport } from "@/client/features/practice/session-report";
import { SubscriberOnly } from "@/client/features/subscription/subscriber-only";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import { queryClient } from "@/client/lib/query-client";
import { AppFrame } from "./app-frame";

/**
 * /history: progress over time (chart, counts, streak), every answer (filterable, re-openable
 * with its whole feedback), session reports, and the user's data (download, delete).
 * `?attempt={id}` opens one answer, `?session={id}` one session's report.
 */
export function HistoryPage() {
  useEffect(() => {
    document.title = "History and progress — Interview Coach";
  }, []);
  return (
    <ErrorBoundary
      FallbackComponent={RouteErrorFallback}
      onError={logRenderError("History page failed to render:")}
    >
      <QueryClientProvider client={queryClient}>
        <AppFrame>
          <SubscriberOnly>{() => <HistoryContent />}</SubscriberOnly>
        </AppFrame>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

function HistoryContent() {
  const [params] = useSearchParams();
  const attemptId = params.get("attempt");
  const sessionId = params.get("session");
  return (
    <>
      {attemptId || sessionId ? (
        <nav aria-label="Back" className="-mt-2 flex flex-wrap gap-2">
          <Button asChild variant="ghost" className="-ml-3 h-11">
            <Link to="/history">
              <ArrowLeft aria-hidden="true" />
              All answers
            </Link>
          </Button>
        </nav>
      ) : null}
      {attemptId ? (
        <AttemptView id={attemptId} />
      ) : sessionId ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">Session report</h1>
          <SessionReport id={sessionId} />
        </>
      ) : (
        <Overview />
      )}
    </>
  );
}

function Overview() {
  const progress = useProgress();
  const lowAnxiety = useLowAnxiety();
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">History and progress</h1>
      {progress.data ? (
        <ul className="grid gap-3 sm:grid-cols-3" aria-label="Your practice in numbers">
          <Stat
            icon={<ListChecks aria-hidden="true" />}
            label="Answers in all"
            value={progress.data.total}
          />
          <Stat
            icon={<CalendarCheck aria-hidden="true" />}
            label="Answered this week"
            value={progress.data.thisWeek}
          />
          <Stat
            icon={<Flame aria-hidden="true" />}
            label={progress.data.streakDays === 1 ? "Day in a row" : "Days in a row"}
            value={progress.data.streakDays}
          />
        </ul>
      ) : null}
      <Section title={lowAnxiety ? "Your progress" : "Your scores over time"}>
        {progress.data ? <ProgressChart points={progress.data.points} /> : <Spinner />}
      </Section>
      <Section title="Your answers">
        <AttemptList />
      </Section>
      <Section title="Your data">
        <YourData />
      </Section>
    </>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-border bg-card p-4 [&_svg]:size-5 [&_svg]:text-primary">
      {icon}
      <span>
        <span className="block text-2xl font-semibold tabular-nums">{value}</span>
        <span className="text-sm text-muted-foreground">{label}</span>
      </span>
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** One answer re-opened with its whole feedback, and how this question has gone over time. */
function AttemptView({ id }: { id: string }) {
  const { data, isPending, isError } = useAttemptDetail(id);
  if (isPending) return <Spinner label="Opening the answer..." />;
  if (isError) return <p className="text-muted-foreground">This answer could not be opened.</p>;
  const { question, trend, createdAt, followUp: _isFollowUp, ...feedback } = data;
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">
        Your answer of {new Date(createdAt).toLocaleDateString()}
      </h1>
      <FeedbackCard
        attempt={{ question, feedback }}
        previous={null}
        trend={trend.map((point) => point.overall)}
        actions={
          data.sessionId && data.mode !== "quick" ? (
            <Button asChild variant="outline">
              <Link to={`/history?session=${data.sessionId}`}>Session report</Link>
            </Button>
          ) : null
        }
      />
    </>
  );
}
