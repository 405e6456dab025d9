import { contentTerms } from "@/server/language/text";
import { loadQuestionBank } from "@/server/library/answer-library";

let cached: { entries: number; entriesWith: (term: string) => number } | undefined;

/**
 * In how many of the library's entries (question, model answer and tips together) each content
 * term appears: what makes a term specific to a question (rubric.ts, work-talk.ts). Reading the
 * whole library takes a second or so, so it is read once, on first use or when warmed.
 */
export function libraryTermFrequency(): { entries: number; entriesWith: (term: string) => number } {
  if (cached) return cached;
  const bank = loadQuestionBank();
  const frequency = new Map<string, number>();
  for (const entry of bank) {
    for (const term of new Set(
      contentTerms([entry.question, entry.answer, ...entry.tips].join(" ")),
    ))
      frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  cached = { entries: bank.length, entriesWith: (term) => frequency.get(term) ?? 0 };
  return cached;
}
