// npm run bench:feedback — time from the end of the upload to the feedback report, offline, for
// spoken answers of 30, 60 and 120 s (made by joining the Opus packets of the recorded answers
// in tests/fixtures/audio, so the recogniser hears real speech), and the memory the answer
// recogniser's worker adds. Against the built server on 127.0.0.1, one request at a time.
// As the browser does it: while the answer is "spoken" (in real time), its bytes go ahead to
// answer-draft every 4 s (decision 0070), then the whole answer goes to evaluate-answer at once,
// the moment it ends. For comparison, the same answers sent whole with no draft.
// Then the cloud engines against the local fake OpenAI server, which answers at once in the real
// wire format (transcription with word timestamps, a json_schema chat completion): the whole time
// is our own overhead around the provider's — reading the body, decoding the audio for the
// delivery figures, the two calls' plumbing, storing the attempt.
//   BENCH_FEEDBACK_RUNS (3 per length; 1 for 120 s and for the rows without a draft)
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import os from "node:os";
import { demuxWebmOpus, opusPacketSamples } from "@/server/audio/webm";
import { readFixture } from "@tests/support/audio-fixtures";
import { startFakeOpenAI } from "@tests/support/fake-openai";
import { writeWebm } from "@tests/support/webm-writer";
import { apikey, premiumUser, quantile, startServer } from "./support/http";
import { rssMb } from "./support/proc";

const RUNS = Number(process.env.BENCH_FEEDBACK_RUNS ?? 3);
const LENGTHS = [30, 60, 120];
const DRAFT_EVERY_SECONDS = 4;
const question = "Tell me about a time you met a tight deadline.";

/** `seconds` of speech: the recorded answers' packets, one after another, over and over. */
function answerOf(seconds: number): Uint8Array {
  const packets = ["answer-deadline.slt", "answer-feedback.awb"].flatMap(
    (id) => demuxWebmOpus(readFixture(id)).packets,
  );
  const joined: Uint8Array[] = [];
  for (let samples = 0, i = 0; samples < seconds * 48_000; i++) {
    const packet = packets[i % packets.length]!;
    joined.push(packet);
    samples += opusPacketSamples(packet);
  }
  return writeWebm(joined);
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

console.info(
  `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} before the run`,
);
/** A server of our own (offline engines unless `env` says otherwise) and a subscriber's calls. */
async function feedbackServer(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-feedback-"));
  const server = await startServer({
    RATE_LIMIT_EVALUATE_PER_MINUTE: "100000",
    RATE_LIMIT_ANSWER_DRAFT_PER_MINUTE: "100000",
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    ...env,
  });
  const token = await premiumUser(server.url);
  const call = async (name: string, body: unknown) => {
    const res = await fetch(`${server.url}/functions/v1/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey, authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer: unknown = await res.json();
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const evaluate = async (audio: Uint8Array) => {
    const started = performance.now();
    await call("evaluate-answer", { question, audio: base64(audio) });
    return performance.now() - started;
  };
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { pid: server.pid, call, evaluate, stop };
}

const row = (seconds: number, sent: string, times: number[]) => {
  times.sort((a, b) => a - b);
  const target = seconds === 60 && sent.startsWith("drafted") ? "p50 ≤ 3000 ms" : "";
  console.info(
    `| ${seconds} s | ${sent} | ${times.length} | ${quantile(times, 0.5).toFixed(0)} | ${times.at(-1)!.toFixed(0)} | ${target} |`,
  );
};

const offline = await feedbackServer({});
try {
  const { call, evaluate } = offline;
  /** The answer "spoken" in real time, its bytes sent ahead as the recorder would. */
  const speakWithDraft = async (audio: Uint8Array, seconds: number, draft: string) => {
    const started = performance.now();
    let sent = 0;
    for (let seq = 0; sent < audio.length; seq++) {
      const until = Math.min(seconds, (seq + 1) * DRAFT_EVERY_SECONDS);
      await sleep(started + until * 1000 - performance.now());
      const end = until >= seconds ? audio.length : Math.floor((audio.length * until) / seconds);
      const done = end === audio.length;
      await call("answer-draft", {
        draft,
        seq,
        chunk: base64(audio.subarray(sent, end)),
        question,
        done,
      });
      sent = end;
    }
    return evaluate(audio);
  };
  const before = rssMb(offline.pid);
  await evaluate(answerOf(10)); // starts the answer recogniser's worker
  const afterWarm = rssMb(offline.pid);
  console.info(
    `\nRSS ${before.toFixed(0)} MB idle, ${afterWarm.toFixed(0)} MB with the answer worker`,
  );
  console.info("\n| answer | sent | runs | p50 ms | max ms | target |");
  console.info("| --- | --- | ---: | ---: | ---: | --- |");
  for (const seconds of LENGTHS) {
    const audio = answerOf(seconds);
    const runs = seconds > 60 ? 1 : RUNS;
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      times.push(await speakWithDraft(audio, seconds, `bench-${seconds}-${run}`));
    }
    row(seconds, "drafted while spoken", times);
  }
  for (const seconds of LENGTHS)
    row(seconds, "whole, no draft", [await evaluate(answerOf(seconds))]);
} finally {
  await offline.stop();
}

const fake = await startFakeOpenAI({ transcriptSeconds: 60 });
const cloud = await feedbackServer({ AI_BASE_URL: fake.baseURL });
try {
  console.info("\nCloud engines (the fake provider answers at once): our own overhead");
  console.info("\n| answer | sent | runs | p50 ms | max ms | target |");
  console.info("| --- | --- | ---: | ---: | ---: | --- |");
  for (const seconds of LENGTHS) {
    const audio = answerOf(seconds);
    await cloud.evaluate(audio); // warm
    const times: number[] = [];
    for (let run = 0; run < 5; run++) times.push(await cloud.evaluate(audio));
    row(seconds, "whole, to the cloud engines", times);
  }
  if (!fake.requests.some((r) => r.route === "chat")) throw new Error("the fake was not asked");
} finally {
  await cloud.stop();
  await fake.close();
}
console.info(`\nload average after: ${os.loadavg()[0]!.toFixed(2)}`);
