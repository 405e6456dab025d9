import type { QuestionReference } from "@/server/ai/engine";
import { loadQuestionBank, type BankEntry } from "@/server/ai/offline/answer-library";
import { detectQuestionType } from "@/server/ai/offline/question-type";
import { createRetriever, DEFAULT_MATCH_THRESHOLD } from "@/server/ai/offline/retrieval";

/**
 * What we know about the question being answered, for the rubric's relevance check: its type
 * always, and the library entry's model answer and tips when the question is one of ours (or
 * close enough to one, by the same retrieval the offline answerer uses).
 */
export function createQuestionReferences(bank: readonly BankEntry[] = loadQuestionBank()) {
  const retriever = createRetriever(bank);
  return (question: string): QuestionReference => {
    const questionType = detectQuestionType(question);
    const [best] = retriever.search(question, 1);
    if (!best || best.score < DEFAULT_MATCH_THRESHOLD) return { questionType };
    const { answer, tips, keyPoints } = best.entry;
    return {
      questionType,
      modelAnswer: answer,
      tips: [...tips],
      ...(keyPoints ? { keyPoints: [...keyPoints] } : {}),
    };
  };
}
