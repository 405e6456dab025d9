// Synthetic speech for fixtures and evals: flite's voice as the 16 kHz mono WAV Chromium's fake
// microphone plays, then what its MediaRecorder makes of it (chromium-recorder.ts). Used by
// `npm run fixtures:recordings`, `eval:feedback` and `eval:role-questions`. Needs Debian's flite,
// sox and chromium.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MICROPHONE_CONSTRAINTS } from "@/client/features/practice/microphone";
import { duration, recordInChromium } from "./chromium-recorder";

export type Speech = {
  text: string;
  /** A flite voice: slt, awb, rms, kal… (`flite -lv`). */
  voice: string;
  /** flite's duration_stretch: 1 is its default pace, 1.3 about 150 words a minute. */
  stretch?: number;
  /** sox tempo: 1.25 speeds the speech up by a quarter without changing its pitch. */
  tempo?: number;
  /** Pink noise mixed in at this signal-to-noise ratio, or none for clean speech. */
  noiseSnrDb?: number | null;
};

/** Silence before and after the speech, in seconds, as a person leaves around what they say. */
export const PAD_BEFORE = 0.4;
export const PAD_AFTER = 1.0;
const FORMAT = ["-r", "16000", "-c", "1", "-b", "16"];

/** Fails early, with the install line, when a tool the recordings need is missing. */
export function requireSpeechTools(script: string): void {
  for (const tool of ["flite", "sox", "soxi"]) {
    try {
      execFileSync("which", [tool], { stdio: "ignore" });
    } catch {
      throw new Error(`${script} needs ${tool}: apt-get install -y flite sox chromium`);
    }
  }
}

/** Writes `speech` to `wavOut` (16 kHz mono, padded with silence); returns its length in seconds. */
export function synthesise(speech: Speech, wavOut: string): number {
  const raw = `${wavOut}.flite.wav`;
  const padded = `${wavOut}.padded.wav`;
  const stretch = speech.stretch ? ["--setf", `duration_stretch=${speech.stretch}`] : [];
  execFileSync("flite", ["-voice", speech.voice, ...stretch, "-t", speech.text, "-o", raw]);
  const tempo = speech.tempo ? ["tempo", String(speech.tempo)] : [];
  execFileSync("sox", [raw, ...FORMAT, padded, ...tempo, "pad", `${PAD_BEFORE}`, `${PAD_AFTER}`]);
  rmSync(raw, { force: true });
  if (speech.noiseSnrDb === undefined || speech.noiseSnrDb === null) {
    renameSync(padded, wavOut);
  } else {
    const noise = `${wavOut}.noise.wav`;
    const amplitude = rmsAmplitude(padded) / 10 ** (speech.noiseSnrDb / 20);
    execFileSync("sox", ["-n", ...FORMAT, noise, "synth", `${duration(padded)}`, "pinknoise"]);
    execFileSync("sox", ["-v", `${amplitude / rmsAmplitude(noise)}`, noise, `${noise}.scaled.wav`]);
    execFileSync("sox", ["-m", padded, `${noise}.scaled.wav`, wavOut]);
    for (const file of [padded, noise, `${noise}.scaled.wav`]) rmSync(file, { force: true });
  }
  return duration(wavOut);
}

/** A 16-bit mono WAV that sox wrote (its canonical 44-byte header), as samples in [-1, 1). */
export function readWav(file: string): Float32Array {
  const bytes = readFileSync(file).subarray(44);
  return Float32Array.from(
    { length: bytes.length / 2 },
    (_, i) => bytes.readInt16LE(i * 2) / 32768,
  );
}

function rmsAmplitude(wav: string): number {
  const stat = execFileSync("sh", ["-c", `sox "${wav}" -n stat 2>&1`], { encoding: "utf8" });
  const line = stat.split("\n").find((l) => l.startsWith("RMS     amplitude"));
  return Number(line?.split(":")[1]?.trim());
}

/**
 * `speech` recorded through Chromium with the practice page's microphone settings, cached in `dir`
 * by a hash of what was said and how it was recorded: a rerun skips flite, sox and the browser.
 * Returns the WAV played and the WebM recorded.
 */
export async function recordSpeech(
  speech: Speech,
  dir: string,
): Promise<{ wav: string; webm: string }> {
  const key = createHash("sha256")
    .update(JSON.stringify({ ...speech, microphone: MICROPHONE_CONSTRAINTS }))
    .digest("hex")
    .slice(0, 16);
  const base = path.join(dir, `${key}.${speech.voice}`);
  const wav = `${base}.wav`;
  const webm = `${base}.webm`;
  if (existsSync(webm) && existsSync(wav)) return { wav, webm };
  mkdirSync(dir, { recursive: true });
  const seconds = synthesise(speech, `${wav}.tmp.wav`);
  renameSync(`${wav}.tmp.wav`, wav);
  writeFileSync(`${webm}.tmp`, await recordInChromium(wav, seconds));
  renameSync(`${webm}.tmp`, webm);
  return { wav, webm };
}
