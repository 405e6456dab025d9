import { parentPort, workerData } from "node:worker_threads";
import { AudioFormatError } from "../../audio/webm";
import { decodeWebmOpus, RecordingTooLongError } from "../../audio/decode";
import {
  closingPause,
  detectSpeech,
  hasSpeech,
  splitAtPauses,
  trimSilence,
} from "../../audio/speech";
import {
  createAnswerRecogniser,
  joinSegments,
  type AnswerRecogniser,
  type AnswerRecognition,
} from "./answer-recognizer";
import type { TimedWord as EngineTimedWord } from "../engine";
import type { SpokenQuestion } from "../../library/answer-library";
import { createRecogniser, RECOGNISER_SAMPLE_RATE, type Recogniser } from "./recognizer";

/**
 * A transcription worker thread: loads a recogniser once, then decodes and recognises one
 * recording per message, so the server's event loop never runs the WASM. Two kinds:
 * - "questions": the question-bank grammar (~90 MB, ~2.5 s to load);
 * - "answers": free speech against the answer library's language model (~160 MB;
 *   docs/decisions/0065), cut at pauses into segments decoded in turn; the decoded PCM goes
 *   back with the words (transferred, not copied) so delivery is measured from the signal.
 * Imports are relative so the file runs unbundled (tsx, in tests) and bundled (dist/server).
 */

export type WorkerSetup = {
  kind: "questions" | "answers";
  /** The question grammar ("questions" only). */
  questions: SpokenQuestion[];
  maxSeconds: number;
};

/** A segment of an answer recognised on its own, `offsetSeconds` into the recording. */
export type RecognisedPart = { offsetSeconds: number; recognition: AnswerRecognition };

export type TranscribeJob = {
  bytes: Uint8Array;
  /** Words the speaker is likely to say that the vocabulary may lack ("answers" only). */
  extraWords?: string[];
  /**
   * "answers" only: segments already recognised from the start of the same recording (an answer
   * sent ahead while it was spoken, src/server/feedback/answer-drafts.ts); recognition resumes at
   * `fromSample`.
   */
  resume?: { fromSample: number; parts: RecognisedPart[] };
  /**
   * "answers" only: the bytes are a draft, the recording so far. Its new segments are recognised
   * and handed back (`parts`, `resumeAt`), with no transcript and no PCM, as far as the speaker
   * had got (DraftUpTo).
   */
  draft?: DraftUpTo;
};

/**
 * How far the speaker had got when a draft was sent: still `speaking` (the last segment may end
 * mid-word, so it waits for more audio), `paused` (the page heard a silence: once the recording
 * holds some of it, it closes the last segment, which is recognised now; `closingPause`) or
 * `stopped` (the recording is whole: every segment).
 */
export type DraftUpTo = "speaking" | "paused" | "stopped";

/** A word on the recording's clock, with how sure the recogniser was of it (0..1). */
export type TimedWord = EngineTimedWord & { confidence: number };

export type TranscribeJobResult = {
  text: string;
  confidence: number;
  words: TimedWord[];
  durationSeconds: number;
  truncated: boolean;
  /** The decoded recording, 16 kHz mono ("answers" only). */
  pcm?: Float32Array;
  /** A partial job's newly recognised segments, and the sample where the next job resumes. */
  parts?: RecognisedPart[];
  resumeAt?: number;
};

/** Why a job failed; the pool turns these into EngineErrors. */
export type JobFailure = {
  kind: "invalid_audio" | "too_long" | "internal";
  message: string;
};

export type WorkerReply =
  | { type: "ready"; warnings: string[] }
  | { type: "init-failed"; message: string }
  | { type: "result"; id: number; value: TranscribeJobResult }
  | { type: "failed"; id: number; failure: JobFailure };

export type WorkerRequest = { id: number; job: TranscribeJob };

const port = parentPort;
const setup = workerData as WorkerSetup;

async function transcribeQuestion(
  recogniser: Recogniser,
  job: TranscribeJob,
): Promise<TranscribeJobResult> {
  const audio = await decodeWebmOpus(job.bytes, {
    sampleRate: RECOGNISER_SAMPLE_RATE,
    maxSeconds: setup.maxSeconds,
  });
  const speech = trimSilence(audio.pcm, audio.sampleRate);
  const heard =
    speech.length === 0 ? { text: "", confidence: 0, words: [] } : recogniser.recognise(speech);
  return {
    text: heard.text,
    confidence: heard.confidence,
    words: heard.words.map(({ word, confidence, startSeconds, endSeconds }) => ({
      word,
      confidence,
      startSeconds,
      endSeconds,
    })),
    durationSeconds: audio.durationSeconds,
    truncated: audio.truncated,
  };
}

async function transcribeAnswer(
  recogniser: AnswerRecogniser,
  job: TranscribeJob,
): Promise<TranscribeJobResult> {
  const audio = await decodeWebmOpus(job.bytes, {
    sampleRate: RECOGNISER_SAMPLE_RATE,
    maxSeconds: setup.maxSeconds,
  });
  const fromSample = Math.min(job.resume?.fromSample ?? 0, audio.pcm.length);
  // The whole recording, from its start: the detector's decisions then do not depend on where
  // an earlier job stopped. No speech at all: nothing to search (the decoder would guess a word
  // or two from silence).
  const found = detectSpeech(audio.pcm, audio.sampleRate);
  let segments = found.regions.length > 0 ? splitAtPauses(found, { fromSample }) : [];
  if (job.draft === "speaking" || job.draft === "paused") {
    const closedAt = job.draft === "paused" ? closingPause(found) : undefined;
    segments =
      closedAt === undefined
        ? segments.slice(0, -1)
        : segments
            .filter((segment) => segment.startSample < closedAt)
            .map((segment) => ({ ...segment, endSample: Math.min(segment.endSample, closedAt) }));
  }
  // A stretch of silence alone (after a draft's cut in a pause) has no words: the decoder would
  // guess one or two.
  const parts = segments
    .filter((segment) => hasSpeech(found, segment))
    .map(({ startSample, endSample }) => ({
      offsetSeconds: startSample / audio.sampleRate,
      recognition: recogniser.recognise(audio.pcm.subarray(startSample, endSample), job.extraWords),
    }));
  const durationSeconds = audio.durationSeconds;
  if (job.draft) {
    return {
      text: "",
      confidence: 0,
      words: [],
      durationSeconds,
      truncated: audio.truncated,
      parts,
      resumeAt: segments.at(-1)?.endSample ?? fromSample,
    };
  }
  const heard = joinSegments(
    found.regions.length > 0 ? [...(job.resume?.parts ?? []), ...parts] : [],
  );
  return {
    text: heard.text,
    confidence: heard.confidence,
    words: heard.words.map(({ word, confidence, startSeconds, endSeconds }) => ({
      word,
      confidence,
      startSeconds,
      endSeconds,
    })),
    durationSeconds,
    truncated: audio.truncated,
    pcm: audio.pcm,
  };
}

function failureOf(error: unknown): JobFailure {
  if (error instanceof AudioFormatError) return { kind: "invalid_audio", message: error.message };
  if (error instanceof RecordingTooLongError) return { kind: "too_long", message: error.message };
  return { kind: "internal", message: error instanceof Error ? error.message : String(error) };
}

if (port) {
  try {
    let transcribe: (job: TranscribeJob) => Promise<TranscribeJobResult>;
    let warnings: string[] = [];
    if (setup.kind === "answers") {
      const recogniser = await createAnswerRecogniser();
      transcribe = (job) => transcribeAnswer(recogniser, job);
    } else {
      const recogniser = await createRecogniser(setup.questions);
      warnings = recogniser.grammar.warnings;
      transcribe = (job) => transcribeQuestion(recogniser, job);
    }
    port.on("message", (request: WorkerRequest) => {
      transcribe(request.job).then(
        (value) =>
          port.postMessage(
            { type: "result", id: request.id, value } satisfies WorkerReply,
            value.pcm ? [value.pcm.buffer as ArrayBuffer] : [],
          ),
        (error: unknown) =>
          port.postMessage({
            type: "failed",
            id: request.id,
            failure: failureOf(error),
          } satisfies WorkerReply),
      );
    });
    port.postMessage({ type: "ready", warnings } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({
      type: "init-failed",
      message: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply);
  }
}
