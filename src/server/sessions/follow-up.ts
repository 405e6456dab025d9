import type { QuestionReference } from "@/server/ai/engine";
import type { Measurements } from "@/server/feedback/measure";
import { judgeAnswer } from "@/server/feedback/rubric";
import type { Pressure } from "@/shared/sessions";

/** What the interviewer reads of an answer: the rubric's own measurements (measure.ts). */
type Measured = Pick<
  Measurements,
  "shape" | "words" | "actions" | "sharedActions" | "plans" | "reasons" | "results" | "figures"
>;

/** The rubric's measurements of an answer (or of what has been heard of it so far). */
export function measureForInterview(
  reference: (question: string) => QuestionReference,
  question: string,
  transcript: string,
): Measured {
  return judgeAnswer({
    question,
    transcript,
    delivery: null,
    reference: reference(question),
    approximate: false,
  }).measurements;
}

/** Each gap the interviewer may probe, in the order it asks about them, as each pressure words it. */
const probes: {
  gap: (m: Measured) => boolean;
  asks: Partial<Record<Pressure, string>>;
}[] = [
  {
    gap: (m) => m.results.length === 0,
    asks: {
      friendly: "How did it turn out in the end?",
      realistic: "What was the outcome?",
      tough: "What was the result, exactly?",
    },
  },
  {
    gap: (m) => m.actions.length === 0 || m.sharedActions.length > m.actions.length,
    asks: {
      realistic: "What did you do yourself?",
      tough: "What did you personally do, not the team?",
    },
  },
  {
    gap: (m) => m.reasons.length === 0,
    asks: {
      realistic: "Why did you choose that approach?",
      tough: "Why that approach rather than another?",
    },
  },
  {
    gap: (m) => m.figures.length === 0,
    asks: { tough: "How did you measure that? Give me a number." },
  },
];

/**
 * The AI Interviewer's one follow-up to a question's answer (docs/decisions/0105): for a story
 * (a behavioural question), the first gap the rubric measured that this pressure probes — no
 * result, no action of the speaker's own (or more done by "we" than by "I"), no reason, and (Tough
 * only) no figure. Tough also asks a plan ("what would you do") for its reason. Deterministic;
 * nothing when the answer covers what this pressure asks about.
 */
const WHY_THAT_PLAN = "Why would you do it that way?";

function followUpFor(m: Measured, pressure: Pressure): string | null {
  if (m.shape === "situational" && pressure === "tough") {
    return m.plans.length > 0 && m.reasons.length === 0 ? WHY_THAT_PLAN : null;
  }
  if (m.shape !== "behavioural") return null;
  for (const probe of probes) {
    const asked = probe.asks[pressure];
    if (asked && probe.gap(m)) return asked;
  }
  return null;
}

/** The follow-up to an answer at the session's pressure, from the rubric's measurements of it. */
export function interviewFollowUp(
  reference: (question: string) => QuestionReference,
  question: string,
  transcript: string,
  pressure: Pressure,
): string | null {
  return followUpFor(measureForInterview(reference, question, transcript), pressure);
}

/** The gap each of our follow-ups asks about, by its words: its answer is finished once filled. */
const gapAskedBy = new Map<string, (m: Measured) => boolean>([
  ...probes.flatMap((probe) =>
    Object.values(probe.asks).map((asked) => [asked, probe.gap] as const),
  ),
  [WHY_THAT_PLAN, (m: Measured) => m.reasons.length === 0],
]);

/**
 * Whether the words heard so far already make a finished answer to `question`, so a short pause
 * may end the turn (docs/decisions/0104): a story with something done and how it ended; a plan
 * with a reason; another answer of a few sentences that gave a reason; and an answer to one of
 * our follow-ups that gives what it asked for. Nothing heard is never finished.
 */
export function finishedThought(question: string, m: Measured): boolean {
  const followUpGap = gapAskedBy.get(question);
  if (followUpGap) return m.words >= 6 && !followUpGap(m);
  if (m.words < 12) return false;
  if (m.shape === "behavioural") {
    return m.results.length > 0 && m.actions.length + m.sharedActions.length > 0;
  }
  if (m.shape === "situational") return m.plans.length > 0 && m.reasons.length > 0;
  return m.words >= 30 && m.reasons.length > 0;
}
