import type { Evaluation, EvaluationInput } from "@/server/ai/engine";
import { contentTerms } from "@/server/language/text";
import { advise } from "./advise";
import { libraryTermFrequency } from "./library-terms";
import { measureAnswer } from "./measure";
import { scoreMeasurements, starParts } from "./score";
import { warmWorkTalk } from "./work-talk";

/**
 * The offline rubric (docs/decisions/0091) in three stages with types between them: measure the
 * answer (measure.ts), score the measurements with the named weights of `RUBRIC` (score.ts), and
 * advise from the measurements (advise.ts). Deterministic, no network.
 */
export function scoreAnswer(input: EvaluationInput): Evaluation {
  return judgeAnswer(input).evaluation;
}

/** The rubric's evaluation with what it rests on: the measurements and each claim's topic. */
export function judgeAnswer(input: EvaluationInput) {
  const { question, transcript, delivery, reference, approximate } = input;
  const expectedTerms = new Set(
    contentTerms(
      [
        question,
        reference.modelAnswer ?? "",
        ...(reference.tips ?? []),
        ...(reference.keyPoints ?? []),
      ].join(" "),
    ),
  );
  const measurements = measureAnswer({
    question,
    transcript,
    questionType: reference.questionType,
    delivery,
    ...(input.words ? { words: input.words } : {}),
    ...(input.pauses ? { pauses: input.pauses } : {}),
    reference: { questionTerms: [...new Set(contentTerms(question))], expectedTerms },
    specificity: specificity(),
  });
  const { scores } = scoreMeasurements(measurements, { approximate });
  const advice = advise(measurements, scores, { question, transcript, approximate });
  const evaluation: Evaluation = {
    scores,
    structure: starParts(measurements),
    strengths: advice.strengths.map((claim) => claim.text),
    improvements: advice.improvements.map((claim) => claim.text),
    summary: advice.summary,
    evidence: {
      strengths: advice.strengths.map((claim) => claim.evidence),
      improvements: advice.improvements.map((claim) => claim.evidence),
    },
  };
  return { evaluation, measurements, advice };
}

let cachedSpecificity: ((term: string) => number) | undefined;
/**
 * How specific a term is to one question: its inverse document frequency over the library's
 * entries (question, model answer, tips), so "deadline" outweighs "work" and "tell" counts
 * for almost nothing. A term the library never uses is as specific as its rarest.
 */
function specificity(): (term: string) => number {
  if (cachedSpecificity) return cachedSpecificity;
  const { entries, entriesWith } = libraryTermFrequency();
  cachedSpecificity = (term) => Math.log((entries + 1) / (entriesWith(term) + 1));
  return cachedSpecificity;
}

/**
 * Builds now what the rubric reads from the library on first use (a second or more of one core):
 * called as the practice page opens, so the first answer's feedback does not wait for it.
 */
export function warmRubric(): void {
  specificity();
  warmWorkTalk();
}
