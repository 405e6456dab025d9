// Which detector should end the AI Interviewer's turns: the energy detector over an adaptive noise
// floor (src/client/features/practice/end-of-turn.ts, the page's fallback), libfvad, the WebRTC
// voice-activity detector the server already uses (src/server/audio/speech.ts), or Silero v5 as
// the page runs it (silero-frames.ts: vad-web's model on onnxruntime-web's WebAssembly)? All
// drive the same turn logic (createTurnDetector), on the same answers, in the same rooms.
//
// Each trial is an answer in two parts with a 2 s thinking pause between them, after 1.5 s of
// room and followed by 5 s of it: the turn must not end in the pause, and should end the page's
// standard pause (TURN_PAUSES.standard) after the true end of speech. Rooms: quiet, steady noise
// (white, and a fan's brown noise) at 20 and 10 dB below the speech, and other people talking
// (babble: three other recordings) at 15 dB. Reported per detector and room: turns ended inside
// the thinking pause (a cut-off), speech found before anyone spoke, turns that never ended (the
// user must press "I'm done"), how late the end came (p50/p95 beyond the pause), and how long the
// 2 s pause was heard (p50 and the longest): a turn ending after a shorter silence than the
// longest would cut into one of them.
//
// Run: `npm run eval:turn-detector [-- more/recordings/dir…]` (16 kHz mono WAVs; the repository's
// flite recordings by default). What-ifs: THINKING_S=2.2 makes the pause longer, PAUSE_MS=2300
// ends a turn after another silence than the page's.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import * as ort from "onnxruntime-web/wasm";
import { detectSpeech } from "@/server/audio/speech";
import {
  createEnergyGate,
  createTurnDetector,
  levelDb,
  TURN_PAUSES,
  type TurnEvent,
} from "@/client/features/practice/end-of-turn";
import {
  loadSileroModel,
  SILERO_FRAME_MS,
  SILERO_FRAME_SAMPLES,
  sileroFrames,
} from "@/client/features/practice/silero-frames";

const RATE = 16_000;
const FRAME = RATE / 50; // 20 ms, as the page and libfvad both use
const LEAD_S = 1.5;
const THINKING_S = Number(process.env.THINKING_S ?? 2);
const { finishedPauseMs } = TURN_PAUSES.standard;
const pauseMs = Number(process.env.PAUSE_MS ?? TURN_PAUSES.standard.pauseMs);
const TAIL_S = 5;

function readWav(path: string): Float32Array {
  const bytes = readFileSync(path);
  let at = 12;
  while (at < bytes.length) {
    const id = bytes.toString("ascii", at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === "fmt ") {
      if (bytes.readUInt16LE(at + 10) !== 1 || bytes.readUInt32LE(at + 12) !== RATE)
        throw new Error(`${path}: expected 16 kHz mono PCM`);
    }
    if (id === "data") {
      const out = new Float32Array(size / 2);
      for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(at + 8 + 2 * i) / 32768;
      return out;
    }
    at += 8 + size;
  }
  throw new Error(`${path}: no data`);
}

/** The recording without its silent padding: where speech truly is. */
function trimmed(pcm: Float32Array): Float32Array {
  const loud = (i: number) => levelDb(pcm.subarray(i, i + FRAME)) > -45;
  let start = 0;
  while (start < pcm.length && !loud(start)) start += FRAME;
  let end = pcm.length - FRAME;
  while (end > start && !loud(end)) end -= FRAME;
  return pcm.slice(start, end + FRAME);
}

const rms = (pcm: Float32Array) => Math.sqrt(pcm.reduce((sum, x) => sum + x * x, 0) / pcm.length);

/** Seeded, so every run hears the same rooms. */
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

type Room = { name: string; make(length: number, speechRms: number, seed: number): Float32Array };

function steady(kind: "white" | "brown", snrDb: number): Room {
  return {
    name: `${kind} noise, ${snrDb} dB`,
    make(length, speechRms, seed) {
      const next = random(seed);
      const out = new Float32Array(length);
      let brown = 0;
      for (let i = 0; i < length; i++) {
        const white = next() * 2 - 1;
        brown = kind === "brown" ? 0.98 * brown + 0.02 * white : white;
        out[i] = brown;
      }
      const scale = speechRms / 10 ** (snrDb / 20) / rms(out);
      return out.map((x) => x * scale);
    },
  };
}

function babble(voices: Float32Array[], snrDb: number): Room {
  return {
    name: `babble, ${snrDb} dB`,
    make(length, speechRms, seed) {
      const next = random(seed);
      const out = new Float32Array(length);
      for (let v = 0; v < 3; v++) {
        const voice = voices[Math.floor(next() * voices.length)]!;
        let at = Math.floor(next() * voice.length);
        for (let i = 0; i < length; i++) out[i]! += voice[at++ % voice.length]!;
      }
      const scale = speechRms / 10 ** (snrDb / 20) / rms(out);
      return out.map((x) => x * scale);
    },
  };
}

type Trial = { signal: Float32Array; speechStart: number; speechEnd: number };

function trial(first: Float32Array, second: Float32Array, room: Room | null, seed: number): Trial {
  const lead = LEAD_S * RATE;
  const gap = THINKING_S * RATE;
  const length = lead + first.length + gap + second.length + TAIL_S * RATE;
  const signal = new Float32Array(length);
  signal.set(first, lead);
  signal.set(second, lead + first.length + gap);
  if (room) {
    const noise = room.make(length, rms(first), seed);
    for (let i = 0; i < length; i++) signal[i]! += noise[i]!;
  }
  return {
    signal,
    speechStart: LEAD_S,
    speechEnd: (lead + first.length + gap + second.length) / RATE,
  };
}

/** Frames of `frameMs`: levels in dBFS (through the energy gate) or speech-or-not. */
type Detector = {
  name: string;
  frameMs: number;
  speech(signal: Float32Array): Promise<boolean[] | number[]> | boolean[] | number[];
};

// The runtime's WebAssembly and the model from the installed packages (the page fetches the same
// files from our origin).
const require = createRequire(import.meta.url);
ort.env.wasm.wasmBinary = readFileSync(
  require.resolve("onnxruntime-web/ort-wasm-simd-threaded.wasm"),
);
const modelFile = readFileSync(require.resolve("@ricky0123/vad-web/dist/silero_vad_v5.onnx"));
const silero = sileroFrames(
  await loadSileroModel(async () =>
    modelFile.buffer.slice(modelFile.byteOffset, modelFile.byteOffset + modelFile.byteLength),
  ),
);

const detectors: Detector[] = [
  {
    name: "energy (fallback)",
    frameMs: 20,
    // Levels in dBFS, as the page feeds them.
    speech: (signal) =>
      Array.from({ length: Math.floor(signal.length / FRAME) }, (_, k) =>
        levelDb(signal.subarray(k * FRAME, (k + 1) * FRAME)),
      ),
  },
  {
    name: "libfvad (mode 3)",
    frameMs: 20,
    speech: (signal) => [...detectSpeech(signal, RATE).voiced].map((v) => v === 1),
  },
  {
    name: "Silero v5 (the page)",
    frameMs: SILERO_FRAME_MS,
    async speech(signal) {
      silero.reset();
      const frames: boolean[] = [];
      for (let at = 0; at + SILERO_FRAME_SAMPLES <= signal.length; at += SILERO_FRAME_SAMPLES) {
        frames.push(await silero.hear(signal.slice(at, at + SILERO_FRAME_SAMPLES)));
      }
      return frames;
    },
  },
];

/**
 * Runs the page's turn logic over the frames; a level (dBFS) goes through the energy gate. A
 * frame's time is its end, when the page has heard it.
 */
function run(frames: boolean[] | number[], frameMs: number, speechEnd: number) {
  const turn = createTurnDetector({ pauseMs, finishedPauseMs });
  // The same logic with no end: the longest silence it hears before the answer's true end.
  const ear = createTurnDetector({ pauseMs: Infinity, finishedPauseMs: Infinity });
  const energy = createEnergyGate();
  const events: { event: Exclude<TurnEvent, null>; at: number }[] = [];
  let longestSilence = 0;
  frames.forEach((frame, k) => {
    const speech = typeof frame === "number" ? energy(frame) : frame;
    const now = (k + 1) * frameMs;
    const event = turn.frame(speech, now);
    if (event) events.push({ event, at: now / 1000 });
    ear.frame(speech, now);
    // Measured where the turn could end: on a frame that is not speech.
    if (!speech && now / 1000 <= speechEnd && ear.speechEndedAt !== null)
      longestSilence = Math.max(longestSilence, now - ear.speechEndedAt);
  });
  return { events, longestSilence: longestSilence / 1000 };
}

const dirs = process.argv.slice(2);
const files = (dirs.length ? dirs : ["tests/fixtures/audio"]).flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".wav"))
    .map((name) => join(dir, name)),
);
const answers = files.map((file) => trimmed(readWav(file)));
const rooms: (Room | null)[] = [
  null,
  steady("white", 20),
  steady("white", 10),
  steady("brown", 20),
  steady("brown", 10),
  babble(answers, 15),
];

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

console.info(
  `eval:turn-detector — ${answers.length} recordings, ${answers.length} two-part answers per room; ` +
    `a ${THINKING_S} s thinking pause, turns end after ${pauseMs / 1000} s of silence\n`,
);
console.info(
  "detector".padEnd(22) +
    "room".padEnd(20) +
    "cut-offs  early speech  never ended  late p50  late p95  pause heard p50 / max",
);
for (const detector of detectors) {
  for (const room of rooms) {
    let cutOffs = 0;
    let early = 0;
    let never = 0;
    const late: number[] = [];
    const heard: number[] = [];
    for (const [i, first] of answers.entries()) {
      const second = answers[(i + 1) % answers.length]!;
      const t = trial(first, second, room, i + 1);
      const { events, longestSilence } = run(
        await detector.speech(t.signal),
        detector.frameMs,
        t.speechEnd,
      );
      heard.push(longestSilence);
      const firstSpeech = events.find((e) => e.event === "speech");
      if (firstSpeech && firstSpeech.at < t.speechStart - 0.1) early++;
      const end = events.find((e) => e.event === "end");
      if (!end) never++;
      else if (end.at < t.speechEnd) cutOffs++;
      else late.push(end.at - t.speechEnd - pauseMs / 1000);
    }
    const s = (x: number) => (Number.isNaN(x) ? "—" : `${x.toFixed(2)} s`);
    console.info(
      detector.name.padEnd(22) +
        (room?.name ?? "quiet").padEnd(20) +
        String(cutOffs).padStart(8) +
        String(early).padStart(14) +
        String(never).padStart(13) +
        s(percentile(late, 50)).padStart(10) +
        s(percentile(late, 95)).padStart(10) +
        `${s(percentile(heard, 50))} / ${s(Math.max(...heard))}`.padStart(23),
    );
  }
}
