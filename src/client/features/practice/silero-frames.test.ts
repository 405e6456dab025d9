import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as ort from "onnxruntime-web/wasm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Model } from "@ricky0123/vad-web/dist/models/common";
import { readWav } from "@tests/support/speech";
import { createTurnDetector, TURN_PAUSES, type TurnEvent } from "./end-of-turn";
import { loadSileroModel, SILERO_FRAME_SAMPLES, sileroFrames } from "./silero-frames";

/**
 * The real Silero v5 model, on the real onnxruntime-web WebAssembly (in Node, as in the page), on
 * real recordings: an answer in two parts with a 2 s thinking pause, in a room with steady noise
 * 10 dB under the voice — where the energy detector cut in during the pause (0104's addendum).
 * Its frames drive the turn logic as the interview drives it.
 */
const require = createRequire(import.meta.url);
const RATE = 16_000;
const LEAD_S = 1.5;
const PAUSE_S = 2;
const TAIL_S = 5;

let model: Model;
beforeAll(async () => {
  // Node cannot fetch a file: URL; the page fetches the same file from our origin.
  ort.env.wasm.wasmBinary = readFileSync(
    require.resolve("onnxruntime-web/ort-wasm-simd-threaded.wasm"),
  );
  const file = readFileSync(require.resolve("@ricky0123/vad-web/dist/silero_vad_v5.onnx"));
  model = await loadSileroModel(async () =>
    file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength),
  );
});

/** Seeded white noise, `snrDb` under the speech's level. */
function noise(length: number, speechRms: number, snrDb: number): Float32Array {
  let seed = 7;
  const out = new Float32Array(length);
  let sum = 0;
  for (let i = 0; i < length; i++) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    out[i] = (seed / 2 ** 32) * 2 - 1;
    sum += out[i]! * out[i]!;
  }
  const scale = speechRms / 10 ** (snrDb / 20) / Math.sqrt(sum / length);
  return out.map((x) => x * scale);
}

function twoPartAnswer(first: Float32Array, second: Float32Array, snrDb: number | null) {
  const lead = LEAD_S * RATE;
  const gap = PAUSE_S * RATE;
  const signal = new Float32Array(lead + first.length + gap + second.length + TAIL_S * RATE);
  signal.set(first, lead);
  signal.set(second, lead + first.length + gap);
  if (snrDb !== null) {
    const speechRms = Math.sqrt(first.reduce((sum, x) => sum + x * x, 0) / first.length);
    const room = noise(signal.length, speechRms, snrDb);
    for (let i = 0; i < signal.length; i++) signal[i]! += room[i]!;
  }
  const pauseAt = (lead + first.length) / RATE;
  return { signal, pauseAt, speechEnd: pauseAt + PAUSE_S + second.length / RATE };
}

/** The recording without its silent padding. */
function trimmed(pcm: Float32Array): Float32Array {
  let start = 0;
  while (start < pcm.length && Math.abs(pcm[start]!) < 0.01) start++;
  let end = pcm.length - 1;
  while (end > start && Math.abs(pcm[end]!) < 0.01) end--;
  return pcm.slice(start, end + 1);
}

async function turnEvents(signal: Float32Array) {
  const frames = sileroFrames(model);
  frames.reset();
  const turn = createTurnDetector(TURN_PAUSES.standard);
  const events: { event: Exclude<TurnEvent, null>; at: number }[] = [];
  for (let at = 0; at + SILERO_FRAME_SAMPLES <= signal.length; at += SILERO_FRAME_SAMPLES) {
    const speech = await frames.hear(signal.slice(at, at + SILERO_FRAME_SAMPLES));
    const now = ((at + SILERO_FRAME_SAMPLES) / RATE) * 1000;
    const event = turn.frame(speech, now);
    if (event) events.push({ event, at: now / 1000 });
  }
  return events;
}

describe("Silero's frames into the turn logic", () => {
  const first = trimmed(readWav("tests/fixtures/audio/answer-deadline.slt.wav"));
  const second = trimmed(readWav("tests/fixtures/audio/conflict-coworker.rms.wav"));

  for (const snrDb of [null, 10]) {
    it(`hears the answer, lets the thinking pause pass and ends a standard pause after it (${snrDb === null ? "quiet room" : `noise ${snrDb} dB under the voice`})`, async () => {
      const { signal, pauseAt, speechEnd } = twoPartAnswer(first, second, snrDb);
      const events = await turnEvents(signal);
      const started = events.find((e) => e.event === "speech");
      expect(started?.at).toBeGreaterThan(LEAD_S);
      expect(started!.at).toBeLessThan(LEAD_S + 0.5);
      // The pause was heard as one (the page asks the server about the words so far)…
      expect(
        events.some((e) => e.event === "pause" && e.at > pauseAt && e.at < pauseAt + PAUSE_S),
      ).toBe(true);
      // …and did not end the turn; the silence after the last word did.
      const ends = events.filter((e) => e.event === "end");
      expect(ends).toHaveLength(1);
      const late = ends[0]!.at - speechEnd - TURN_PAUSES.standard.pauseMs / 1000;
      expect(late).toBeGreaterThan(-0.1);
      expect(late).toBeLessThan(0.4);
    });
  }

  it("hears nothing in a room where nobody speaks", async () => {
    const silence = new Float32Array(4 * RATE);
    const room = noise(silence.length, 0.05, 10);
    expect(await turnEvents(room)).toEqual([]);
  });
});
