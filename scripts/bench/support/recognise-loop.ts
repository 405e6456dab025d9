// A child of bench:queue: the offline answer recogniser alone (no web process, queue or database)
// hearing one answer `rounds` times. It loads, says "ready", waits for a line on stdin so that
// copies running side by side start together, then prints the milliseconds the rounds took.
import { createInterface } from "node:readline";
import { createOfflineAnswerTranscriber } from "@/server/ai/offline/transcriber";
import { readFixture } from "@tests/support/audio-fixtures";

const rounds = Number(process.argv[2] ?? 8);
const audio = { bytes: readFixture("conflict-coworker.awb"), mimeType: "audio/webm" };
const transcriber = createOfflineAnswerTranscriber({ workers: 1, maxSeconds: 200 });
await transcriber.transcribe(audio, []);
console.info("ready");
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once("line", resolve));
lines.close();
const started = performance.now();
for (let round = 0; round < rounds; round++) await transcriber.transcribe(audio, []);
console.info(Math.round(performance.now() - started));
await transcriber.close();
