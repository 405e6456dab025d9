import type { Model } from "@ricky0123/vad-web/dist/models/common";
import { Silero } from "@ricky0123/vad-web/dist/models/silero";
import * as ort from "onnxruntime-web/wasm";
import { createProbabilityGate } from "./end-of-turn";

/**
 * Silero v5 frame by frame (docs/decisions/0104): vad-web's Silero class on onnxruntime-web's
 * WebAssembly, each frame's probability through the gate to speech or not. The page's detector
 * (`silero-speech.ts`) and `npm run eval:turn-detector` both hear through it.
 */

/** Samples per frame at 16 kHz, as Silero v5 takes them. */
export const SILERO_FRAME_SAMPLES = 512;
/** How long a frame lasts: 32 ms. */
export const SILERO_FRAME_MS = (SILERO_FRAME_SAMPLES / 16_000) * 1000;

/**
 * The v5 model on onnxruntime-web; `modelBytes` fetches the model file. Where the runtime's
 * WebAssembly comes from is the caller's to set (`ort.env.wasm`): our origin in the page.
 */
export async function loadSileroModel(modelBytes: () => Promise<ArrayBuffer>): Promise<Model> {
  // One thread: several need cross-origin isolation and workers, and Silero needs about a
  // millisecond per 32 ms frame.
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = "error";
  // What Silero.new does, without the two "VAD | debug" lines it writes to every user's console.
  const session = await ort.InferenceSession.create(await modelBytes());
  const state = new ort.Tensor("float32", new Float32Array(2 * 128), [2, 1, 128]);
  return new Silero(session, state, new ort.Tensor("int64", [16_000n]), ort);
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
