import {
  CheckCircle2,
  CircleDashed,
  Lightbulb,
  LoaderCircle,
  PencilLine,
  RotateCcw,
} from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { HowWeScoreLink } from "@/client/components/how-we-score-link";
import {
  Change,
  OverallScore,
  OverallWord,
  ScoreBars,
  ScoreWords,
} from "@/client/components/score-bars";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import {
  COMFORTABLE_WORDS_PER_MINUTE,
  hasWords,
  MAX_TYPED_ANSWER_CHARS,
  type Delivery,
  type Evidence,
  type Feedback,
} from "@/shared/feedback";
import { clock } from "./recording-panel";
import {
  layerTranscript,
  quotedSpans,
  type Highlight,
  type PointKey,
  type PointKind,
  type TranscriptPart,
} from "./transcript-highlights";
import type { ScoredAnswer } from "./use-answer-practice";

/** Scores the corrected transcript of a spoken answer; resolves true once the report shows it. */
type CorrectTranscript = (attemptId: string, transcript: string) => Promise<boolean>;

type FeedbackCardProps = {
  attempt: ScoredAnswer;
  previous: ScoredAnswer | null;
  /** Overall scores of every try at this question, oldest first. */
  trend: number[];
  /** Without these (a report re-opened from the history) the card has no answer controls. */
  onTryAgain?: () => void;
  onCorrectTranscript?: CorrectTranscript;
  /** More buttons for the footer (a session's "Next question"). */
  actions?: ReactNode;
};

/**
 * The report on the user's own answer. When the offline recogniser was unsure of a spoken answer
 * and the answer can still be corrected, the transcript comes first ("Check what we heard",
 * docs/decisions/0092): the scores wait until the user has scored it as heard or corrected it.
 */
export function FeedbackCard(props: FeedbackCardProps) {
  const { feedback } = props.attempt;
  /** The answer whose transcript the user accepted as heard. */
  const [accepted, setAccepted] = useState<string | null>(null);
  const correct = props.onCorrectTranscript;
  if (correct && canCorrect(feedback) && feedback.approximate && accepted !== feedback.id) {
    return (
      <CheckWhatWeHeard
        attempt={props.attempt}
        onAccept={() => setAccepted(feedback.id)}
        onCorrect={(text) =>
          text === feedback.transcript
            ? Promise.resolve(setAccepted(feedback.id)).then(() => true)
            : correct(feedback.id, text)
        }
      />
    );
  }
  return <Report {...props} />;
}

/** Only a spoken answer has a transcript to correct (a typed one is answered again). */
const canCorrect = (feedback: Feedback) =>
  feedback.source.transcriber !== "typed" && feedback.delivery !== null;

/**
 * The transcript-first state: what the recogniser heard, editable, with the two ways on. Takes
 * the focus like the report does, so keyboard and screen-reader users land on it.
 */
function CheckWhatWeHeard({
  attempt,
  onAccept,
  onCorrect,
}: {
  attempt: ScoredAnswer;
  onAccept: () => void;
  onCorrect: (transcript: string) => Promise<boolean>;
}) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
    title.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  }, []);
  return (
    <Card className="shadow-raised" aria-labelledby={titleId} data-testid="check-transcript">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" id={titleId} ref={title} tabIndex={-1} className="outline-none">
            Check what we heard
          </CardTitle>
          <Badge variant="warning">Approximate transcript</Badge>
        </div>
        <CardDescription>“{attempt.question}”</CardDescription>
      </CardHeader>
      <CardContent>
        <TranscriptEditor
          transcript={attempt.feedback.transcript}
          label="What we heard"
          hint="The offline recogniser was unsure of some words. Fix anything it misheard before you see your feedback: the words are scored from your correction, and your pace and pauses stay as measured from the recording."
          onSubmit={onCorrect}
          other={{ label: "Score it as heard", onClick: onAccept }}
        />
      </CardContent>
    </Card>
  );
}

/**
 * The report itself, in the landing card's visual language: the overall score and three bars
 * (with the change since the previous try at the same question) — or, in low-anxiety mode, a word
 * for each and no numbers (docs/decisions/0093) — the note, the STAR parts found, strengths and
 * improvements with what each rests on, the delivery figures and the transcript with its fillers
 * and the quoted words marked, correctable in place. A new report takes the focus so keyboard and
 * screen-reader users land on it.
 */
function Report({
  attempt,
  previous,
  trend,
  onTryAgain,
  onCorrectTranscript,
  actions,
}: FeedbackCardProps) {
  const { feedback, question } = attempt;
  const { scores } = feedback;
  const before = previous?.feedback.scores;
  const lowAnxiety = useLowAnxiety();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const quotes = useMemo(() => quotedSpans(feedback), [feedback]);
  /** The line of feedback hovered or focused; its words in the transcript stand out. */
  const [active, setActive] = useState<PointKey | null>(null);
  const points = { ids: titleId, quotes, active, setActive };
  /** Correcting the transcript in place. */
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    title.current?.focus();
    title.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
    // A corrected transcript is a new report on the same answer.
  }, [feedback.id, feedback.transcript, feedback.corrected]);

  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <Card className="shadow-raised" aria-labelledby={titleId} data-testid="feedback-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" id={titleId} ref={title} tabIndex={-1} className="outline-none">
            Your feedback
          </CardTitle>
          <div className="flex flex-wrap items-center gap-3">
            <HowWeScoreLink />
            <Badge variant="outline">{describeEvaluator(feedback.source.evaluator)}</Badge>
          </div>
        </div>
        <CardDescription>“{question}”</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {lowAnxiety ? (
          <>
            <OverallWord score={scores.overall} />
            <ScoreWords
              ratings={[
                { label: "Clarity", score: scores.clarity },
                { label: "Relevance", score: scores.relevance },
                { label: "Timing", score: scores.timing },
              ]}
            />
          </>
        ) : (
          <>
            <div className="flex flex-wrap items-end gap-x-4 gap-y-1">
              <OverallScore score={scores.overall} />
              {before ? (
                <p className="pb-1.5 text-sm text-muted-foreground">
                  Last try {before.overall.toFixed(1)}
                  <Change now={scores.overall} before={before.overall} />
                </p>
              ) : null}
            </div>
            {trend.length > 2 ? (
              <p className="text-sm text-muted-foreground">
                Your tries at this question: {trend.map((score) => score.toFixed(1)).join(" → ")}
              </p>
            ) : null}
            <ScoreBars
              ratings={[
                { label: "Clarity", score: scores.clarity, previous: before?.clarity },
                { label: "Relevance", score: scores.relevance, previous: before?.relevance },
                { label: "Timing", score: scores.timing, previous: before?.timing },
              ]}
            />
          </>
        )}
        <p className="rounded-lg bg-secondary p-4 text-sm text-secondary-foreground">
          {feedback.summary}
        </p>

        {feedback.structure ? <StarParts structure={feedback.structure} /> : null}

        <div className="grid gap-6 sm:grid-cols-2">
          <Points
            kind="strength"
            items={feedback.strengths}
            evidence={feedback.evidence?.strengths}
            {...points}
          />
          <Points
            kind="improvement"
            items={feedback.improvements}
            evidence={feedback.evidence?.improvements}
            {...points}
          />
        </div>

        {feedback.delivery ? (
          <DeliveryFigures
            delivery={feedback.delivery}
            heardOffline={feedback.source.transcriber === "offline" && !feedback.corrected}
          />
        ) : null}

        <section aria-label="Transcript" className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold">
              {feedback.source.transcriber === "typed"
                ? "Your answer"
                : feedback.corrected
                  ? "Your corrected transcript"
                  : "What we heard"}
            </h3>
            {feedback.approximate ? <Badge variant="warning">Approximate transcript</Badge> : null}
            {feedback.corrected ? <Badge variant="secondary">Corrected transcript</Badge> : null}
            {onCorrectTranscript && canCorrect(feedback) && !editing ? (
              <Button
                ref={editButton}
                variant="outline"
                size="sm"
                className="ml-auto"
                onClick={() => setEditing(true)}
              >
                <PencilLine aria-hidden="true" />
                Correct the Transcript
              </Button>
            ) : null}
          </div>
          {editing && onCorrectTranscript ? (
            <TranscriptEditor
              transcript={feedback.transcript}
              label="Correct what we heard"
              hint="Your feedback is scored again from your words on this same try. Duration, speaking time and pauses stay as measured from the recording; pace and fillers are counted from your words."
              autoFocus
              onSubmit={async (text) => {
                if (text === feedback.transcript) {
                  stopEditing();
                  return true;
                }
                const done = await onCorrectTranscript(feedback.id, text);
                if (done) setEditing(false);
                return done;
              }}
              other={{ label: "Cancel", onClick: stopEditing }}
            />
          ) : (
            <>
              {feedback.approximate ? (
                <p className="text-sm text-muted-foreground">
                  The offline recogniser was unsure of some words, so scores that depend on your
                  wording are approximate. Correct the transcript and get feedback on what you
                  meant.
                </p>
              ) : null}
              {feedback.corrected ? (
                <p className="text-sm text-muted-foreground">
                  Scored from your correction; the delivery figures are from your recording.
                </p>
              ) : null}
              {quotes.size > 0 ? <HighlightKey /> : null}
              <Transcript text={feedback.transcript} {...points} />
            </>
          )}
        </section>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-3 empty:hidden">
        {onTryAgain ? (
          <Button onClick={onTryAgain}>
            <RotateCcw aria-hidden="true" />
            Try Again
          </Button>
        ) : null}
        {actions}
      </CardFooter>
    </Card>
  );
}

/**
 * A transcript to correct: a labelled text box, "Score my correction" (or Ctrl+Enter) and one
 * other way out. While the correction is scored, the box and buttons wait (aria-busy).
 */
function TranscriptEditor({
  transcript,
  label,
  hint,
  autoFocus = false,
  onSubmit,
  other,
}: {
  transcript: string;
  label: string;
  hint: string;
  autoFocus?: boolean;
  onSubmit: (transcript: string) => Promise<boolean>;
  other: { label: string; onClick: () => void };
}) {
  const id = useId();
  const [text, setText] = useState(transcript);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();
  const tooLong = trimmed.length > MAX_TYPED_ANSWER_CHARS;
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);

  async function submit() {
    if (busy) return;
    if (!hasWords(trimmed) || tooLong) {
      box.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(trimmed);
    } finally {
      // The editor may be gone by now (the report replaced it): React ignores the update then.
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-3"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="space-y-2">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
        <Textarea
          id={id}
          ref={box}
          value={text}
          rows={5}
          readOnly={busy}
          aria-describedby={`${id}-hint${!trimmed || tooLong ? ` ${id}-problem` : ""}`}
          aria-invalid={!trimmed || tooLong}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            } else if (event.key === "Escape" && other.label === "Cancel") {
              event.preventDefault();
              other.onClick();
            }
          }}
        />
        {!trimmed || tooLong ? (
          <p id={`${id}-problem`} className="text-sm text-destructive">
            {tooLong
              ? `The transcript can be at most ${MAX_TYPED_ANSWER_CHARS} characters.`
              : "The transcript cannot be empty."}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <PencilLine aria-hidden="true" />
          )}
          {busy ? "Scoring your correction..." : "Score my correction"}
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={other.onClick}>
          {other.label}
        </Button>
      </div>
    </form>
  );
}

function describeEvaluator(evaluator: Feedback["source"]["evaluator"]): string {
  return evaluator === "openai" ? "Scored by OpenAI" : "Scored offline";
}

const STAR_PARTS = [
  ["situation", "Situation"],
  ["task", "Task"],
  ["action", "Action"],
  ["result", "Result"],
] as const;

function StarParts({ structure }: { structure: NonNullable<Feedback["structure"]> }) {
  return (
    <section aria-label="STAR structure" className="space-y-2">
      <h3 className="text-sm font-semibold">STAR structure</h3>
      <ul className="flex flex-wrap gap-2">
        {STAR_PARTS.map(([key, label]) => (
          <li key={key}>
            <Badge variant={structure[key] ? "success" : "outline"}>
              {structure[key] ? (
                <CheckCircle2 aria-hidden="true" />
              ) : (
                <CircleDashed aria-hidden="true" />
              )}
              {label}
              <span className="sr-only">{structure[key] ? ": found" : ": missing"}</span>
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

const POINTS = {
  strength: {
    title: "What worked",
    icon: <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />,
  },
  improvement: {
    title: "What to change",
    icon: <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />,
  },
} as const;

/** What the lines of feedback and the transcript share to point at each other. */
type PointLinks = {
  /** The card's id, the stem of the lines' and marks' ids. */
  ids: string;
  quotes: Map<PointKey, Highlight>;
  active: PointKey | null;
  setActive: (key: PointKey | null) => void;
};

const lineId = (ids: string, key: PointKey) => `${ids}-${key}`;
const markId = (ids: string, key: PointKey) => `${ids}-${key}-quote`;

/**
 * A list of strengths or improvements. A line whose evidence quotes the answer lights up its
 * words in the transcript while hovered or focused, and can take the focus there; a line drawn
 * from a measurement says which ("Measured: 132 words").
 */
function Points({
  kind,
  items,
  evidence = [],
  ids,
  quotes,
  active,
  setActive,
}: {
  kind: PointKind;
  items: string[];
  evidence?: Evidence[];
} & PointLinks) {
  const { title, icon } = POINTS[kind];
  const showQuote = (key: PointKey) => {
    const mark = document.getElementById(markId(ids, key));
    mark?.focus({ preventScroll: true });
    mark?.scrollIntoView?.({ block: "center" });
  };
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="space-y-2 text-sm">
        {items.map((item, index) => {
          const key: PointKey = `${kind}-${index}`;
          const basis = evidence[index]?.basis;
          const quoted = quotes.has(key);
          return (
            <li
              key={key}
              className="-mx-1.5 flex gap-2 rounded-md px-1.5 py-0.5 data-[active=true]:bg-muted"
              data-active={active === key}
              onMouseEnter={quoted ? () => setActive(key) : undefined}
              onMouseLeave={quoted ? () => setActive(null) : undefined}
              onFocus={quoted ? () => setActive(key) : undefined}
              onBlur={quoted ? () => setActive(null) : undefined}
            >
              {icon}
              <div className="min-w-0 space-y-0.5">
                <p id={lineId(ids, key)}>{item}</p>
                {basis ? <p className="text-xs text-muted-foreground">Measured: {basis}</p> : null}
                {quoted ? (
                  <button
                    type="button"
                    className="inline-flex min-h-6 cursor-pointer items-center text-xs font-medium text-primary underline-offset-4 hover:underline"
                    aria-describedby={lineId(ids, key)}
                    onClick={() => showQuote(key)}
                  >
                    Show in your answer
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The pace scale runs from 60 to 230 words per minute; the comfortable band sits inside it. */
const PACE_SCALE = { min: 60, max: 230 };
const onScale = (wpm: number) =>
  ((Math.min(PACE_SCALE.max, Math.max(PACE_SCALE.min, wpm)) - PACE_SCALE.min) /
    (PACE_SCALE.max - PACE_SCALE.min)) *
  100;

/**
 * `heardOffline`: the filler count comes from the offline recogniser, which misses many "um"s
 * and "uh"s and hears some that were not said (decision 0065), so it is labelled an estimate.
 * Duration and pauses come from the signal; the pace's word count is within ±10% on most answers.
 */
function DeliveryFigures({
  delivery,
  heardOffline,
}: {
  delivery: Delivery;
  heardOffline: boolean;
}) {
  const { min, max } = COMFORTABLE_WORDS_PER_MINUTE;
  const pace = delivery.wordsPerMinute;
  const paceNote = pace < min ? "slower than" : pace > max ? "faster than" : "within";
  const fillers = Object.entries(delivery.fillerWords.words)
    .sort((a, b) => b[1] - a[1])
    .map(([word, count]) => `“${word}” ×${count}`)
    .join(", ");
  return (
    <section aria-label="Delivery" className="space-y-3">
      <h3 className="text-sm font-semibold">Delivery</h3>
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        <Figure label="Duration" value={clock(delivery.durationSeconds)}>
          {Math.round(delivery.speakingSeconds)} s speaking
        </Figure>
        <Figure label="Pace" value={`${pace} wpm`}>
          {paceNote} the comfortable {min}–{max}
        </Figure>
        <Figure
          label="Filler words"
          value={`${heardOffline ? "≈ " : ""}${delivery.fillerWords.count}`}
        >
          {fillers || "none heard"}
          {heardOffline ? (
            <span className="block">estimate: “um” and “uh” are hard to hear offline</span>
          ) : null}
        </Figure>
        <Figure label="Longest pause" value={`${delivery.longestPauseSeconds.toFixed(1)} s`} />
      </dl>
      <div
        aria-hidden="true"
        className="relative h-2 rounded-full bg-muted"
        data-testid="pace-scale"
      >
        <div
          className="absolute inset-y-0 rounded-full bg-success-muted ring-1 ring-success/40"
          style={{ left: `${onScale(min)}%`, width: `${onScale(max) - onScale(min)}%` }}
        />
        <div
          className="absolute -top-1 h-4 w-1 -translate-x-1/2 rounded-full bg-primary"
          style={{ left: `${onScale(pace)}%` }}
        />
      </div>
      <p aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
        <span>slow</span>
        <span>comfortable range</span>
        <span>fast</span>
      </p>
    </section>
  );
}

function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
      {children ? <dd className="text-xs text-muted-foreground">{children}</dd> : null}
    </div>
  );
}

/** How each layer of the transcript looks; the key above the transcript uses the same. */
const HIGHLIGHT_STYLES = {
  filler: "rounded bg-warning-muted px-0.5 text-warning",
  strength:
    "rounded-sm bg-success-muted underline decoration-success decoration-2 underline-offset-4 outline-none focus:ring-2 focus:ring-success data-[active=true]:ring-2 data-[active=true]:ring-success",
  improvement:
    "rounded-sm bg-transparent underline decoration-warning decoration-dashed decoration-2 underline-offset-4 outline-none focus:bg-warning-muted focus:ring-2 focus:ring-warning data-[active=true]:bg-warning-muted data-[active=true]:ring-2 data-[active=true]:ring-warning",
} as const;

/** Shown only when the transcript has quotes in it: what the underlines mean. */
function HighlightKey() {
  return (
    <p className="text-xs text-muted-foreground">
      Underlined: the words behind <span className={HIGHLIGHT_STYLES.strength}>what worked</span>{" "}
      and <span className={HIGHLIGHT_STYLES.improvement}>what to change</span>. Shaded:{" "}
      <span className={HIGHLIGHT_STYLES.filler}>fillers</span>.
    </p>
  );
}

/**
 * The transcript with each filler marked (and named for screen readers), and the words each line
 * of feedback quotes: marked, named by the line they back, and lit while that line is active.
 */
function Transcript({ text, ids, quotes, active, setActive }: { text: string } & PointLinks) {
  const render = (parts: TranscriptPart[]): ReactNode[] =>
    parts.map((part, i) => {
      if ("text" in part) return part.text;
      const { highlight, first } = part;
      if (highlight.kind === "filler") {
        return (
          <mark key={i} data-highlight="filler" className={HIGHLIGHT_STYLES.filler}>
            {render(part.parts)}
            <span className="sr-only"> (filler)</span>
          </mark>
        );
      }
      const { key, kind } = highlight;
      return (
        <mark
          key={i}
          id={first ? markId(ids, key) : undefined}
          tabIndex={first ? -1 : undefined}
          data-highlight={kind}
          data-active={active === key}
          aria-describedby={first ? lineId(ids, key) : undefined}
          className={HIGHLIGHT_STYLES[kind]}
          onMouseEnter={() => setActive(key)}
          onMouseLeave={() => setActive(null)}
        >
          {render(part.parts)}
          {first ? (
            <span className="sr-only">
              {" "}
              ({kind === "strength" ? "what worked" : "what to change"})
            </span>
          ) : null}
        </mark>
      );
    });
  return (
    <p className="text-sm leading-relaxed whitespace-pre-wrap" data-testid="feedback-transcript">
      {render(layerTranscript(text, quotes.values()))}
    </p>
  );
}
