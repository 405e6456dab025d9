// Chromium's real MediaRecorder as a recording device for scripts: a WAV file played into its fake
// microphone comes back as the WebM/Opus the practice page would upload. Used by
// `npm run fixtures:recordings` (make-recordings.ts) and `npm run eval:feedback`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import {
  MICROPHONE_CONSTRAINTS,
  RECORDING_BITS_PER_SECOND,
} from "@/client/features/practice/microphone";
import { findChromium } from "@tests/e2e/support/chromium";

/** A WAV file's length in seconds (soxi). */
export function duration(wav: string): number {
  return Number(execFileSync("soxi", ["-D", wav], { encoding: "utf8" }).trim());
}

/**
 * Chrome's processing for `getUserMedia({audio: true})`, all of it on: what another client may
 * send, and how the committed fixtures were recorded.
 */
export const BROWSER_DEFAULT_MICROPHONE: MediaTrackConstraints = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  channelCount: 1,
};

/** The page that records, with the practice page's encoder settings. */
const page = `<!doctype html><meta charset="utf-8"><script>
async function record(ms, microphone) {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: microphone });
  const recorder = new MediaRecorder(stream, {
    mimeType: "audio/webm;codecs=opus",
    audioBitsPerSecond: ${RECORDING_BITS_PER_SECOND},
  });
  const chunks = [];
  recorder.ondataavailable = (event) => event.data.size && chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start(1000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  recorder.stop();
  await stopped;
  stream.getTracks().forEach((track) => track.stop());
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
</script>`;

/**
 * Plays `wav` into Chromium's fake microphone and returns what MediaRecorder made of it; the
 * microphone's processing is the practice page's unless `microphone` says otherwise.
 */
export async function recordInChromium(
  wav: string,
  seconds: number,
  microphone: MediaTrackConstraints = MICROPHONE_CONSTRAINTS,
): Promise<Buffer> {
  const server = http.createServer((_, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(page),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const home = mkdtempSync(path.join(os.tmpdir(), "ic-recorder-"));
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: `${home}/.config`,
      XDG_CACHE_HOME: `${home}/.cache`,
    },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${path.resolve(wav)}%noloop`,
    ],
  });
  try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${port}/`);
    // A little longer than the file, so the recording holds all of it.
    type Recorder = { record(ms: number, microphone: MediaTrackConstraints): Promise<string> };
    const base64 = await tab.evaluate(
      ([ms, settings]) => (globalThis as unknown as Recorder).record(ms, settings),
      [Math.round(seconds * 1000) + 600, microphone] as const,
    );
    return Buffer.from(base64, "base64");
  } finally {
    await browser.close();
    server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
