import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CalendarCheck, Flame, ListChecks, RotateCcw } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { Link, useSearchParams } from "react-router";
import { logRenderError, RouteErrorFallback } from "@/client/components/route-error-fallback";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { useAttemptDetail, useProgress } from "@/client/features/history/history-api";
import { HistoryList, sessionTitle } from "@/client/features/history/history-list";
import { PractiseSessionAgain } from "@/client/features/history/practise-session-again";
import { ProgressChart } from "@/client/features/history/progress-chart";
import { YourData } from "@/client/features/history/your-data";
import { FeedbackCard } from "@/client/features/practice/feedback-card";
import { PractiseQuestion } from "@/client/features/practice/practise-question";
import { useSessionDetail } from "@/client/features/practice/practice-sessions";
import { SessionReport } from "@/client/features/practice/session-report";
import { ShareAnswer } from "@/client/features/practice/share-session";
import { SubscriberOnly } from "@/client/features/subscription/subscriber-only";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import { queryClient } from "@/client/lib/query-client";
import { AppFrame } from "./app-frame";
import { queryKeys } from "@/client/lib/query-keys";
import { formatDay } from "@/client/lib/dates";

/**
 * /history: progress over time (chart, counts, streak), every answer (a question's tries
 * together, a session's answers under it; filterable, re-openable with their whole feedback),
 * session reports, and the user's data (download, delete). `?attempt={id}` opens one answer
 * (`&practise=1` with the question ready to answer again), `?session={id}` one session's report.
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
        <SessionView id={sessionId} />
      ) : (
        <Overview />
      )}
    </>
  );
}

/** A session's report, and a new session with the same choices. */
function SessionView({ id }: { id: string }) {
  const { data } = useSessionDetail(id);
  const choices = data ? { ...data, questionCount: data.questions.length } : null;
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">
        {data ? `Your session of ${formatDay(data.createdAt)}` : "Your session"}
      </h1>
      <SessionReport
        id={id}
        footer={
          choices ? <PractiseSessionAgain session={choices} label={sessionTitle(choices)} /> : null
        }
      />
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
        <HistoryList />
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

/**
 * One answer re-opened with its whole feedback, and how this question has gone over time; and
 * "Practise again", which asks it again here: a session's question stays with its session.
 */
function AttemptView({ id }: { id: string }) {
  const { data, isPending, isError } = useAttemptDetail(id);
  const [params, setParams] = useSearchParams();
  const practising = params.get("practise") === "1";
  const queryClient = useQueryClient();
  const setPractising = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set("practise", "1");
        else next.delete("practise");
        return next;
      },
      { preventScrollReset: true },
    );
  if (isPending) return <Spinner label="Opening the answer..." />;
  if (isError) return <p className="text-muted-foreground">This answer could not be opened.</p>;
  const { question, trend, createdAt, followUp: _isFollowUp, ...feedback } = data;
  const attemptOf =
    data.sessionId && data.questionIndex !== null
      ? `${data.sessionId}:${data.questionIndex}${data.followUp ? ":follow-up" : ""}`
      : undefined;
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">
        Your answer of {formatDay(createdAt)}
      </h1>
      {/* One report at a time: the new answer's, while practising, takes the focus. */}
      {practising ? (
        <PractiseQuestion
          key={id}
          question={question}
          attemptOf={attemptOf}
          focusOnOpen
          done={
            <Button
              variant="secondary"
              onClick={() => {
                void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
                setPractising(false);
              }}
            >
              Done
            </Button>
          }
        />
      ) : (
        <FeedbackCard
          attempt={{ question, feedback }}
          previous={null}
          trend={trend.map((point) => point.overall)}
          actions={
            <>
              <Button variant="outline" onClick={() => setPractising(true)}>
                <RotateCcw aria-hidden="true" />
                Practise again
              </Button>
              {data.sessionId && data.mode !== "quick" ? (
                <Button asChild variant="outline">
                  <Link to={`/history?session=${data.sessionId}`}>Session report</Link>
                </Button>
              ) : null}
              {data.sessionId && data.mode !== "quick" ? (
                <ShareAnswer sessionId={data.sessionId} attemptId={data.id} />
              ) : null}
            </>
          }
        />
      )}
    </>
  );
}
