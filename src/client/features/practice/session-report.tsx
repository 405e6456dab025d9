import { Award, Target, TrendingDown } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { HowWeScoreLink } from "@/client/components/how-we-score-link";
import {
  OverallScore,
  OverallWord,
  ScoreBars,
  ScoreWords,
  scoreWord,
} from "@/client/components/score-bars";
import { Badge } from "@/client/components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import { roleLabel } from "@/shared/roles";
import { modeLabels, type SessionDetail } from "@/shared/sessions";
import { useSessionDetail } from "./practice-sessions";
import { ShareSession } from "./share-session";

/** A session's report, loaded by id: after the last question, and re-opened from the history. */
export function SessionReport({ id, footer }: { id: string; footer?: ReactNode }) {
  const { data, isPending, isError } = useSessionDetail(id);
  if (isPending) return <Spinner label="Loading the report..." />;
  if (isError) return <p className="text-muted-foreground">The report could not be loaded.</p>;
  return <ReportCard session={data} footer={footer} />;
}

const attemptHref = (attemptId: string) => `/history?attempt=${attemptId}`;

function ReportCard({ session, footer }: { session: SessionDetail; footer?: ReactNode }) {
  const { report } = session;
  const lowAnxiety = useLowAnxiety();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [session.id]);
  const role = session.role ? roleLabel(session.role) : null;
  const subtitle = [modeLabels[session.mode], role, session.level, session.company]
    .filter(Boolean)
    .join(" · ");

  return (
    <Card className="shadow-raised" aria-labelledby={titleId} data-testid="session-report">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" id={titleId} ref={title} tabIndex={-1} className="outline-none">
            Session report
          </CardTitle>
          <HowWeScoreLink />
        </div>
        <CardDescription>
          {subtitle} — {report.answered} of {session.questions.length} questions answered
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {report.averages ? (
          <>
            <div className="flex flex-wrap items-end gap-3">
              {lowAnxiety ? (
                <OverallWord score={report.averages.overall} />
              ) : (
                <OverallScore score={report.averages.overall} />
              )}
              <p className="pb-1.5 text-sm text-muted-foreground">across the session</p>
            </div>
            {lowAnxiety ? (
              <ScoreWords ratings={ratingsOf(report.averages)} />
            ) : (
              <ScoreBars ratings={ratingsOf(report.averages)} />
            )}
          </>
        ) : (
          <p className="text-muted-foreground">No answers in this session yet.</p>
        )}
        {report.best && report.weakest ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            <RankedAnswer
              label="Best answer"
              icon={<Award aria-hidden="true" className="size-4 text-success" />}
              answer={report.best}
              lowAnxiety={lowAnxiety}
            />
            <RankedAnswer
              label="Weakest answer"
              icon={<TrendingDown aria-hidden="true" className="size-4 text-warning" />}
              answer={report.weakest}
              lowAnxiety={lowAnxiety}
            />
          </ul>
        ) : null}
        {report.workOn.length > 0 ? (
          <section aria-labelledby={`${titleId}-next`} className="space-y-2">
            <h3 id={`${titleId}-next`} className="flex items-center gap-2 text-sm font-semibold">
              <Target aria-hidden="true" className="size-4 text-primary" />
              Work on next
            </h3>
            <ol className="list-decimal space-y-2 pl-5 text-sm">
              {report.workOn.map((item) => (
                <li key={item.text}>
                  {item.text}{" "}
                  <Link className="underline" to={attemptHref(item.attemptId)}>
                    See the answer
                  </Link>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {report.answered > 0 ? <ShareSession session={session} /> : null}
      </CardContent>
      {footer ? <CardFooter className="flex flex-wrap gap-3">{footer}</CardFooter> : null}
    </Card>
  );
}

const ratingsOf = (averages: NonNullable<SessionDetail["report"]["averages"]>) => [
  { label: "Clarity", score: averages.clarity },
  { label: "Relevance", score: averages.relevance },
  { label: "Timing", score: averages.timing },
];

function RankedAnswer({
  label,
  icon,
  answer,
  lowAnxiety,
}: {
  label: string;
  icon: ReactNode;
  answer: NonNullable<SessionDetail["report"]["best"]>;
  /** Low-anxiety mode: the score as a word (docs/decisions/0093). */
  lowAnxiety: boolean;
}) {
  return (
    <li className="rounded-lg border border-border p-4">
      <p className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {label}{" "}
        <Badge variant="outline">
          {lowAnxiety ? scoreWord(answer.overall) : answer.overall.toFixed(1)}
        </Badge>
      </p>
      <Link className="mt-1 block text-sm underline" to={attemptHref(answer.attemptId)}>
        {answer.question}
      </Link>
    </li>
  );
}
