// npm run bench:queue — AI work as jobs on PostgreSQL (docs/decisions/0130), with the built server
// (run `npm run build` first) as separate processes: two ROLE=web instances behind no balancer
// (users alternate between them) and ROLE=worker processes on a scratch database of
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
//
// 1. Fairness and throughput: BENCH_USERS (10) users at once, each sending BENCH_ANSWERS (4)
//    spoken answers to a question of their own (BENCH_QUESTIONS=one: all to the same one) one
//    after another (a user has one answer in flight), with 1 worker, then 2:
//    every answer must get its report; the slowest user's last report ≤ 1.5× the fastest's;
//    throughput with 2 workers ≥ 1.7× that with 1.
// 2. The same with 2 workers, one killed with SIGKILL a few seconds in: nothing lost.
// 3. One user alone: time to a report through web + worker, against one ROLE=all process on the
//    same PostgreSQL and the embedded default; and what the queue adds (report time minus the
//    worker's run time, read from pg-boss's job rows).
// 4. Memory (RSS): each role idle 8 s after start; ROLE=all after one spoken answer.
// Beside each round, where its CPU went per answer (workers, web processes, the rest of the machine);
// after the rounds, the recogniser alone in two processes against one, with nothing else running:
// the 2-vs-1 this machine's cores allow before any queue, web process or database is involved.
// Each worker takes one job at a time (TRANSCRIBE_WORKERS=1): on this 2-core machine two workers
// are two cores. The load average is printed beside each figure: other work on the machine
// slows everything and narrows the 2-vs-1 ratio.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createInterface } from "node:readline";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadQuestionBank } from "@/server/library/answer-library";
import { readFixture } from "@tests/support/audio-fixtures";
import { createScratchDatabase, postgresReachable } from "@tests/support/test-database";
import { apikey, premiumUser, quantile, startServer, type Process } from "./support/http";
import { cpuSeconds, machineBusySeconds, rssMb } from "./support/proc";

const USERS = Number(process.env.BENCH_USERS ?? 10);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 4);
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** One issuer for every process, as an operator runs them. */
const SITE_URL = "http://localhost:3901";
/**
 * Each user answers a question of their own, as a class does (BENCH_QUESTIONS=one: all the same):
 * a worker that alternates between users alternates between questions, and the recogniser's
 * grammar carries the question's words.
 */
const questions =
  process.env.BENCH_QUESTIONS === "one"
    ? ["Tell me about a conflict with a coworker and how you resolved it."]
    : loadQuestionBank()
        .slice(0, USERS)
        .map((entry) => entry.question);
const questionOf = (user: number) => questions[user % questions.length]!;
/** About 5 s of speech. */
const audio = Buffer.from(readFixture("conflict-coworker.awb")).toString("base64");
const generous = {
  // A report waits as long as the queue in front of it on a busy machine.
  REQUEST_TIMEOUT_MS: "900000",
  RATE_LIMIT_EVALUATE_PER_MINUTE: "1000000",
  PRACTICE_AUDIO_SECONDS_PER_10_MINUTES: "1000000",
  TRANSCRIBE_WORKERS: "1",
};

const load = () => os.loadavg()[0]!.toFixed(2);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Worker = { pid: number; kill(signal: NodeJS.Signals): Promise<void> };

async function startWorker(databaseUrl: string): Promise<Worker> {
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      ...generous,
      ROLE: "worker",
      DATABASE_URL: databaseUrl,
      SITE_URL,
      OPENAI_API_KEY: "",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  while (!out.includes("worker taking AI jobs")) {
    if (child.exitCode !== null) throw new Error(`worker exited:\n${out}`);
    await sleep(50);
  }
  return {
    pid: child.pid!,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    },
  };
}

async function evaluate(web: string, token: string, question = questionOf(0)) {
  const started = performance.now();
  const res = await fetch(`${web}/functions/v1/evaluate-answer`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey, authorization: `Bearer ${token}` },
    body: JSON.stringify({ question, audio }),
  });
  const body = await res.text();
  if (res.status !== 200) console.info(`  evaluate-answer ${res.status}: ${body.slice(0, 200)}`);
  return { ok: res.status === 200, ms: performance.now() - started };
}

/** A scratch database with two web processes and users subscribed through them. */
async function cluster() {
  const scratch = await createScratchDatabase(pgUrl, "ic_bench_queue");
  const env = { ...generous, DATABASE_URL: scratch.url, SITE_URL };
  const webs = [
    await startServer({ ...env, ROLE: "web" }),
    await startServer({ ...env, ROLE: "web" }),
  ];
  const tokens: string[] = [];
  for (let u = 0; u < USERS; u++) tokens.push(await premiumUser(webs[u % 2]!.url));
  const workers: Worker[] = [];
  const database = new pg.Client({ connectionString: scratch.url });
  await database.connect();
  return {
    scratch,
    webs,
    tokens,
    workers,
    database,
    async addWorker() {
      const worker = await startWorker(scratch.url);
      workers.push(worker);
      // Its recogniser loads on its first job: give it one, so the round times the answers. One
      // answer alone would go to whichever worker looks first, most often a warm one: as many
      // users' answers at once as there are workers, so each worker takes one.
      await Promise.all(workers.map((_, k) => evaluate(webs[k % webs.length]!.url, tokens[k]!)));
      return worker;
    },
    async stop() {
      await Promise.all(workers.map((worker) => worker.kill("SIGTERM")));
      await Promise.all(webs.map((web) => web.stop()));
      await database.end();
      await scratch.drop();
    },
  };
}

type Cluster = Awaited<ReturnType<typeof cluster>>;

/** Every user at once, each answer after the last one's report; optionally a worker killed. */
async function round(c: Cluster, label: string, kill?: { worker: Worker; afterMs: number }) {
  const loadBefore = load();
  const cpu = (): CpuSnapshot => {
    const own = process.cpuUsage();
    return {
      web: c.webs.reduce((sum, web) => sum + cpuSeconds(web.pid), 0),
      worker: c.workers.reduce((sum, worker) => sum + cpuSeconds(worker.pid), 0),
      bench: (own.user + own.system) / 1e6,
      machine: machineBusySeconds(),
    };
  };
  const cpuBefore = kill ? undefined : cpu();
  const started = performance.now();
  let failed = 0;
  const killing = kill && sleep(kill.afterMs).then(() => kill.worker.kill("SIGKILL"));
  const lastReport = await Promise.all(
    c.tokens.map(async (token, u) => {
      for (let k = 0; k < ANSWERS; k++) {
        const { ok } = await evaluate(c.webs[u % 2]!.url, token, questionOf(u));
        if (!ok) failed++;
      }
      return performance.now() - started;
    }),
  );
  await killing;
  const seconds = (performance.now() - started) / 1000;
  lastReport.sort((a, b) => a - b);
  const fairness = lastReport.at(-1)! / lastReport[0]!;
  const perMinute = (USERS * ANSWERS * 60) / seconds;
  // Where the CPU went, per answer: a killed worker's share cannot be read, so not for that round.
  const perAnswer = cpuBefore ? cpuPerAnswer(cpuBefore, cpu(), seconds) : " | – | –";
  console.info(
    `| ${label} | ${USERS * ANSWERS - failed}/${USERS * ANSWERS} | ${seconds.toFixed(1)} | ${perMinute.toFixed(1)} | ${(lastReport[0]! / 1000).toFixed(1)} | ${(lastReport.at(-1)! / 1000).toFixed(1)} | ${fairness.toFixed(2)}${perAnswer} | ${loadBefore} → ${load()} |`,
  );
  return { perMinute, failed, fairness };
}

type CpuSnapshot = { web: number; worker: number; bench: number; machine: number };

/** Table cells: CPU seconds per answer by process role, and the machine's busy time of its cores'. */
function cpuPerAnswer(before: CpuSnapshot, after: CpuSnapshot, seconds: number) {
  const answers = USERS * ANSWERS;
  const used = (key: keyof CpuSnapshot) => (after[key] - before[key]) / answers;
  const rest = used("machine") - used("web") - used("worker") - used("bench");
  const cores = (os.cpus().length * seconds) / answers;
  return ` | ${used("worker").toFixed(2)} / ${used("web").toFixed(2)} / ${rest.toFixed(2)} / ${used("bench").toFixed(2)} | ${used("machine").toFixed(2)} of ${cores.toFixed(2)}`;
}

/** One user alone, `n` answers one after another: median time to the report. */
async function alone(web: string, token: string, n = 5) {
  const times: number[] = [];
  for (let k = 0; k < n; k++) times.push((await evaluate(web, token)).ms);
  return quantile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

if (!(await postgresReachable(pgUrl))) {
  console.error(`PostgreSQL is not reachable at ${pgUrl}`);
  process.exit(1);
}
console.info(`${os.cpus().length} CPUs, load average ${load()} before the run`);
console.info(`\n${USERS} users × ${ANSWERS} spoken answers of about 5 s, two web processes\n`);
console.info(
  "| workers | reports | seconds | answers/min | fastest user's last (s) | slowest user's last (s) | slowest/fastest | CPU s per answer: workers / webs / PostgreSQL and the system / this client | machine busy s per answer, of the cores' | load |",
);
console.info("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");

/**
 * This machine's own ceiling: the recogniser alone (no web process, queue or database) in `copies`
 * processes side by side, started together; answers per minute across them.
 */
async function recogniserAlone(copies: number, rounds = 8): Promise<number> {
  const children = Array.from({ length: copies }, () =>
    spawn(
      process.execPath,
      ["--import", "tsx", "scripts/bench/support/recognise-loop.ts", String(rounds)],
      {
        stdio: ["pipe", "pipe", "inherit"],
      },
    ),
  );
  const exited = children.map((child) => new Promise((resolve) => child.once("exit", resolve)));
  const lines = children.map((child) => createInterface({ input: child.stdout! }));
  const next = (k: number) => new Promise<string>((resolve) => lines[k]!.once("line", resolve));
  await Promise.all(children.map((_, k) => next(k))); // each has loaded
  const done = children.map((_, k) => next(k));
  for (const child of children) child.stdin!.end("go\n");
  const ms = Math.max(...(await Promise.all(done)).map(Number));
  await Promise.all(exited);
  return (copies * rounds * 60_000) / ms;
}

const c = await cluster();
let single: { split: number; overheadMs: number } | undefined;
try {
  await c.addWorker();
  const one = await round(c, "1");
  await c.addWorker();
  const two = await round(c, "2");
  const victim = c.workers[0]!;
  const killed = await round(c, "2, one killed (SIGKILL) after 5 s", {
    worker: victim,
    afterMs: 5_000,
  });
  c.workers.splice(c.workers.indexOf(victim), 1);
  const loadBefore = load();
  const ceiling = (await recogniserAlone(2)) / (await recogniserAlone(1));
  console.info(
    `\nThe recogniser alone in two processes vs one, on this machine: ${ceiling.toFixed(2)}× the answers ` +
      `per minute (load ${loadBefore} → ${load()}), the most the queue could reach here`,
  );
  console.info(
    `\n2 workers vs 1: ${(two.perMinute / one.perMinute).toFixed(2)}× the answers per minute (target ≥ 1.7); ` +
      `slowest/fastest user ${two.fairness.toFixed(2)} (target ≤ 1.5); ` +
      `lost with a worker killed: ${killed.failed} (target 0)`,
  );

  // One user alone through web + worker, and what the queue itself adds per answer.
  const since = new Date();
  const split = await alone(c.webs[0]!.url, c.tokens[1]!);
  const { rows } = await c.database.query<{ run_ms: number; wait_ms: number }>(
    `select extract(epoch from completed_on - started_on) * 1000 as run_ms,
            extract(epoch from started_on - created_on) * 1000 as wait_ms
       from pgboss.job where name = 'evaluate-answer' and created_on >= $1 and state = 'completed'`,
    [since],
  );
  const runMs = quantile(
    rows.map((row) => Number(row.run_ms)).sort((a, b) => a - b),
    0.5,
  );
  const waitMs = quantile(
    rows.map((row) => Number(row.wait_ms)).sort((a, b) => a - b),
    0.5,
  );
  single = { split, overheadMs: split - runMs };
  console.info(
    `\nOne user alone (median of 5, load ${load()}): ${split.toFixed(0)} ms to the report through ` +
      `web + worker; the worker's run ${runMs.toFixed(0)} ms, the wait for a worker ${waitMs.toFixed(0)} ms, ` +
      `so the queue and the second process add ${single.overheadMs.toFixed(0)} ms (target ≤ 300)`,
  );
} finally {
  await c.stop();
}

/** A ROLE=all process (PGlite unless `env` names a database): median alone, RSS idle and after. */
async function allInOne(label: string, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-queue-"));
  const server: Process = await startServer({ ...generous, DATA_DIR: dataDir, ...env });
  try {
    await sleep(8_000);
    const idle = rssMb(server.pid);
    const token = await premiumUser(server.url);
    await evaluate(server.url, token); // the recogniser loads
    const afterOne = rssMb(server.pid);
    const ms = await alone(server.url, token);
    console.info(`| ${label} | ${ms.toFixed(0)} | ${idle} | ${afterOne} | ${load()} |`);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.info("\nOne process doing both (ROLE=all), for comparison\n");
console.info(
  "| process | one user alone, median (ms) | RSS idle 8 s (MB) | RSS after one spoken answer (MB) | load |",
);
console.info("| --- | --- | --- | --- | --- |");
// The built server itself on a new embedded database, which it creates in its own process;
// `npm start` creates it in a short-lived child first (scripts/start.mjs): see bench:memory.
await allInOne("dist/server/main.js on a new PGlite (not npm start)", { DATABASE_URL: "" });
const scratch = await createScratchDatabase(pgUrl, "ic_bench_queue");
try {
  await allInOne("ROLE=all on PostgreSQL", { DATABASE_URL: scratch.url });

  // Idle memory of the split roles.
  const web = await startServer({ ...generous, DATABASE_URL: scratch.url, ROLE: "web", SITE_URL });
  const worker = await startWorker(scratch.url);
  await sleep(8_000);
  console.info(
    `\nIdle 8 s after start on PostgreSQL: ROLE=web ${rssMb(web.pid)} MB (target ≤ 200), ` +
      `ROLE=worker ${rssMb(worker.pid)} MB (its question recogniser loaded), load ${load()}`,
  );
  await web.stop();
  await worker.kill("SIGTERM");
} finally {
  await scratch.drop();
}
