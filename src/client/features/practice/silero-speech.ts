import { Message } from "@ricky0123/vad-web/dist/messages";
import type { Model } from "@ricky0123/vad-web/dist/models/common";
import { Silero } from "@ricky0123/vad-web/dist/models/silero";
import * as ort from "onnxruntime-web/wasm";
// Served from our origin under content-hashed names (cached for a year), never fetched elsewhere.
// The worklet must stay a file: inlined as a data: URL, the CSP would refuse it.
import workletUrl from "@ricky0123/vad-web/dist/vad.worklet.bundle.min.js?url&no-inline";
import modelUrl from "@ricky0123/vad-web/dist/silero_vad_v5.onnx?url";
import wasmUrl from "onnxruntime-web/ort-wasm-simd-threaded.wasm?url";
import { createProbabilityGate, type SpeechDetector } from "./end-of-turn";

/**
 * Silero v5 saying which frames are speech (docs/decisions/0104), loaded only when an interview
 * starts: vad-web's AudioWorklet resamples the microphone to 16 kHz frames of 512 samples
 * (32 ms), its Silero class runs the v5 model on onnxruntime-web's single-threaded WebAssembly,
 * and each frame's probability becomes speech or not for the turn logic (`createTurnDetector`),
 * which alone decides when a turn ends. vad-web's own MicVAD is not used: it asks for the
 * microphone itself, stops its tracks on pause, and fetches its files under fixed names.
 */

/** Samples per frame at 16 kHz, as Silero v5 takes them. */
export const SILERO_FRAME_SAMPLES = 512;

/** The v5 model on onnxruntime-web; `modelBytes` fetches the model file. */
export function loadSileroModel(modelBytes: () => Promise<ArrayBuffer>): Promise<Model> {
  // One thread: several need cross-origin isolation and workers, and Silero needs about a
  // millisecond per 32 ms frame.
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = { wasm: wasmUrl };
  ort.env.logLevel = "error";
  return Silero.new(ort, modelBytes);
}

/**
 * Frames (16 kHz, 512 samples) to speech or not, one after another: the model carries its state
 * from frame to frame, so a frame never starts before the one before it has been heard.
 */
export function sileroFrames(model: Model) {
  let gate = createProbabilityGate();
  let queue = Promise.resolve();
  return {
    hear(frame: Float32Array): Promise<boolean> {
      const heard = queue.then(async () => gate((await model.process(frame)).isSpeech));
      queue = heard.then(
        () => {},
        () => {},
      );
      return heard;
    },
    /** A new turn: forget the last one's voice. */
    reset() {
      queue = queue.then(() => {
        model.reset_state();
        gate = createProbabilityGate();
      });
    },
  };
}

/** Frames in a row the model may fail on before Silero is given up for this interview. */
const FAILED_FRAMES_MAX = 10;

/**
 * Silero on `source` (the interview's microphone); throws when it cannot run here, and calls
 * `onFailure` once if it stops working later (the model failing frame after frame).
 */
export async function openSileroDetector(
  context: AudioContext,
  source: AudioNode,
  onFailure: (error: unknown) => void,
): Promise<SpeechDetector> {
  if (typeof WebAssembly !== "object" || !context.audioWorklet) {
    throw new Error("this browser has no AudioWorklet or WebAssembly");
  }
  const [model] = await Promise.all([
    loadSileroModel(async () => {
      const response = await fetch(modelUrl);
      if (!response.ok) throw new Error(`the speech model did not load (${response.status})`);
      return response.arrayBuffer();
    }),
    context.audioWorklet.addModule(workletUrl),
  ]);
  const frames = sileroFrames(model);
  const node = new AudioWorkletNode(context, "vad-helper-worklet", {
    processorOptions: { frameSamples: SILERO_FRAME_SAMPLES },
  });
  let onFrame: ((speech: boolean, now: number) => void) | null = null;
  let failed = 0;
  node.port.onmessage = (event: MessageEvent<{ message?: string; data?: unknown }>) => {
    const { message, data } = event.data;
    const listener = onFrame;
    if (message !== Message.AudioFrame || !(data instanceof ArrayBuffer) || !listener) return;
    const at = performance.now();
    void frames.hear(new Float32Array(data)).then(
      (speech) => {
        failed = 0;
        if (onFrame === listener) listener(speech, at);
      },
      (error: unknown) => {
        if (++failed === FAILED_FRAMES_MAX) onFailure(error);
      },
    );
  };
  let connected = false;
  return {
    kind: "silero",
    listen(listener) {
      frames.reset();
      onFrame = listener;
      if (!connected) source.connect(node);
      connected = true;
      // Heard only while the user may answer: not while the interviewer speaks.
      return () => {
        if (onFrame !== listener) return;
        onFrame = null;
        if (connected) source.disconnect(node);
        connected = false;
      };
    },
    close() {
      onFrame = null;
      if (connected) source.disconnect(node);
      connected = false;
      node.port.postMessage(Message.SpeechStop);
      void model.release().catch(() => {});
    },
  };
}
