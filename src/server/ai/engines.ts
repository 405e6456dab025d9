import type { Config } from "../config";
import type { Logger } from "../logger";
import { EngineError, type Answerer, type Transcriber } from "./engine";
import { createOfflineAnswerer } from "./offline/answerer";
import { createOpenAIAnswerer, createOpenAITranscriber } from "./openai";

/**
 * Chooses the practice engines at start-up (docs/decisions/0052). Each of the two is chosen on
 * its own (`AI_TRANSCRIBER`, `AI_ANSWERER`: auto | openai | offline), because many local
 * OpenAI-compatible servers (Ollama, llama.cpp) answer chat but do not transcribe.
 * auto: OpenAI-compatible when OPENAI_API_KEY or AI_BASE_URL is set, else offline.
 */

export type Engines = { transcriber: Transcriber; answerer: Answerer };

export const UNCONFIGURED_SOURCE = "unconfigured";

export async function createEngines(config: Config, logger: Logger): Promise<Engines> {
  const { ai } = config;
  const cloudConfigured = Boolean(ai.openaiApiKey || ai.baseUrl);
  const wants = (choice: Config["ai"]["transcriber"]) =>
    choice === "auto" ? (cloudConfigured ? "openai" : "offline") : choice;

  if (!cloudConfigured && (ai.transcriber === "openai" || ai.answerer === "openai")) {
    throw new Error(
      "AI_TRANSCRIBER or AI_ANSWERER is 'openai' but neither OPENAI_API_KEY nor AI_BASE_URL is set",
    );
  }
  const common = {
    apiKey: ai.openaiApiKey,
    baseURL: ai.baseUrl,
    timeoutMs: ai.timeoutMs,
    maxRetries: ai.maxRetries,
    logger: logger.child({ module: "ai" }),
  };

  const transcriber =
    wants(ai.transcriber) === "openai"
      ? createOpenAITranscriber({ ...common, model: ai.transcribeModel })
      : offlineTranscriber();
  const answerer =
    wants(ai.answerer) === "openai"
      ? createOpenAIAnswerer({ ...common, model: ai.answerModel })
      : createOfflineAnswerer();
  logger.info(
    { transcriber: transcriber.source, answerer: answerer.source },
    "practice engines chosen",
  );
  return { transcriber, answerer };
}

export async function closeEngines(engines: Engines): Promise<void> {
  await Promise.allSettled([engines.transcriber.close?.(), engines.answerer.close?.()]);
}

const unconfiguredMessage =
  "No AI engine is configured on this server. Set OPENAI_API_KEY (or AI_BASE_URL for a local " +
  "OpenAI-compatible server such as Ollama) and restart.";

function offlineTranscriber(): Transcriber {
  return {
    source: UNCONFIGURED_SOURCE,
    transcribe: () => Promise.reject(new EngineError("unavailable", unconfiguredMessage)),
  };
}
