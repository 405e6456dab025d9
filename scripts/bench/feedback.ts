// npm run bench:feedback — time from the end of the upload to the feedback report, offline, for
// spoken answers of 30, 60 and 120 s (made by joining the Opus packets of the recorded answers
// in tests/fixtures/audio, so the recogniser hears real speech), and the memory the answer
// recogniser's worker adds. Against the built server on 127.0.0.1, one request at a time.
//   BENCH_FEEDBACK_RUNS (5 per length, after one warm-up)
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import os from "node:os";
import { demuxWebmOpus, opusPacketSamples } from "@/server/audio/webm";
import { readFixture } from "@tests/support/audio-fixtures";
import { writeWebm } from "@tests/support/webm-writer";
import { apikey, premiumUser, quantile, startServer } from "./support/http";

const RUNS = Number(process.env.BENCH_FEEDBACK_RUNS ?? 5);
const LENGTHS = [30, 60, 120];

/** `seconds` of speech: the recorded answers' packets, one after another, over and over. */
function answerOf(seconds: number): string {
  const packets = ["answer-deadline.slt", "answer-feedback.awb"].flatMap(
    (id) => demuxWebmOpus(readFixture(id)).packets,
  );
  const joined: Uint8Array[] = [];
  for (let samples = 0, i = 0; samples < seconds * 48_000; i++) {
    const packet = packets[i % packets.length]!;
    joined.push(packet);
    samples += opusPacketSamples(packet);
  }
  return Buffer.from(writeWebm(joined)).toString("base64");
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

console.info(
  `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} before the run`,
);
const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-feedback-"));
const server = await startServer({
  RATE_LIMIT_EVALUATE_PER_MINUTE: "100000",
  DATABASE_URL: "",
  DATA_DIR: dataDir,
});
try {
  const token = await premiumUser(server.url);
  const evaluate = async (audio: string) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/functions/v1/evaluate-answer`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey, authorization: `Bearer ${token}` },
      body: JSON.stringify({ question: "Tell me about a time you met a tight deadline.", audio }),
    });
    const body = (await res.json()) as { delivery?: { durationSeconds: number } };
    if (res.status !== 200)
      throw new Error(`evaluate-answer: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, seconds: body.delivery?.durationSeconds ?? 0 };
  };
  const before = rssMb(server.pid);
  await evaluate(answerOf(10)); // starts the answer recogniser's worker
  const afterWarm = rssMb(server.pid);
  console.info(
    `\nRSS ${before.toFixed(0)} MB idle, ${afterWarm.toFixed(0)} MB with the answer worker`,
  );
  console.info("\n| answer | runs | p50 ms | max ms | target |");
  console.info("| --- | ---: | ---: | ---: | --- |");
  for (const seconds of LENGTHS) {
    const audio = answerOf(seconds);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push((await evaluate(audio)).ms);
    times.sort((a, b) => a - b);
    const target = seconds === 60 ? "p50 ≤ 3000 ms" : "";
    console.info(
      `| ${seconds} s | ${RUNS} | ${quantile(times, 0.5).toFixed(0)} | ${times.at(-1)!.toFixed(0)} | ${target} |`,
    );
  }
  console.info(`\nload average after: ${os.loadavg()[0]!.toFixed(2)}`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
