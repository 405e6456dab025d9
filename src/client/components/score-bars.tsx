import { bandOf } from "@/shared/score-bands";

/**
 * The feedback card's visual language, shared by the landing page's sample and the real report:
 * an overall score out of 5 in large type, and one bar per dimension.
 */
export function OverallScore({ score }: { score: number }) {
  return (
    <p className="flex items-baseline gap-2">
      <span className="text-5xl font-bold text-primary">{score.toFixed(1)}</span>
      <span className="text-lg text-muted-foreground">/5</span>
      <span className="sr-only">overall score</span>
    </p>
  );
}

export type Rating = {
  label: string;
  score: number;
  /** The same dimension's score at the previous attempt, to show the change. */
  previous?: number;
};

export function ScoreBars({ ratings }: { ratings: Rating[] }) {
  return (
    <dl className="space-y-3">
      {ratings.map(({ label, score, previous }) => (
        <div key={label} className="grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
          <dt className="font-medium">{label}</dt>
          <dd className="text-muted-foreground">
            {score.toFixed(1)}/5
            {previous !== undefined ? <Change now={score} before={previous} /> : null}
          </dd>
          <dd aria-hidden="true" className="col-span-2 h-2 rounded-full bg-muted">
            <div
              className="h-2 rounded-full bg-primary"
              style={{ width: `${(score / 5) * 100}%` }}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "+0.4" in green, "−0.2" in red, "±0" muted; read as "up 0.4 from 3.5". */
export function Change({ now, before }: { now: number; before: number }) {
  const delta = Math.round((now - before) * 10) / 10;
  const tone =
    delta > 0 ? "text-success" : delta < 0 ? "text-destructive" : "text-muted-foreground";
  const shown = delta > 0 ? `+${delta.toFixed(1)}` : delta < 0 ? `−${(-delta).toFixed(1)}` : "±0";
  const spoken =
    delta === 0
      ? `unchanged from ${before.toFixed(1)}`
      : `${delta > 0 ? "up" : "down"} ${Math.abs(delta).toFixed(1)} from ${before.toFixed(1)}`;
  return (
    <span className={`ml-2 font-medium ${tone}`}>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">, {spoken}</span>
    </span>
  );
}

/**
 * A score as a word, for low-anxiety mode (docs/decisions/0093): the bands of the summary's own
 * verdict ("a strong answer" from 4, "a solid answer" from 3), so the word and the note agree.
 */
export function scoreWord(score: number): "Strong" | "Solid" | "Needs work" {
  return bandOf(score).word;
}

/** Low-anxiety mode's overall score: a word, no number. */
export function OverallWord({ score }: { score: number }) {
  return (
    <p className="flex items-baseline gap-2" data-testid="overall-word">
      <span className="text-3xl font-bold text-primary">{scoreWord(score)}</span>
      <span className="text-lg text-muted-foreground">overall</span>
    </p>
  );
}

/** Low-anxiety mode's dimensions: each as a word, no bars and no changes. */
export function ScoreWords({ ratings }: { ratings: Omit<Rating, "previous">[] }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      {ratings.map(({ label, score }) => (
        <div key={label} className="rounded-lg border border-border px-3 py-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium">{scoreWord(score)}</dd>
        </div>
      ))}
    </dl>
  );
}
