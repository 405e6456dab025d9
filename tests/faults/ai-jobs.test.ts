import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "@tests/e2e/support/server";
import { readFixture } from "@tests/support/audio-fixtures";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import type { TestApp } from "@tests/support/test-app";
import { createScratchDatabase, postgresReachable } from "@tests/support/test-database";
import { createTestUser, type TestUser } from "@tests/support/test-users";
import { sleep } from "./support/traffic";

/**
 * AI work as jobs on PostgreSQL (docs/decisions/0130), with web and worker processes apart:
 * a worker killed (kill -9) in the middle of an answer's job leaves it to another worker, and the
 * user still gets the report; a web process killed while it waits leaves the job to finish, and
 * the attempt is in the history when the page asks again (through another web process).
 */
const baseUrl = process.env.FAULTS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const reachable = await postgresReachable(baseUrl);
if (!reachable)
  console.warn(`PostgreSQL not reachable at ${baseUrl}: the AI job faults are skipped`);

const question = "Tell me about a time you had to meet a tight deadline.";
/** About 11 s of speech: long enough to be killed in the middle of. */
const answer = Buffer.from(readFixture("answer-deadline.slt")).toString("base64");
/** Every process shares one issuer, as an operator runs them (README, Operations). */
const SITE_URL = "http://localhost:3900";

/**
 * Web processes wait for a report as long as it takes: on a loaded machine a retried job (a
 * heartbeat's lapse, a new worker loading its recogniser, the decoding) can outlast the default
 * two-minute deadline, which is not what is tested here.
 */
const webEnv = { ROLE: "web", SITE_URL, REQUEST_TIMEOUT_MS: "600000" };
/** Two processes started, one killed, a recording decoded: minutes on a loaded 2-core machine. */
const FAULT_TIMEOUT = 400_000;

type Worker = { child: ChildProcess; logs: string[]; kill(): Promise<void> };

/** A `ROLE=worker` process of the built server, resolved once it takes jobs. */
async function startWorker(databaseUrl: string): Promise<Worker> {
  const child = spawn(process.execPath, [path.resolve("dist/server/main.js")], {
    env: {
      ...process.env,
      ROLE: "worker",
      DATABASE_URL: databaseUrl,
      SITE_URL,
      TRANSCRIBE_WORKERS: "1",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!logs.join("").includes("worker taking AI jobs")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the worker did not start:\n${logs.join("")}`);
    }
    await sleep(100);
  }
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  return { child, logs, kill };
}

/** The test helpers' view of a server process: requests to its URL. */
function over(server: TestServer): TestApp {
  const request = (target: string, init?: RequestInit) =>
    fetch(new URL(target, server.url), { redirect: "manual", ...init });
  return { app: { request } } as unknown as TestApp;
}

function evaluate(server: TestServer, user: TestUser) {
  return fetch(`${server.url}/functions/v1/evaluate-answer`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${user.accessToken}` },
    body: JSON.stringify({ question, audio: answer }),
  });
}

describe.runIf(reachable)("AI jobs when a process dies", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: pg.Client;
  let web: TestServer;
  const workers: Worker[] = [];
  let ada: TestUser;

  /** The user's evaluate-answer job: its state and how many times it was started again. */
  async function jobOf(user: TestUser) {
    const { rows } = await database.query<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job
        where name = 'evaluate-answer' and group_id = $1 order by created_on desc limit 1`,
      [user.id],
    );
    return rows[0];
  }
  async function until(what: string, check: () => Promise<boolean>, ms = 300_000) {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl, "ic_jobs");
    database = new pg.Client({ connectionString: scratch.url });
    await database.connect();
    web = await startTestServer({ ...webEnv, DATABASE_URL: scratch.url });
    ada = await createTestUser(over(web));
    await subscribeTestUser(over(web), ada);
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()));
    await web?.stop();
    await database?.end();
    await scratch?.drop();
  });

  it(
    "a worker killed mid-job: another worker takes the job and the user gets the report",
    async () => {
      const first = await startWorker(scratch.url);
      workers.push(first);
      const response = evaluate(web, ada);
      await until(
        "the first worker to take the job",
        async () => (await jobOf(ada))?.state === "active",
      );
      await sleep(500); // well into decoding
      await first.kill();
      workers.push(await startWorker(scratch.url));

      const res = await response;
      expect(res.status).toBe(200);
      const feedback = (await res.json()) as { id: string; transcript: string };
      expect(feedback.transcript).toContain("deadline");
      expect(await jobOf(ada)).toMatchObject({ state: "completed", retry_count: 1 });
    },
    FAULT_TIMEOUT,
  );

  it(
    "a web process killed while waiting: the job finishes and the attempt is stored",
    async () => {
      const doomed = await startTestServer({ ...webEnv, DATABASE_URL: scratch.url });
      const response = evaluate(doomed, ada).catch(() => "connection lost");
      await until("a worker to take the job", async () => (await jobOf(ada))?.state === "active");
      const exited = new Promise((resolve) => doomed.child.once("exit", resolve));
      doomed.child.kill("SIGKILL");
      await exited;
      expect(await response).toBe("connection lost");
      await until("the job to finish", async () => (await jobOf(ada))?.state === "completed");

      // The page asks again (another web process): the answer is in the history.
      const list = await fetch(`${web.url}/functions/v1/list-attempts`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${ada.accessToken}` },
        body: JSON.stringify({}),
      });
      expect(list.status).toBe(200);
      const { attempts } = (await list.json()) as { attempts: { question: string }[] };
      // One from the first test, one from this one.
      expect(attempts.filter((attempt) => attempt.question === question)).toHaveLength(2);
      await rm(doomed.dataDir, { recursive: true, force: true });
    },
    FAULT_TIMEOUT,
  );
});
