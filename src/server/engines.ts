import type { Config } from "@/server/config";
import type { Logger } from "@/server/logger";
import { MAX_ANSWER_RECORDING_SECONDS } from "@/shared/feedback";
import { RECORDING_DURATION_SLACK_SECONDS } from "@/shared/practice-limits";
import { checkedEvaluator } from "@/server/feedback/checked-evaluator";
import { createOfflineEvaluator } from "@/server/feedback/offline-evaluator";
import { warmRubric } from "@/server/feedback/rubric";
import { createQuestionReferences } from "@/server/feedback/reference";
import { heardText, type AnswerDrafts } from "@/server/feedback/answer-drafts";
import type {
  Answerer,
  AnswerTranscriber,
  Evaluator,
  QuestionReference,
  QuestionWriter,
  CvReader,
  Transcriber,
} from "@/server/ai/engine";
import { loadQuestionBank, spokenQuestions } from "@/server/library/answer-library";
import { createOfflineAnswerer } from "@/server/ai/offline/answerer";
import { releasedWhenIdle } from "@/server/ai/released-when-idle";
import {
  createOfflineAnswerTranscriber,
  createOfflineTranscriber,
  type HeardSoFar,
  type OfflineAnswerTranscriber,
  type OfflineTranscriber,
} from "@/server/ai/offline/transcriber";
import {
  createOpenAIAnswerer,
  createOpenAIAnswerTranscriber,
  createOpenAIEvaluator,
  createOpenAICvReader,
  createOpenAIQuestionWriter,
  createOpenAITranscriber,
} from "@/server/ai/openai";

/**
 * Chooses the practice engines at start-up (docs/decisions/0052). Each of the two is chosen on
 * its own (`AI_TRANSCRIBER`, `AI_ANSWERER`: auto | openai | offline), because many local
 * OpenAI-compatible servers (Ollama, llama.cpp) answer chat but do not transcribe. config.ts
 * has already checked the choices and resolved `auto`; this only builds what they name.
 */

export type Engines = {
  transcriber: Transcriber;
  answerer: Answerer;
  /** The user's spoken answers (evaluate-answer): the same choice as `transcriber`. */
  answerTranscriber: AnswerTranscriber;
  evaluator: Evaluator;
  /** Questions from a job post, when a chat model is configured; null offline (decision 0072). */
  questionWriter: QuestionWriter | null;
  /** Understands a CV, when a chat model is configured; null offline (docs/decisions/0110). */
  cvReader: CvReader | null;
  /** What the offline library knows about a question (type, model answer, tips). */
  reference(question: string): QuestionReference;
  /** Starts loading a lazily built engine (the offline recogniser) ahead of its first use. */
  warm(): void;
  /** The offline transcriber's workers and queue, once it has started (for /metrics). */
  transcriberStats(): TranscriberStats | undefined;
};

export type TranscriberStats = ReturnType<OfflineTranscriber["stats"]>;

/**
 * `drafts`: where answers sent ahead while spoken are kept, for a process that hears them (the
 * offline recogniser's workers); without it answers are heard whole.
 */
export async function createEngines(
  config: Config,
  logger: Logger,
  drafts?: AnswerDrafts,
): Promise<Engines> {
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
  const maxSeconds = MAX_ANSWER_RECORDING_SECONDS + RECORDING_DURATION_SLACK_SECONDS;
  const answerTranscriber =
    ai.transcriber === "openai"
      ? createOpenAIAnswerTranscriber({ ...common, model: ai.transcribeModel, maxSeconds })
      : lazyAnswerTranscriber(
          () =>
            createOfflineAnswerTranscriber({
              maxSeconds,
              workers: ai.transcribeWorkers,
              // A 3-minute answer decodes in about half a minute on a busy core.
              timeoutMs: Math.max(ai.timeoutMs, 90_000),
              onWarning: (message) => common.logger.warn(message),
            }),
          drafts,
        );
  const evaluator =
    ai.evaluator === "openai"
      ? checkedEvaluator(createOpenAIEvaluator({ ...common, model: ai.answerModel }))
      : createOfflineEvaluator();
  return {
    transcriber,
    answerer,
    answerTranscriber,
    evaluator,
    questionWriter:
      ai.answerer === "openai"
        ? createOpenAIQuestionWriter({ ...common, model: ai.answerModel })
        : null,
    cvReader:
      ai.answerer === "openai" ? createOpenAICvReader({ ...common, model: ai.answerModel }) : null,
    reference: createQuestionReferences(),
    warm: () => {
      warm?.();
      warmRubricSoon();
    },
    transcriberStats,
  };
}

/**
 * Builds the rubric's models of the library (warmRubric) a moment from now: after the burst of
 * calls that opens the practice page, which this second of CPU would otherwise hold up, and
 * long before a first answer can be typed.
 */
export function warmRubricSoon(): void {
  setTimeout(warmRubric, 2_000).unref();
}

export async function closeEngines(engines: Engines): Promise<void> {
  await Promise.allSettled([
    engines.transcriber.close?.(),
    engines.answerer.close?.(),
    engines.answerTranscriber.close?.(),
  ]);
}

/**
 * The offline answer recogniser (~160–300 MB per worker) starts on the first spoken answer, not
 * at start-up. Words from the question help it hear the answer. With `drafts`, it hears answers
 * sent ahead while spoken and finishes them when they arrive whole (docs/decisions/0070, 0150).
 */
function lazyAnswerTranscriber(
  create: () => OfflineAnswerTranscriber,
  drafts: AnswerDrafts | undefined,
): AnswerTranscriber {
  const engine = releasedWhenIdle(create);
  /** Each user's draft being heard in this process: their answer, if it comes meanwhile, waits. */
  const hearing = new Map<string, Promise<string | null>>();
  const hearDraft = async (
    drafts: AnswerDrafts,
    owner: string,
    recording: string,
    asked: "speaking" | "paused",
    signal?: AbortSignal,
  ) => {
    const draft = await drafts.toHear(owner, recording, asked);
    if (!draft) return drafts.heard(owner, recording);
    const heard = await engine.use((offline) =>
      offline.hearDraft(
        {
          bytes: draft.audio,
          extraWords: questionWords(draft.question),
          heard: draft.heard,
          upTo: draft.upTo,
        },
        signal,
      ),
    );
    if (!heard) return heardText(draft.heard); // no worker free: later, or never
    const hearing = { ...heard, bytes: draft.audio.length, upTo: draft.upTo };
    await drafts.saveHeard(owner, recording, hearing);
    return heardText(hearing);
  };
  return {
    source: "offline",
    ...(drafts && {
      hearDraft(owner, recording, upTo, signal) {
        const heard = hearDraft(drafts, owner, recording, upTo, signal);
        hearing.set(owner, heard);
        void heard
          .catch(() => null)
          .finally(() => {
            if (hearing.get(owner) === heard) hearing.delete(owner);
          });
        return heard;
      },
    }),
    async transcribe(audio, question, signal, owner) {
      let resume: HeardSoFar | undefined;
      if (owner && drafts) {
        await hearing.get(owner)?.catch(() => null);
        resume = await drafts.take(owner, audio.bytes, question);
      }
      const heard = await engine.use((offline) =>
        offline.transcribe(audio, questionWords(question), signal, resume),
      );
      return {
        text: heard.text,
        words: heard.words,
        // Calibrated share of words heard right (docs/decisions/0065): below this, say so.
        approximate: heard.confidence < APPROXIMATE_BELOW,
        pcm: heard.pcm,
        sampleRate: heard.sampleRate,
        durationSeconds: heard.durationSeconds,
      };
    },
    close: () => engine.close(),
  };
}

/** A transcript whose expected share of right words is below this is shown as approximate. */
const APPROXIMATE_BELOW = 0.85;

/** The question's own words, which an answer often repeats (lower-case, 3+ letters). */
function questionWords(question: string): string[] {
  return [...new Set(question.toLowerCase().match(/[a-z']{3,}/g) ?? [])];
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
  const engine = releasedWhenIdle(create);
  return {
    source,
    warm: () => void engine.touch(),
    stats: () => engine.peek()?.stats(),
    transcribe: (audio, signal) => engine.use((offline) => offline.transcribe(audio, signal)),
    close: () => engine.close(),
  };
}
