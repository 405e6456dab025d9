import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { readWav } from "./speech";

/**
 * A microphone the test speaks into when it chooses: the page's getUserMedia answers a stream fed
 * by the page's own Web Audio, and `say` plays one clip into it. Unlike Chromium's file-backed
 * fake device (which plays one file from the moment the microphone opens), this lets a test or
 * the interview bench answer each question when the interviewer has asked it, with one
 * microphone open for the whole interview, as the AI Interviewer keeps it.
 */

/**
 * A clip: words, and pauses between them, in one flite voice. A pause is the whole silence between
 * the words: flite's own silence before and after each part (0.1–0.25 s) is trimmed.
 */
export type Utterance = { parts: (string | number)[]; voice?: string };

const FORMAT = ["-r", "16000", "-c", "1", "-b", "16"];

/** Writes the utterance as a 16 kHz WAV in `dir` (cached by content); its path. */
export function speakUtterance(utterance: Utterance, dir: string): string {
  const voice = utterance.voice ?? "slt";
  const key = createHash("sha256")
    .update(JSON.stringify(["trimmed", voice, utterance.parts]))
    .digest("hex");
  const out = path.join(dir, `${key.slice(0, 16)}.wav`);
  if (existsSync(out)) return out;
  mkdirSync(dir, { recursive: true });
  const pieces = utterance.parts.map((part, i) => {
    const piece = `${out}.${i}.wav`;
    if (typeof part === "number") {
      execFileSync("sox", ["-n", ...FORMAT, piece, "trim", "0", String(part)]);
    } else {
      const raw = `${piece}.raw.wav`;
      execFileSync("flite", ["-voice", voice, "-t", part, "-o", raw]);
      // Trimmed under -45 dBFS at each end (reversed to trim the end): sox's `silence` effect.
      const trim = ["silence", "1", "0.01", "-45d"];
      execFileSync("sox", [raw, ...FORMAT, piece, ...trim, "reverse", ...trim, "reverse"]);
      rmSync(raw);
    }
    return piece;
  });
  execFileSync("sox", [...pieces, `${out}.tmp.wav`]);
  for (const piece of pieces) rmSync(piece);
  renameSync(`${out}.tmp.wav`, out);
  return out;
}

/** Seconds from the clip's start to the end of its last word (the last sample above -40 dBFS). */
function speechEndSeconds(wav: string): number {
  const samples = readWav(wav);
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last]!) < 0.01) last--;
  return last / 16_000;
}

/** The page kept busy (its main thread) from `fromMs` into a clip for `forMs`: a slow laptop. */
export type Busy = { fromMs: number; forMs: number };

type MicWindow = {
  __sayClip?: (url: string, busy?: Busy) => Promise<{ startedAt: number; endedAt: number }>;
};

/**
 * In the page, before its scripts: getUserMedia answers the scripted stream. Plain JavaScript in a
 * string: a function passed over would carry the TypeScript loader's helpers (`__name`) with it.
 */
const scriptMicrophone = `(() => {
  let context, destination;
  const open = () => {
    if (!context) {
      context = new AudioContext({ sampleRate: 48000 });
      destination = context.createMediaStreamDestination();
      // A quiet room between clips, as a real microphone always sends: with nothing playing
      // into it, the stream carries no samples and a recording stops growing at the last word.
      const room = context.createConstantSource();
      room.offset.value = 0;
      room.connect(destination);
      room.start();
    }
    return { context, destination };
  };
  Object.defineProperty(navigator.mediaDevices, "getUserMedia", {
    value: async () => open().destination.stream.clone(),
  });
  window.__sayClip = async (url, busy) => {
    const { context: ctx, destination: out } = open();
    const audio = await ctx.decodeAudioData(await (await fetch(url)).arrayBuffer());
    const source = ctx.createBufferSource();
    source.buffer = audio;
    source.connect(out);
    const startedAt = performance.now();
    const ended = new Promise((resolve) => source.addEventListener("ended", resolve));
    source.start();
    if (busy) {
      setTimeout(() => {
        const until = performance.now() + busy.forMs;
        while (performance.now() < until) continue;
      }, busy.fromMs);
    }
    await ended;
    return { startedAt, endedAt: performance.now() };
  };
})();`;

/** Gives `page` the scripted microphone; clips are served to it from `/__microphone/`. */
export async function installScriptedMicrophone(page: Page): Promise<void> {
  await page.route("**/__microphone/**", (route) =>
    route.fulfill({
      path: decodeURIComponent(new URL(route.request().url()).pathname.slice(14)),
      contentType: "audio/wav",
    }),
  );
  await page.addInitScript({ content: scriptMicrophone });
}

/**
 * Plays `wav` into the page's microphone, the page kept `busy` for a while if asked; resolves
 * when it has played, with the page's clock (performance.now()) at its start and at the end of
 * its last word.
 */
export async function say(
  page: Page,
  wav: string,
  busy?: Busy,
): Promise<{ startedAt: number; speechEndedAt: number }> {
  const { startedAt } = await page.evaluate(
    ([url, busy]) => (window as MicWindow).__sayClip!(url, busy),
    [`/__microphone/${encodeURIComponent(wav)}`, busy] as const,
  );
  return { startedAt, speechEndedAt: startedAt + speechEndSeconds(wav) * 1000 };
}
