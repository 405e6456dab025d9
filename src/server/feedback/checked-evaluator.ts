import type { Evaluation, Evaluator } from "@/server/ai/engine";
import type { Evidence } from "@/shared/feedback";
import { scoreAnswer } from "./rubric";

/**
 * A chat model's feedback held to the rubric's contract (docs/decisions/0091): every line that
 * quotes the answer must quote it truly. A line whose quote is not in the transcript is dropped;
 * a list left empty takes the offline rubric's lines, which are backed by construction. The
 * quotes kept become the lines' evidence, as spans of the transcript.
 */
export function checkedEvaluator(cloud: Evaluator): Evaluator {
  return {
    source: cloud.source,
    async evaluate(input, signal): Promise<Evaluation> {
      const evaluation = await cloud.evaluate(input, signal);
      const strengths = backed(evaluation.strengths, input.transcript);
      const improvements = backed(evaluation.improvements, input.transcript);
      if (strengths.length > 0 && improvements.length > 0)
        return {
          ...evaluation,
          strengths: strengths.map((line) => line.text),
          improvements: improvements.map((line) => line.text),
          evidence: {
            strengths: strengths.map((line) => line.evidence),
            improvements: improvements.map((line) => line.evidence),
          },
        };
      const offline = scoreAnswer(input);
      const fill = (
        kept: { text: string; evidence: Evidence }[],
        texts: string[],
        evidence: Evidence[] | undefined,
      ) =>
        kept.length > 0
          ? kept
          : texts.map((text, i) => ({
              text,
              evidence: evidence?.[i] ?? { quote: null, basis: null },
            }));
      const s = fill(strengths, offline.strengths, offline.evidence?.strengths);
      const m = fill(improvements, offline.improvements, offline.evidence?.improvements);
      return {
        ...evaluation,
        strengths: s.map((line) => line.text),
        improvements: m.map((line) => line.text),
        evidence: {
          strengths: s.map((line) => line.evidence),
          improvements: m.map((line) => line.evidence),
        },
      };
    },
  };
}

/** Text in double quotes, straight or curly. */
const QUOTED = /[“"]([^”"]{3,})[”"]/g;
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The lines whose every quote is words of the transcript, each with its first quote's span. */
function backed(lines: readonly string[], transcript: string) {
  const kept: { text: string; evidence: Evidence }[] = [];
  for (const text of lines) {
    const quotes = [...text.matchAll(QUOTED)].map((match) => match[1]!.replace(/…/g, "").trim());
    const spans = quotes.map((quote) => spanOf(quote, transcript));
    if (spans.some((span) => span === undefined)) continue;
    const first = spans[0];
    kept.push({
      text,
      evidence: first
        ? { quote: { ...first, text: transcript.slice(first.start, first.end) }, basis: null }
        : { quote: null, basis: "the model's judgement" },
    });
  }
  return kept;
}

/**
 * Where `quote` is in `transcript`, ignoring case, punctuation and spacing (a model may drop a
 * comma or change the capitals, not the words).
 */
function spanOf(quote: string, transcript: string): { start: number; end: number } | undefined {
  const wanted = plain(quote);
  if (wanted === "") return undefined;
  // Map each character of the plain transcript back to its offset in the original.
  let flat = "";
  const offsets: number[] = [];
  for (let i = 0; i < transcript.length; i++) {
    const char = plain(transcript[i]!) || " ";
    if (char === " " && (flat.endsWith(" ") || flat === "")) continue;
    flat += char;
    offsets.push(i);
  }
  const at = flat.indexOf(wanted);
  if (at < 0) return undefined;
  return { start: offsets[at]!, end: offsets[at + wanted.length - 1]! + 1 };
}
