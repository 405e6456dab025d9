import { parentPort, workerData } from "node:worker_threads";
import { AudioFormatError } from "../../audio/webm";
import { decodeWebmOpus, RecordingTooLongError } from "../../audio/decode";
import { trimSilence } from "../../audio/silence";
import type { GrammarInput } from "./grammar";
import { createRecogniser, RECOGNISER_SAMPLE_RATE, type Recogniser } from "./recognizer";

/**
 * A transcription worker thread: loads the recogniser once (~90 MB, ~2.5 s), then decodes and
 * recognises one recording per message, so the server's event loop never runs the WASM.
 * Imports are relative so the file runs unbundled (tsx, in tests) and bundled (dist/server).
 */

export type WorkerSetup = {
  questions: GrammarInput[];
  maxSeconds: number;
};

export type TranscribeJob = { bytes: Uint8Array };

export type TranscribeJobResult = {
  text: string;
  confidence: number;
  words: { word: string; confidence: number }[];
  durationSeconds: number;
  truncated: boolean;
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

async function transcribe(
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
    words: heard.words.map(({ word, confidence }) => ({ word, confidence })),
    durationSeconds: audio.durationSeconds,
    truncated: audio.truncated,
  };
}

function failureOf(error: unknown): JobFailure {
  if (error instanceof AudioFormatError) return { kind: "invalid_audio", message: error.message };
  if (error instanceof RecordingTooLongError) return { kind: "too_long", message: error.message };
  return { kind: "internal", message: error instanceof Error ? error.message : String(error) };
}

if (port) {
  try {
    const recogniser = await createRecogniser(setup.questions);
    port.on("message", (request: WorkerRequest) => {
      transcribe(recogniser, request.job).then(
        (value) =>
          port.postMessage({ type: "result", id: request.id, value } satisfies WorkerReply),
        (error: unknown) =>
          port.postMessage({
            type: "failed",
            id: request.id,
            failure: failureOf(error),
          } satisfies WorkerReply),
      );
    });
    port.postMessage({
      type: "ready",
      warnings: recogniser.grammar.warnings,
    } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({
      type: "init-failed",
      message: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply);
  }
}
