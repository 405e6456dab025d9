import { writtenCorpus } from "@/server/library/answer-corpus";
import { loadQuestionBank } from "@/server/library/answer-library";
import { contentTerms } from "@/server/language/text";
import { libraryTermFrequency } from "./library-terms";

/**
 * How much an answer sounds like talk about work rather than about everyday life, 0..1
 * (docs/decisions/0075): the mean per-word log-likelihood ratio of a two-class unigram model
 * (add-one smoothing) learned from text the product already ships — the library's model answers
 * and tips and the written answers on one side, the written everyday talk on the other. A mean,
 * so the few work words the recogniser mishears into a long off-topic answer move it little.
 *
 * `topic`: the question's own terms (its wording, model answer, tips, key points). Those that are
 * specific to it — in at most 5% of the library's entries — count as work talk whatever the
 * everyday text says of them: a teacher's "homework" or a nurse's "handover" is on topic.
 */
export function workTalk(text: string, topic: ReadonlySet<string> = new Set()): number {
  const terms = contentTerms(text);
  if (terms.length === 0) return 0;
  const { ratio, specific } = model();
  const mean =
    terms.reduce(
      (sum, term) =>
        sum +
        (topic.has(term) && specific(term) ? CLIP : Math.max(-CLIP, Math.min(CLIP, ratio(term)))),
      0,
    ) / terms.length;
  return Math.min(1, Math.max(0, mean / WORK));
}

/** A word's log ratio counts at most this much either way: no single word decides. */
const CLIP = 3;
/**
 * The mean log ratio from which an answer counts as work talk in full; at 0 and below it is
 * everyday talk. Written answers measure 0.7 and more on topic, −0.3 and less off it.
 */
const WORK = 0.7;
/** A term in at most this share of the library's entries is specific to the ones it is in. */
const SPECIFIC_SHARE = 0.05;

let cached: { ratio: (term: string) => number; specific: (term: string) => boolean } | undefined;

function model() {
  if (cached) return cached;
  const bank = loadQuestionBank();
  const { everyday, ...work } = writtenCorpus;
  const workCounts = count([
    ...bank.flatMap((entry) => [entry.answer, ...entry.tips]),
    ...Object.values(work).flat(),
  ]);
  const everydayCounts = count(everyday);
  const vocabulary = new Set([...workCounts.terms.keys(), ...everydayCounts.terms.keys()]).size;
  const logProbability = ({ terms, total }: ReturnType<typeof count>, term: string) =>
    Math.log(((terms.get(term) ?? 0) + 1) / (total + vocabulary));
  const { entries, entriesWith } = libraryTermFrequency();
  cached = {
    ratio: (term) => logProbability(workCounts, term) - logProbability(everydayCounts, term),
    specific: (term) => entriesWith(term) <= SPECIFIC_SHARE * entries,
  };
  return cached;
}

/** Builds the model now instead of at the first answer (rubric.ts, `warmRubric`). */
export function warmWorkTalk(): void {
  model();
}

function count(texts: readonly string[]) {
  const terms = new Map<string, number>();
  let total = 0;
  for (const text of texts) {
    for (const term of contentTerms(text)) {
      terms.set(term, (terms.get(term) ?? 0) + 1);
      total++;
    }
  }
  return { terms, total };
}
