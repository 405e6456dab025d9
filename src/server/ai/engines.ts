import type { Config } from "@/server/config";
import type { Logger } from "@/server/logger";
import type { Answerer, Transcriber } from "./engine";
import { loadQuestionBank, spokenQuestions } from "./offline/answer-library";
import { createOfflineAnswerer } from "./offline/answerer";
import { createOfflineTranscriber, type OfflineTranscriber } from "./offline/transcriber";
import { createOpenAIAnswerer, createOpenAITranscriber } from "./openai";

/**
 * Chooses the practice engines at start-up (docs/decisions/0052). Each of the two is chosen on
 * its own (`AI_TRANSCRIBER`, `AI_ANSWERER`: auto | openai | offline), because many local
 * OpenAI-compatible servers (Ollama, llama.cpp) answer chat but do not transcribe. config.ts
 * has already checked the choices and resolved `auto`; this only builds what they name.
 */

export type Engines = {
  transcriber: Transcriber;
  answerer: Answerer;
  /** Starts loading a lazily built engine (the offline recogniser) ahead of its first use. */
  warm(): void;
  /** The offline transcriber's workers and queue, once it has started (for /metrics). */
  transcriberStats(): TranscriberStats | undefined;
};

export type TranscriberStats = ReturnType<OfflineTranscriber["stats"]>;

export async function createEngines(config: Config, logger: Logger): Promise<Engines> {
  const { ai } = config;
  const common = {
    apiKey: ai.openaiApiKey,
    baseURL: ai.baseUrl,
    timeoutMs: ai.timeoutMs,
    maxRetries: ai.maxRetries,
    logger: logger.child({ module: "ai" }),
  };

  let warm: (() => void) | undefined;
  let transcriberStats: () => TranscriberStats | undefined = () => undefined;
  let transcriber: Transcriber;
  if (ai.transcriber === "openai") {
    transcriber = createOpenAITranscriber({ ...common, model: ai.transcribeModel });
  } else {
    const offline = lazyTranscriber("offline", () =>
      createOfflineTranscriber({
        questions: spokenQuestions(loadQuestionBank()),
        timeoutMs: ai.timeoutMs,
        workers: ai.transcribeWorkers,
        onWarning: (message) => common.logger.warn(message),
      }),
    );
    transcriber = offline;
    warm = offline.warm;
    transcriberStats = offline.stats;
  }
  // The recogniser (~90 MB) is not loaded at start-up, so an idle server stays small; the
  // practice page's first call (practice-config) warms it before the user has finished speaking.
  const answerer =
    ai.answerer === "openai"
      ? createOpenAIAnswerer({ ...common, model: ai.answerModel })
      : createOfflineAnswerer();
  logger.info(
    { transcriber: transcriber.source, answerer: answerer.source },
    "practice engines chosen",
  );
  return { transcriber, answerer, warm: () => warm?.(), transcriberStats };
}

export async function closeEngines(engines: Engines): Promise<void> {
  await Promise.allSettled([engines.transcriber.close?.(), engines.answerer.close?.()]);
}

/**
 * Builds the engine on first use (or on `warm()`): the offline transcriber holds a worker
 * thread of ~90 MB, which a server that never transcribes — or a test that never does — should
 * not pay for.
 */
function lazyTranscriber(
  source: string,
  create: () => OfflineTranscriber,
): Transcriber & { warm(): void; stats(): TranscriberStats | undefined } {
  let engine: OfflineTranscriber | undefined;
  const get = () => (engine ??= create());
  return {
    source,
    warm: () => void get(),
    stats: () => engine?.stats(),
    transcribe: (audio, signal) => get().transcribe(audio, signal),
    close: async () => {
      await engine?.close?.();
    },
  };
}
