// Chromium's real MediaRecorder as a recording device for scripts: a WAV file played into its fake
// microphone comes back as the WebM/Opus the practice page would upload. Used by
// `npm run fixtures:recordings` (make-recordings.ts) and `npm run eval:feedback`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { findChromium } from "@tests/e2e/support/chromium";

/** A WAV file's length in seconds (soxi). */
export function duration(wav: string): number {
  return Number(execFileSync("soxi", ["-D", wav], { encoding: "utf8" }).trim());
}

/** The page that records: the same MediaRecorder settings as the practice page's recorder. */
const page = `<!doctype html><meta charset="utf-8"><script>
async function record(ms) {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
  });
  const recorder = new MediaRecorder(stream, { mimeType: "audio/webm;codecs=opus", audioBitsPerSecond: 32000 });
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

/** Plays `wav` into Chromium's fake microphone and returns what MediaRecorder made of it. */
export async function recordInChromium(wav: string, seconds: number): Promise<Buffer> {
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
    const base64 = await tab.evaluate(
      (ms) => (globalThis as unknown as { record(ms: number): Promise<string> }).record(ms),
      Math.round(seconds * 1000) + 600,
    );
    return Buffer.from(base64, "base64");
  } finally {
    await browser.close();
    server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
