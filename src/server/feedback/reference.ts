import type { QuestionReference } from "@/server/ai/engine";
import { loadQuestionBank, type BankEntry } from "@/server/library/answer-library";
import { detectQuestionType, type QuestionType } from "@/server/library/question-type";
import { createRetriever, DEFAULT_MATCH_THRESHOLD } from "@/server/library/retrieval";

/**
 * What we know about the question being answered, for the rubric's relevance check: its type
 * always, and the library entry's model answer and tips when the question is one of ours (or
 * close enough to one, by the same retrieval the offline answerer uses). The type comes from the
 * wording; when the wording says nothing ("Tell me about a goal you set and achieved."), a library
 * entry's own category says what kind of answer is wanted — a story, here, which the rubric then
 * reads for its parts and the interviewer follows up.
 */
export function createQuestionReferences(bank: readonly BankEntry[] = loadQuestionBank()) {
  const retriever = createRetriever(bank);
  return (question: string): QuestionReference => {
    const worded = detectQuestionType(question);
    const [best] = retriever.search(question, 1);
    if (!best || best.score < DEFAULT_MATCH_THRESHOLD) return { questionType: worded };
    const { answer, tips, keyPoints, category } = best.entry;
    return {
      questionType: worded === "general" && isQuestionType(category) ? category : worded,
      modelAnswer: answer,
      tips: [...tips],
      ...(keyPoints ? { keyPoints: [...keyPoints] } : {}),
    };
  };
}

const questionTypes: ReadonlySet<string> = new Set<QuestionType>([
  "behavioural",
  "situational",
  "motivational",
  "strengths-weaknesses",
  "technical",
  "closing",
]);

/** A library category that is also a kind of answer (not a topic such as "teamwork"). */
function isQuestionType(category: string): category is QuestionType {
  return questionTypes.has(category);
}
