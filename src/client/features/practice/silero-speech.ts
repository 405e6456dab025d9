import { Message } from "@ricky0123/vad-web/dist/messages";
import * as ort from "onnxruntime-web/wasm";
// Served from our origin under content-hashed names (cached for a year), never fetched elsewhere.
// The worklet must stay a file: inlined as a data: URL, the CSP would refuse it.
import workletUrl from "@ricky0123/vad-web/dist/vad.worklet.bundle.min.js?url&no-inline";
import modelUrl from "@ricky0123/vad-web/dist/silero_vad_v5.onnx?url";
import wasmUrl from "onnxruntime-web/ort-wasm-simd-threaded.wasm?url";
import type { SpeechDetector } from "./end-of-turn";
import {
  loadSileroModel,
  SILERO_FRAME_MS,
  SILERO_FRAME_SAMPLES,
  sileroFrames,
} from "./silero-frames";

/**
 * Silero v5 saying which frames are speech (docs/decisions/0104), loaded only when an interview
 * starts: vad-web's AudioWorklet resamples the microphone to 16 kHz frames of 512 samples
 * (32 ms), its Silero class runs the v5 model on onnxruntime-web's single-threaded WebAssembly,
 * and each frame's probability becomes speech or not for the turn logic (`createTurnDetector`),
 * which alone decides when a turn ends. vad-web's own MicVAD is not used: it asks for the
 * microphone itself, stops its tracks on pause, and fetches its files under fixed names.
 */

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
  ort.env.wasm.wasmPaths = { wasm: wasmUrl };
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
  // Each frame is timed by the audio itself, 32 ms after the one before from when listening
  // began, not by when the page got round to it: a page busy for a moment (a draft being sent, a
  // slow core) would otherwise hear the end of a thinking pause late and take it for a longer one.
  let frameEndsAt = 0;
  let failed = 0;
  node.port.onmessage = (event: MessageEvent<{ message?: string; data?: unknown }>) => {
    const { message, data } = event.data;
    const listener = onFrame;
    if (message !== Message.AudioFrame || !(data instanceof ArrayBuffer) || !listener) return;
    frameEndsAt += SILERO_FRAME_MS;
    const at = frameEndsAt;
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
      frameEndsAt = performance.now();
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
