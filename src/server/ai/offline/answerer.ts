import { type Answerer, EngineError } from "@/server/ai/engine";
import {
  type BankEntry,
  type QuestionCategory,
  loadQuestionBank,
} from "@/server/library/answer-library";
import { frameworkAnswer, type QuestionType } from "@/server/library/question-type";
import {
  createRetriever,
  DEFAULT_MATCH_THRESHOLD,
  type RetrievalHit,
} from "@/server/library/retrieval";

/**
 * The offline default answerer: no keys, no network. It looks the question up in our interview
 * library and streams the model answer and tips; when nothing in the library is close enough it
 * streams a structured framework for that type of question instead. The streamed text format
 * (docs/decisions/0037-offline-answer-format.md):
 *
 *   <answer paragraphs, separated by a blank line>
 *
 *   Tips:
 *   - <tip>
 *   - <tip>
 */

const OFFLINE_ANSWER_SOURCE = "offline-library";

export type LibraryAnswer = {
  /** "bank": a model answer from the library; "framework": a structure for an unknown question. */
  kind: "bank" | "framework";
  /** The library entry's id (bank answers). */
  questionId?: string;
  /** The library's canonical question that matched (bank answers). */
  matchedQuestion?: string;
  /** The library category (bank answers). */
  category?: QuestionCategory;
  /** The detected question type (framework answers). */
  questionType?: QuestionType;
  /** Retrieval confidence 0..1 of the best library entry (also for framework answers). */
  score: number;
  answer: string;
  tips: string[];
  /** The whole text `answer()` streams: answer, a blank line, then the tips. */
  text: string;
};

export interface OfflineAnswerer extends Answerer {
  /** Finds the answer for a question without streaming; synchronous and fast (< 1 ms). */
  lookup(question: string): LibraryAnswer;
}

export type OfflineAnswererOptions = {
  /** The library to answer from; the built-in bank by default. */
  bank?: readonly BankEntry[];
  /** Minimum retrieval confidence for a library answer. */
  threshold?: number;
  /** Pause between streamed chunks, like a model writing; 0 streams as fast as possible. */
  chunkDelayMs?: number;
  /** Words per streamed chunk. */
  wordsPerChunk?: number;
  /**
   * Upper bound on the whole stream's pauses, so a long answer (or a caller that collects the
   * stream into one JSON reply) never waits long for pacing that is only cosmetic.
   */
  maxStreamMs?: number;
};

/** Formats an answer and its tips as the plain text the UI shows with its line breaks. */
export function formatLibraryAnswer(answer: string, tips: readonly string[]): string {
  const body = answer.trim();
  if (tips.length === 0) return body;
  return `${body}\n\nTips:\n${tips.map((tip) => `- ${tip}`).join("\n")}`;
}

/**
 * Splits text into chunks of a few words each, keeping every character (spaces and line breaks
 * ride at the end of the chunk before), so the chunks concatenate to the original text.
 */
export function chunkText(text: string, wordsPerChunk = 3): string[] {
  const tokens = text.match(/\S+\s*/g) ?? [];
  const leading = /^\s*/.exec(text)?.[0] ?? "";
  const chunks: string[] = [];
  const size = Math.max(1, Math.floor(wordsPerChunk));
  for (let i = 0; i < tokens.length; i += size) chunks.push(tokens.slice(i, i + size).join(""));
  if (leading && chunks.length > 0) chunks[0] = leading + chunks[0];
  else if (leading) chunks.push(leading);
  return chunks;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The answer was cancelled.", "AbortError");
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function createOfflineAnswerer(options: OfflineAnswererOptions = {}): OfflineAnswerer {
  const bank = options.bank ?? loadQuestionBank();
  const retriever = createRetriever(bank);
  const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
  const chunkDelayMs = Math.max(0, options.chunkDelayMs ?? 15);
  const wordsPerChunk = options.wordsPerChunk ?? 3;
  const maxStreamMs = Math.max(0, options.maxStreamMs ?? 1200);

  function fromBank(hit: RetrievalHit): LibraryAnswer {
    const { entry } = hit;
    return {
      kind: "bank",
      questionId: entry.id,
      matchedQuestion: entry.question,
      category: entry.category,
      score: hit.score,
      answer: entry.answer,
      tips: [...entry.tips],
      text: formatLibraryAnswer(entry.answer, entry.tips),
    };
  }

  function lookup(question: string): LibraryAnswer {
    const [best] = retriever.search(question, 1);
    if (best && best.score >= threshold) return fromBank(best);
    const framework = frameworkAnswer(question.trim() === "" ? "your question" : question);
    return {
      kind: "framework",
      questionType: framework.type,
      score: best?.score ?? 0,
      answer: framework.answer,
      tips: framework.tips,
      text: formatLibraryAnswer(framework.answer, framework.tips),
    };
  }

  async function* answer(
    question: string,
    signal?: AbortSignal,
    { paced = true }: { paced?: boolean } = {},
  ): AsyncGenerator<string> {
    if (signal?.aborted) throw abortReason(signal);
    if (question.trim() === "") {
      throw new EngineError("unrecognised", "There is no question to answer.");
    }
    const chunks = chunkText(lookup(question).text, wordsPerChunk);
    const delay = paced ? Math.min(chunkDelayMs, maxStreamMs / Math.max(1, chunks.length - 1)) : 0;
    // Each chunk at its time from the start: timers truncate fractional milliseconds, and a
    // delay of 2.9 ms slept as 2 ms, chunk after chunk, ended the stream a quarter early.
    const started = performance.now();
    for (let i = 0; i < chunks.length; i += 1) {
      if (i > 0 && delay > 0) {
        await pause(Math.max(0, started + i * delay - performance.now()), signal);
      }
      if (signal?.aborted) throw abortReason(signal);
      yield chunks[i]!;
    }
  }

  return { source: OFFLINE_ANSWER_SOURCE, lookup, answer };
}
