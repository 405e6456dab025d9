import {
  EngineError,
  type AudioInput,
  type Transcriber,
  type Transcript,
} from "@/server/ai/engine";
import { MAX_RECORDING_SECONDS, RECORDING_DURATION_SLACK_SECONDS } from "@/shared/practice-limits";
import type { SpokenQuestion } from "@/server/library/answer-library";
import { JobFailedError, PoolError, TranscriberPool } from "./pool";
import type { DraftUpTo, RecognisedPart, TimedWord } from "./transcribe-worker";

/**
 * The offline transcriber, the default with no AI keys: WebM/Opus is decoded and recognised
 * against the question-bank grammar in worker threads (see ./pool.ts). It recognises interview
 * questions, not free speech; anything outside the grammar is refused or flagged as uncertain.
 */

/**
 * Mean confidence of the recogniser's entries below which a transcript is marked `uncertain`.
 * With the full bank and the role sets (~1,000 phrasings), in-bank questions scored ≥ 0.874 but
 * for one noisy recording, and off-topic speech the grammar forced onto some question mostly
 * below it. Tuning data: docs/decisions/0032-offline-confidence-threshold.md.
 */
export const UNCERTAIN_BELOW = 0.865;

const UNRECOGNISED_MESSAGE =
  "We couldn't make out a question — try again closer to the microphone, or type it";

export type OfflineTranscriberOptions = {
  /** The question bank: each entry's question and variants become the grammar. */
  questions: readonly SpokenQuestion[];
  /** Worker threads (each holds ~90 MB); default 1. */
  workers?: number;
  /** Jobs allowed to wait when every worker is busy; default 8 per worker. */
  maxQueue?: number;
  /** Per recording, once a worker takes it; default 30 s. */
  timeoutMs?: number;
  /** Longest recording accepted; default MAX_RECORDING_SECONDS plus slack. */
  maxSeconds?: number;
  uncertainBelow?: number;
  /** Grammar build warnings (out-of-dictionary words) and worker restarts. */
  onWarning?: (message: string) => void;
};

export type OfflineTranscriber = Transcriber & {
  /** Resolves once a worker has loaded the recogniser; transcribe() waits for it anyway. */
  readonly ready: Promise<void>;
  stats(): ReturnType<TranscriberPool["stats"]>;
  close(): Promise<void>;
};

export function createOfflineTranscriber(options: OfflineTranscriberOptions): OfflineTranscriber {
  const workers = Math.max(1, Math.floor(options.workers ?? 1));
  const uncertainBelow = options.uncertainBelow ?? UNCERTAIN_BELOW;
  const pool = new TranscriberPool({
    size: workers,
    maxQueue: options.maxQueue ?? 8 * workers,
    jobTimeoutMs: options.timeoutMs ?? 30_000,
    setup: {
      kind: "questions",
      questions: options.questions.map(({ id, question, variants }) => ({
        id,
        question,
        variants: variants ? [...variants] : undefined,
      })),
      maxSeconds: options.maxSeconds ?? MAX_RECORDING_SECONDS + RECORDING_DURATION_SLACK_SECONDS,
    },
    onWarning: options.onWarning,
  });

  return {
    source: "offline",
    ready: pool.ready,
    stats: () => pool.stats(),
    close: () => pool.close(),
    async transcribe(audio: AudioInput, signal?: AbortSignal): Promise<Transcript> {
      if (audio.bytes.length === 0) {
        throw new EngineError("invalid_audio", "The recording is empty.");
      }
      let result;
      try {
        result = await pool.run({ bytes: audio.bytes }, signal);
      } catch (error) {
        throw toEngineError(error);
      }
      if (result.text === "") throw new EngineError("unrecognised", UNRECOGNISED_MESSAGE);
      const confidence = Math.round(result.confidence * 1000) / 1000;
      return {
        text: result.text,
        source: "offline",
        confidence,
        uncertain: confidence < uncertainBelow,
      };
    },
  };
}

/** True for the EngineError thrown for a recording over the length limit (413 rather than 400). */
export function isRecordingTooLong(error: unknown): boolean {
  return (
    error instanceof EngineError &&
    error.cause instanceof JobFailedError &&
    error.cause.failure.kind === "too_long"
  );
}

function toEngineError(error: unknown): Error {
  if (error instanceof JobFailedError) {
    const { kind, message } = error.failure;
    if (kind === "invalid_audio" || kind === "too_long") {
      return new EngineError("invalid_audio", message, { cause: error });
    }
    return new EngineError("unavailable", "The offline transcriber failed on this recording.", {
      cause: error,
    });
  }
  if (error instanceof PoolError) {
    switch (error.kind) {
      case "timeout":
        return new EngineError("timeout", "Transcription took too long. Try a shorter recording.", {
          cause: error,
        });
      case "aborted":
        return error;
      case "busy":
        // Only when the queue is full: a short wait is spent in the queue, taking turns.
        return new EngineError(
          "unavailable",
          "The recogniser is busy with other people's recordings. Try again in half a minute.",
          { cause: error, retryAfterSeconds: 30 },
        );
      default:
        return new EngineError("unavailable", error.message, { cause: error });
    }
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** What the offline answer transcriber hands back: the words with their times, and the audio. */
export type OfflineAnswer = {
  text: string;
  /** Expected share of words heard right (calibrated; docs/decisions/0065). */
  confidence: number;
  words: TimedWord[];
  durationSeconds: number;
  /** The recording decoded to 16 kHz mono, for delivery figures measured from the signal. */
  pcm: Float32Array;
  sampleRate: number;
};

/** Segments heard of a recording's beginning, and the sample after them (a draft's hearing). */
export type HeardSoFar = { parts: RecognisedPart[]; resumeAt: number };

export type OfflineAnswerTranscriber = {
  readonly ready: Promise<void>;
  /** `resume`: what was heard of the recording's beginning while it was spoken. */
  transcribe(
    audio: AudioInput,
    extraWords: string[],
    signal?: AbortSignal,
    resume?: HeardSoFar,
  ): Promise<OfflineAnswer>;
  /**
   * Hears more of an answer sent ahead while spoken (src/server/feedback/answer-drafts.ts): the
   * segments after `heard`, as far as `upTo`. Null when no worker is free: a draft never makes a
   * submitted answer wait.
   */
  hearDraft(
    draft: { bytes: Uint8Array; extraWords: string[]; heard: HeardSoFar; upTo: DraftUpTo },
    signal?: AbortSignal,
  ): Promise<HeardSoFar | null>;
  stats(): ReturnType<TranscriberPool["stats"]>;
  close(): Promise<void>;
};

/**
 * Free speech, offline: the user's spoken answer against the answer library's language model,
 * in worker threads of their own (~160–300 MB each), cut at pauses into segments. The
 * transcript is approximate by nature (about one word in three wrong on answers unlike the
 * library's; docs/decisions/0065): callers show it as such.
 */
export function createOfflineAnswerTranscriber(
  options: Pick<OfflineTranscriberOptions, "workers" | "maxQueue" | "timeoutMs" | "onWarning"> & {
    maxSeconds: number;
  },
): OfflineAnswerTranscriber {
  const workers = Math.max(1, Math.floor(options.workers ?? 1));
  const pool = new TranscriberPool({
    size: workers,
    maxQueue: options.maxQueue ?? 4 * workers,
    jobTimeoutMs: options.timeoutMs ?? 60_000,
    setup: { kind: "answers", questions: [], maxSeconds: options.maxSeconds },
    onWarning: options.onWarning,
  });
  return {
    ready: pool.ready,
    stats: () => pool.stats(),
    close: () => pool.close(),
    async hearDraft({ bytes, extraWords, heard, upTo }, signal) {
      await pool.ready;
      const { ready, busy, queued } = pool.stats();
      if (busy >= ready || queued > 0) return null;
      let result;
      try {
        result = await pool.run(
          { bytes, extraWords, resume: { fromSample: heard.resumeAt, parts: [] }, draft: upTo },
          signal,
        );
      } catch (error) {
        throw toEngineError(error);
      }
      return {
        parts: [...heard.parts, ...(result.parts ?? [])],
        resumeAt: result.resumeAt ?? heard.resumeAt,
      };
    },
    async transcribe(audio, extraWords, signal, resume) {
      let result;
      try {
        result = await pool.run(
          {
            bytes: audio.bytes,
            extraWords,
            resume: resume && { fromSample: resume.resumeAt, parts: resume.parts },
          },
          signal,
        );
      } catch (error) {
        throw toEngineError(error);
      }
      if (result.text === "" || !result.pcm) {
        throw new EngineError(
          "unrecognised",
          "We couldn't hear an answer in the recording — check the microphone and try again, or type it.",
        );
      }
      return {
        text: result.text,
        confidence: Math.round(result.confidence * 1000) / 1000,
        words: result.words,
        durationSeconds: result.durationSeconds,
        pcm: result.pcm,
        sampleRate: 16_000,
      };
    },
  };
}
