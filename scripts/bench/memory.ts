// npm run bench:memory — what `npm start` holds in memory (RSS), end to end: the real
// `scripts/start.mjs` (which builds only if the build is missing or stale) on a fresh embedded
// PGlite data directory with no other settings, as a clean clone runs it:
// 1. idle 8 s after /health first answers;
// 2. after one spoken answer sent as the practice page sends it (sign up, subscribe through the
//    built-in test checkout, the recording ahead as an answer-draft, then evaluate-answer with
//    the whole recording), as soon as the report is back;
// 3. 30 s after that report, and the time to a report for the same answer again;
// then all three again on a second start on the same data directory (a returning user's server).
// Then a `ROLE=web` process on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test), idle 8 s after start.
// RSS is the whole process tree's (the server's worker threads are in its process; any child
// process is added). Targets: ≤ 450 MB idle, ≤ 900 MB after one spoken answer, ROLE=web ≤ 200 MB.
// The machine may be shared: the load average is printed beside each figure.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { readFixture } from "@tests/support/audio-fixtures";
import { createScratchDatabase, postgresReachable } from "@tests/support/test-database";
import { apikey, postJson, premiumUser, startProcess, startServer } from "./support/http";
import { treeRssMb } from "./support/proc";

const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const question = "Tell me about a time you had to meet a tight deadline.";
/** About 11 s of a spoken answer. */
const recording = Buffer.from(readFixture("answer-deadline.slt")).toString("base64");

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` as a clean clone runs it: no settings but a port and a fresh data directory. */
function npmStart(dataDir: string) {
  // Nothing of this shell's configuration; the public client key is given so the bench need not
  // read it from the page (it changes nothing else).
  return startProcess(
    ["scripts/start.mjs"],
    {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.homedir(),
      DATA_DIR: dataDir,
      AUTH_PUBLIC_KEY: apikey,
    },
    "/health",
    { inherit: false },
  );
}

/** One spoken answer as the practice page sends it; resolves with the report's arrival time. */
async function spokenAnswer(url: string, token: string) {
  const authorization = `Bearer ${token}`;
  const started = performance.now();
  await postJson(
    `${url}/functions/v1/answer-draft`,
    { draft: crypto.randomUUID(), seq: 0, chunk: recording, question, done: true },
    { authorization },
  );
  const res = await fetch(`${url}/functions/v1/evaluate-answer`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey, authorization },
    body: JSON.stringify({ question, audio: recording }),
  });
  const body = (await res.json()) as { transcript?: string };
  if (res.status !== 200) throw new Error(`evaluate-answer ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, transcript: body.transcript ?? "" };
}

console.info(`${os.cpus().length} CPUs, load average ${load()} (1, 5, 15 min) before the run\n`);

/** Idle, after one spoken answer, and 30 s later, for one start of `npm start` on `dataDir`. */
async function session(label: string, dataDir: string) {
  const server = await npmStart(dataDir);
  try {
    await sleep(8_000);
    console.info(
      `${label}, idle 8 s after start: ${treeRssMb(server.pid)} MB (target ≤ 450), load ${load()}`,
    );
    const token = await premiumUser(server.url);
    const { ms, transcript } = await spokenAnswer(server.url, token);
    console.info(
      `  after one spoken answer (report in ${(ms / 1000).toFixed(1)} s): ${treeRssMb(server.pid)} MB (target ≤ 900), load ${load()}`,
    );
    console.info(`  heard: "${transcript.slice(0, 100)}…"`);
    await sleep(30_000);
    console.info(`  30 s after the report: ${treeRssMb(server.pid)} MB, load ${load()}`);
    // What the first answer's wait for the recogniser to load costs, beside a loaded one.
    const again = await spokenAnswer(server.url, token);
    console.info(
      `  the same answer again, recogniser loaded: report in ${(again.ms / 1000).toFixed(1)} s, ${treeRssMb(server.pid)} MB, load ${load()}`,
    );
  } finally {
    await server.stop();
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-memory-"));
try {
  await session("npm start on a clean clone (new data directory)", dataDir);
  await session("\nnpm start again (the same data directory)", dataDir);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

if (await postgresReachable(pgUrl)) {
  const scratch = await createScratchDatabase(pgUrl, "ic_bench_memory");
  try {
    const web = await startServer({ DATABASE_URL: scratch.url, ROLE: "web" });
    try {
      await sleep(8_000);
      console.info(
        `\nROLE=web on PostgreSQL, idle 8 s after start: ${treeRssMb(web.pid)} MB (target ≤ 200), load ${load()}`,
      );
    } finally {
      await web.stop();
    }
  } finally {
    await scratch.drop();
  }
} else {
  console.info(`\nPostgreSQL not reachable at ${pgUrl}: ROLE=web skipped`);
}
