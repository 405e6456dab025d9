// npm run bench:offline — the offline transcriber's cost: real-time factor (processing time ÷
// audio length) of WebM/Opus decoding + recognition for a ~10 s and a ~60 s recording, and the
// process RSS before and after many transcriptions through the real worker pool; then, through
// the built server, /health latency while 4 transcriptions run and the time to the first
// streamed chunk of an offline answer.
// Targets: real-time factor ≤ 0.1; RSS growth < 20 MB over 500 transcriptions; /health p99
// < 50 ms under 4 transcriptions; first answer chunk < 100 ms.
// BENCH_TRANSCRIPTIONS sets the count (default 500). Figures depend on the machine and its load.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRecogniser } from "@/server/ai/offline/recognizer";
import { createOfflineTranscriber } from "@/server/ai/offline/transcriber";
import { testQuestions } from "@tests/data/transcriber-test-questions";
import { decodeWebmOpus } from "@/server/audio/decode";
import { trimSilence } from "@/server/audio/speech";
import { fixturesDir, readFixture } from "@tests/support/audio-fixtures";
import { demuxWebmOpus, opusPacketSamples } from "@/server/audio/webm";
import { writeWebm } from "@tests/support/webm-writer";
import { autocannon, premiumUser, quantile, startServer } from "./support/http";

const transcriptions = Number(process.env.BENCH_TRANSCRIPTIONS ?? 500);
const questions = testQuestions();

// Recordings of a chosen length: real Chromium Opus packets from the fixtures, end to end.
const fixtureIds = readdirSync(fixturesDir)
  .filter((name) => name.endsWith(".webm") && !name.startsWith("off-topic"))
  .map((name) => name.replace(/\.webm$/, ""));
const allPackets = fixtureIds.flatMap((id) => demuxWebmOpus(readFixture(id)).packets);
const recording = (seconds: number) => {
  const packets: Uint8Array[] = [];
  for (let samples = 0, i = 0; samples < seconds * 48_000; i++) {
    const packet = allPackets[i % allPackets.length]!;
    packets.push(packet);
    samples += opusPacketSamples(packet);
  }
  return writeWebm(packets);
};

const recogniser = await createRecogniser(questions);
console.info(
  `grammar: ${recogniser.grammar.phrases.length} phrasings, ${recogniser.grammar.jsgf.length} characters of JSGF`,
);
console.info("\nreal-time factor: decode, trim silence, recognise (what each worker does per job)");
for (const seconds of [10, 60]) {
  const bytes = recording(seconds);
  const runs = seconds <= 10 ? 3 : 1;
  let decodeMs = 0;
  let recogniseMs = 0;
  let audioSeconds = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const audio = await decodeWebmOpus(bytes);
    const decoded = performance.now();
    recogniser.recognise(trimSilence(audio.pcm, audio.sampleRate));
    decodeMs += decoded - started;
    recogniseMs += performance.now() - decoded;
    audioSeconds += audio.durationSeconds;
  }
  const rtf = (decodeMs + recogniseMs) / 1000 / audioSeconds;
  console.info(
    `  ${(audioSeconds / runs).toFixed(1)} s: decode ${(decodeMs / runs).toFixed(0)} ms, recognise ${(recogniseMs / runs).toFixed(0)} ms,` +
      ` real-time factor ${rtf.toFixed(3)} ${rtf <= 0.1 ? "(ok ≤ 0.1)" : "(MISS > 0.1)"}`,
  );
}
recogniser.close();

console.info(`\nmemory over ${transcriptions} transcriptions through the worker pool (1 worker)`);
const transcriber = createOfflineTranscriber({ questions, workers: 1 });
await transcriber.ready;
const samples = fixtureIds.slice(0, 10).map((id) => readFixture(id));
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
// Warm up, so the baseline includes the loaded recogniser and a grown WASM heap.
for (const bytes of samples)
  await transcriber.transcribe({ bytes, mimeType: "audio/webm" }).catch(() => {});
global.gc?.();
const before = rssMb();
const started = performance.now();
for (let i = 0; i < transcriptions; i++) {
  await transcriber
    .transcribe({ bytes: samples[i % samples.length]!, mimeType: "audio/webm" })
    .catch(() => {});
}
const elapsed = (performance.now() - started) / 1000;
global.gc?.();
const after = rssMb();
await transcriber.close();
const growth = after - before;
console.info(
  `  RSS ${before.toFixed(0)} MB → ${after.toFixed(0)} MB (growth ${growth.toFixed(1)} MB ${growth < 20 ? "ok < 20 MB" : "MISS ≥ 20 MB"}),` +
    ` ${(transcriptions / elapsed).toFixed(1)} transcriptions/s`,
);

// Through the real server (built, as `npm start` runs it, offline engines, PGlite): is the
// server still responsive while transcriptions run, and how soon does an answer start to stream?
console.info("\nthrough the running server (offline engines, TRANSCRIBE_WORKERS=1, PGlite)");
spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "ignore" });
const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-offline-"));
const server = await startServer({
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  RATE_LIMIT_TRANSCRIBE_PER_MINUTE: "100000",
  RATE_LIMIT_ANSWER_PER_MINUTE: "100000",
});
try {
  const token = await premiumUser(server.url);
  const call = (name: string, body: unknown) =>
    fetch(`${server.url}/functions/v1/${name}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  // The first call loads the recogniser in the worker (as the practice page's first call does).
  await (await call("practice-config", {})).text();
  const audio = Buffer.from(recording(10)).toString("base64");
  const warm = await call("transcribe-audio", { audio });
  if (!warm.ok) throw new Error(`transcribe-audio: ${warm.status} ${await warm.text()}`);

  const idle = await autocannon({ url: `${server.url}/health`, connections: 1, duration: 5 });
  let running = true;
  let done = 0;
  const transcribing = Array.from({ length: 4 }, async () => {
    while (running) {
      const res = await call("transcribe-audio", { audio });
      if (!res.ok) throw new Error(`transcribe-audio: ${res.status} ${await res.text()}`);
      await res.text();
      done++;
    }
  });
  await new Promise((r) => setTimeout(r, 500)); // all four under way
  const busy = await autocannon({ url: `${server.url}/health`, connections: 1, duration: 10 });
  running = false;
  await Promise.all(transcribing);
  console.info(
    `  GET /health, idle:                         p50 ${idle.latency.p50} ms, p99 ${idle.latency.p99} ms`,
  );
  console.info(
    `  GET /health, 4 transcriptions running:     p50 ${busy.latency.p50} ms, p99 ${busy.latency.p99} ms` +
      ` ${busy.latency.p99 < 50 ? "(ok < 50 ms)" : "(MISS ≥ 50 ms)"}; ${done} transcriptions of 10 s finished meanwhile`,
  );

  // Time to the first streamed chunk of the offline answerer: bank questions, a paraphrase and
  // questions outside the bank (answered from a framework for their type).
  const typed = [
    "Tell me about yourself.",
    "What is your greatest weakness?",
    "Could you walk me through a time you had to deal with a really unhappy customer?",
    "How would you explain a technical idea to someone who is not technical?",
    "What would you do if a teammate kept missing deadlines?",
  ];
  const firstChunk: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (const question of typed) {
      const started = performance.now();
      const res = await call("generate-interview-answer", { question, stream: true });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let first = 0;
      for (;;) {
        const { done: ended, value } = await reader.read();
        if (ended) break;
        if (!first && decoder.decode(value).includes('"delta"'))
          first = performance.now() - started;
      }
      if (!first) throw new Error(`no streamed chunk for "${question}"`);
      firstChunk.push(first);
    }
  }
  firstChunk.sort((a, b) => a - b);
  const p = (q: number) => quantile(firstChunk, q);
  console.info(
    `  first streamed answer chunk (${firstChunk.length} requests): median ${p(0.5).toFixed(0)} ms,` +
      ` p95 ${p(0.95).toFixed(0)} ms, max ${firstChunk.at(-1)!.toFixed(0)} ms` +
      ` ${firstChunk.at(-1)! < 100 ? "(ok < 100 ms)" : "(MISS ≥ 100 ms at the slowest)"}`,
  );
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
