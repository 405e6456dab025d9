// npm run bench:offline — the offline transcriber's cost: real-time factor (processing time ÷
// audio length) of WebM/Opus decoding + recognition for a ~10 s and a ~60 s recording, and the
// process RSS before and after many transcriptions through the real worker pool.
// Targets: real-time factor ≤ 0.1; RSS growth < 20 MB over 500 transcriptions.
// BENCH_TRANSCRIPTIONS sets the count (default 500). Figures depend on the machine and its load.
import { readdirSync } from "node:fs";
import { createRecogniser } from "@/server/ai/offline/recognizer";
import { createOfflineTranscriber } from "@/server/ai/offline/transcriber";
import { testQuestions } from "@/server/ai/offline/transcriber-test-questions";
import { decodeWebmOpus } from "@/server/audio/decode";
import { trimSilence } from "@/server/audio/silence";
import { fixturesDir, readFixture } from "@/server/audio/test-fixtures";
import { demuxWebmOpus, opusPacketSamples } from "@/server/audio/webm";
import { writeWebm } from "@/server/audio/webm-writer";

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

// Still to add once the practice functions exist (issue 7, functions engineer):
//   - /health p99 latency while 4 transcriptions run concurrently through POST /functions/v1/transcribe-audio
//   - time to the first answer chunk of generate-interview-answer with stream: true
