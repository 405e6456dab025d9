import { RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { scoreWord } from "@/client/components/score-bars";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Spinner } from "@/client/components/ui/spinner";
import { cn } from "@/client/components/ui/cn";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import { roleLabel, roles } from "@/shared/roles";
import {
  modeLabels,
  practiceCategories,
  type AttemptSummary,
  type HistoryEntry,
} from "@/shared/sessions";
import type { AttemptFilters } from "@/client/lib/query-keys";
import { useHistoryPages } from "./history-api";
import { PractiseSessionAgain } from "./practise-session-again";

type SessionEntry = Extract<HistoryEntry, { kind: "session" }>;
type QuestionEntry = Extract<HistoryEntry, { kind: "question" }>;

/**
 * The history, newest first, filterable, a page at a time: every try of one question as one
 * entry (its latest score, how many tries, the trend), and each AI Interviewer or Company
 * Specific session as one entry with its answers under it. Every answer and every session has
 * "Practise again". In low-anxiety mode scores are words (docs/decisions/0093).
 */
export function HistoryList() {
  const [filters, setFilters] = useState<AttemptFilters>({});
  const pages = useHistoryPages(filters);
  const id = useId();
  const entries = pages.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (key: keyof AttemptFilters, value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined }));

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label="Filter your answers">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-mode`}>Mode</Label>
          <NativeSelect
            id={`${id}-mode`}
            value={filters.mode ?? ""}
            onChange={(event) => set("mode", event.target.value)}
          >
            <option value="">All modes</option>
            {Object.entries(modeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <NativeSelect
            id={`${id}-role`}
            value={filters.role ?? ""}
            onChange={(event) => set("role", event.target.value)}
          >
            <option value="">All roles</option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <NativeSelect
            id={`${id}-category`}
            value={filters.category ?? ""}
            onChange={(event) => set("category", event.target.value)}
          >
            <option value="">All categories</option>
            {practiceCategories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {pages.isPending ? (
        <Spinner label="Loading your answers..." />
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground">
          No answers here yet. Practise a question and it will appear in this list.
        </p>
      ) : (
        <ol
          className="divide-y divide-border rounded-lg border border-border"
          aria-label="Your answers"
        >
          {entries.map((entry) =>
            entry.kind === "session" ? (
              <SessionItem key={`s-${entry.session.id}`} entry={entry} />
            ) : (
              <QuestionItem key={`q-${entry.latest.id}`} entry={entry} />
            ),
          )}
        </ol>
      )}
      {pages.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
        >
          {pages.isFetchingNextPage ? <Spinner label="Loading more..." /> : "Show older answers"}
        </Button>
      ) : null}
    </div>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
  });

/** The score first, as a number out of 5 or (low-anxiety) a word; the list is read by it. */
function Score({ overall, what = "overall" }: { overall: number; what?: string }) {
  const lowAnxiety = useLowAnxiety();
  return lowAnxiety ? (
    <span className="w-20 shrink-0 text-sm font-semibold">
      {scoreWord(overall)}
      <span className="sr-only"> {what}</span>
    </span>
  ) : (
    <span className="w-10 shrink-0 text-lg font-semibold tabular-nums">
      {overall.toFixed(1)}
      <span className="sr-only"> out of 5 {what === "overall" ? "" : what}</span>
    </span>
  );
}

function PractiseAgainLink({ attempt, compact }: { attempt: AttemptSummary; compact?: boolean }) {
  return (
    <Button
      asChild
      variant={compact ? "ghost" : "outline"}
      size="sm"
      className={cn("shrink-0", compact && "h-9 px-2")}
    >
      <Link
        to={`/history?attempt=${attempt.id}&practise=1`}
        aria-label={`Practise again: ${attempt.question}`}
      >
        <RotateCcw aria-hidden="true" />
        Practise again
      </Link>
    </Button>
  );
}

function questionText(attempt: AttemptSummary) {
  return attempt.followUp ? `Follow-up: ${attempt.question}` : attempt.question;
}

/** Every try of one question: the newest opens, the tries and their trend beside it. */
function QuestionItem({ entry }: { entry: QuestionEntry }) {
  const { latest, tries, trend } = entry;
  const lowAnxiety = useLowAnxiety();
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 p-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
      <Score overall={latest.scores.overall} />
      <div className="min-w-0 space-y-1">
        <Link
          to={`/history?attempt=${latest.id}`}
          className="block font-medium break-words underline-offset-4 hover:underline"
        >
          {questionText(latest)}
        </Link>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>{tries === 1 ? "1 try" : `${tries} tries`}</span>
          {!lowAnxiety && trend.length > 1 ? <Trend scores={trend} /> : null}
          <time dateTime={latest.createdAt}>
            <span className="sr-only">latest </span>
            {when(latest.createdAt)}
          </time>
        </p>
        <p className="flex flex-wrap gap-2">
          <Badge variant="outline">{modeLabels[latest.mode]}</Badge>
          {latest.corrected ? <Badge variant="secondary">Corrected transcript</Badge> : null}
        </p>
      </div>
      <div className="col-start-2 sm:col-start-3 sm:row-start-1">
        <PractiseAgainLink attempt={latest} />
      </div>
    </li>
  );
}

/** A sparkline of the tries' scores, read out as the change from the first shown to the last. */
function Trend({ scores }: { scores: number[] }) {
  const first = scores[0]!;
  const last = scores.at(-1)!;
  const delta = Math.round((last - first) * 10) / 10;
  const width = 56;
  const height = 16;
  const x = (k: number) => (k / (scores.length - 1)) * (width - 4) + 2;
  const y = (score: number) => 2 + ((5 - score) / 4) * (height - 4);
  const words =
    delta > 0 ? `up ${delta.toFixed(1)}` : delta < 0 ? `down ${(-delta).toFixed(1)}` : "unchanged";
  return (
    <span className="inline-flex items-center gap-1" data-testid="question-trend">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        aria-hidden="true"
        className={delta > 0 ? "text-success" : delta < 0 ? "text-destructive" : "text-primary"}
      >
        <polyline
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
          points={scores.map((score, k) => `${x(k)},${y(score)}`).join(" ")}
        />
      </svg>
      <span>
        {words} since {scores.length === 2 ? "the try before" : `${scores.length} tries ago`}
      </span>
    </span>
  );
}

export function sessionTitle(session: SessionEntry["session"]) {
  const parts = [modeLabels[session.mode]];
  if (session.company) parts.push(session.company);
  if (session.role) parts.push(roleLabel(session.role));
  if (session.level) parts.push(`${session.level} level`);
  return parts.join(" · ");
}

/** One session: its average, what it was, its answers under it, its report and a new run. */
function SessionItem({ entry }: { entry: SessionEntry }) {
  const { session, answers } = entry;
  const average = answers.reduce((sum, a) => sum + a.scores.overall, 0) / answers.length;
  const answered = new Set(answers.filter((a) => !a.followUp).map((a) => a.questionIndex)).size;
  const titleId = useId();
  return (
    <li className="space-y-3 p-3" aria-labelledby={titleId}>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
        <Score overall={average} what="overall, on average" />
        <div className="min-w-0 space-y-1">
          <Link
            id={titleId}
            to={`/history?session=${session.id}`}
            className="block font-medium break-words underline-offset-4 hover:underline"
          >
            {sessionTitle(session)}
          </Link>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>
              {answered} of {session.questionCount}{" "}
              {session.questionCount === 1 ? "question" : "questions"} answered
            </span>
            <time dateTime={session.createdAt}>{when(session.createdAt)}</time>
          </p>
        </div>
        <div className="col-start-2 flex flex-wrap gap-2 sm:col-start-3 sm:row-start-1">
          <Button asChild variant="outline" size="sm">
            <Link to={`/history?session=${session.id}`}>Session report</Link>
          </Button>
          <PractiseSessionAgain session={session} label={sessionTitle(session)} size="sm" />
        </div>
      </div>
      <ol
        className="space-y-1 border-l-2 border-border pl-3 sm:ml-12"
        aria-label="Answers in this session"
      >
        {answers.map((answer) => (
          <li key={answer.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1">
            <Score overall={answer.scores.overall} />
            <Link
              to={`/history?attempt=${answer.id}`}
              className="min-w-0 flex-1 basis-48 text-sm break-words underline-offset-4 hover:underline"
            >
              {questionText(answer)}
            </Link>
            {answer.corrected ? <Badge variant="secondary">Corrected transcript</Badge> : null}
            <PractiseAgainLink attempt={answer} compact />
          </li>
        ))}
      </ol>
    </li>
  );
}
