import type { Feedback } from "@/shared/feedback";

/**
 * The AI Interviewer's one follow-up, asked when a story answer left out what interviewers probe
 * for (docs/decisions/0072): no result → the outcome; no personal action, or mostly "we" → the user's own
 * part. Deterministic, from what the rubric found; nothing when the answer covered both.
 */
export function followUpFor(feedback: Pick<Feedback, "structure" | "transcript">): string | null {
  const { structure, transcript } = feedback;
  if (!structure) return null;
  if (!structure.result) return "What was the outcome?";
  const words = transcript.toLowerCase();
  const own = (words.match(/\b(i|i'm|i've|i'd|me|my)\b/g) ?? []).length;
  const team = (words.match(/\b(we|we're|we've|our|us)\b/g) ?? []).length;
  if (!structure.action || team > own) return "What did you do yourself?";
  return null;
}
