import type { Evaluation, EvaluationInput } from "@/server/ai/engine";
import { loadQuestionBank } from "@/server/library/answer-library";
import { contentTerms } from "@/server/language/text";
import { advise } from "./advise";
import { measureAnswer } from "./measure";
import { scoreMeasurements, starParts } from "./score";

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
  const bank = loadQuestionBank();
  const documentFrequency = new Map<string, number>();
  for (const entry of bank)
    for (const term of new Set(
      contentTerms([entry.question, entry.answer, ...entry.tips].join(" ")),
    ))
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const n = bank.length;
  cachedSpecificity = (term) => Math.log((n + 1) / ((documentFrequency.get(term) ?? 0) + 1));
  return cachedSpecificity;
}
