import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EngineError } from "@/server/ai/engine";
import type { DatabaseHandle } from "@/server/db/client";
import { ApiError } from "@/server/http/errors";
import { createLogger } from "@/server/logger";
import { createTestDatabase } from "@tests/support/test-database";
import { createJobQueue, type JobQueue } from "./queue";

/**
 * The AI job queue on the test database (PGlite, or PostgreSQL with DATABASE_URL): sending and
 * working in one process, as `npm start` does.
 */
describe("the AI job queue", () => {
  let database: DatabaseHandle;
  let jobs: JobQueue;

  beforeEach(async () => {
    database = await createTestDatabase();
    jobs = createJobQueue(database, createLogger("silent"));
  });
  afterEach(async () => {
    await jobs.close(1_000);
    await database.close();
  });

  const run = (input: unknown, owner = "ada", options: { signal?: AbortSignal } = {}) =>
    jobs.run("transcribe-question", input, { owner, timeoutMs: 30_000, ...options });

  it("runs a job in a worker and hands its output back", async () => {
    jobs.work("transcribe-question", 1, async (input) => ({ heard: (input as { n: number }).n }));
    expect(await run({ n: 7 })).toEqual({ heard: 7 });
    expect(await jobs.status("ada")).toEqual({ state: "idle" });
  });

  it("passes the user's failures on as they were thrown, without trying again", async () => {
    let calls = 0;
    jobs.work("transcribe-question", 1, async (input) => {
      calls++;
      if ((input as { kind: string }).kind === "engine") {
        throw new EngineError("unrecognised", "Nothing heard.");
      }
      throw new ApiError("not_found", "No such session.");
    });
    const engine = await run({ kind: "engine" }).catch((error: unknown) => error);
    expect(engine).toBeInstanceOf(EngineError);
    expect(engine).toMatchObject({ kind: "unrecognised", message: "Nothing heard." });
    const api = await run({ kind: "api" }).catch((error: unknown) => error);
    expect(api).toBeInstanceOf(ApiError);
    expect(api).toMatchObject({ code: "not_found", status: 404 });
    expect(calls).toBe(2);
  });

  it("tries a job again when a worker fails unexpectedly, and logs the failure", async () => {
    const lines: string[] = [];
    await jobs.close(1_000);
    jobs = createJobQueue(
      database,
      createLogger("warn", { write: (line: string) => void lines.push(line) }),
    );
    let calls = 0;
    jobs.work("transcribe-question", 1, async () => {
      if (++calls === 1) throw new Error("the worker lost its recogniser");
      return "heard";
    });
    expect(await run({})).toBe("heard");
    expect(calls).toBe(2);
    const failures = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failures).toContainEqual(
      expect.objectContaining({
        kind: "transcribe-question",
        err: expect.objectContaining({ message: "the worker lost its recogniser" }),
      }),
    );
  });

  it("takes one job per user at a time, so another user's job is not held behind", async () => {
    const running: string[] = [];
    const order: string[] = [];
    const release = new Map<string, () => void>();
    jobs.work("transcribe-question", 2, async (input) => {
      const { name } = input as { name: string };
      order.push(name);
      running.push(name);
      await new Promise<void>((resolve) => release.set(name, resolve));
      running.splice(running.indexOf(name), 1);
      return name;
    });
    const ada1 = run({ name: "ada-1" }, "ada");
    await until(() => running.includes("ada-1"));
    const ada2 = run({ name: "ada-2" }, "ada");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const bob = run({ name: "bob" }, "bob");
    // Two workers, but Ada's second job waits for her first; Bob's runs beside it.
    await until(() => running.includes("bob"));
    expect(running).toEqual(["ada-1", "bob"]);
    expect(await jobs.status("ada")).toEqual({ state: "running" });
    release.get("ada-1")!();
    release.get("bob")!();
    await until(() => running.includes("ada-2"));
    release.get("ada-2")!();
    expect(await Promise.all([ada1, ada2, bob])).toEqual(["ada-1", "ada-2", "bob"]);
    expect(order).toEqual(["ada-1", "bob", "ada-2"]);
  });

  it("takes the next waiting job as soon as one is done, not at its next poll", async () => {
    // Sent together, so no new job announces itself while the worker is busy: all it has to go
    // on is that it has just finished one. Its backstop poll is 10 s.
    const started: number[] = [];
    jobs.work("transcribe-question", 1, async (input) => {
      started.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 100));
      return input;
    });
    await jobs.start();
    const owners = ["ada", "bob", "cy", "di", "ed"];
    expect(await Promise.all(owners.map((owner) => run(owner, owner)))).toEqual(owners);
    const gaps = started.slice(1).map((at, k) => at - started[k]!);
    expect(Math.max(...gaps)).toBeLessThan(3_000);
  }, 60_000);

  it("says where a waiting job is, and cancels it when its request is abandoned", async () => {
    // Sent, but nothing in this process works this kind: the job waits.
    jobs.work("evaluate-answer", 1, async () => "unused");
    const abandon = new AbortController();
    const waiting = run({}, "ada", { signal: abandon.signal }).catch((error: unknown) => error);
    await until(async () => (await jobs.status("ada")).state !== "idle");
    expect(await jobs.status("ada")).toEqual({ state: "queued", position: 1 });
    abandon.abort();
    expect(await waiting).toBeInstanceOf(EngineError);
    await until(async () => (await jobs.status("ada")).state === "idle");
  });

  it("runs a job nobody waits for, which the user is not told about, once", async () => {
    const heard: unknown[] = [];
    let release = () => {};
    jobs.work("decode-draft", 1, async (input) => {
      heard.push(input);
      await new Promise<void>((resolve) => (release = resolve));
      throw new Error("a draft's hearing failed");
    });
    await jobs.send("decode-draft", { recording: "r1" }, { owner: "ada" });
    await until(() => heard.length === 1);
    // Running, but not an answer the user waits for: queue-status says nothing of it.
    expect(await jobs.status("ada")).toEqual({ state: "idle" });
    expect(await jobs.depth()).toContainEqual({ kind: "decode-draft", queued: 0, active: 1 });
    release();
    // Failed, and not tried again: a draft's hearing is worth something only while it is spoken.
    await until(async () =>
      (await jobs.depth()).some((kind) => kind.kind === "decode-draft" && kind.active === 0),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(heard).toEqual([{ recording: "r1" }]);
  });

  it("drops the owner's jobs of a kind that no worker has started, and nobody else's", async () => {
    let release = () => {};
    const heard: unknown[] = [];
    jobs.work("decode-draft", 1, async (input) => {
      heard.push(input);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await jobs.send("decode-draft", { n: 1 }, { owner: "ada" });
    await until(() => heard.length === 1);
    await jobs.send("decode-draft", { n: 2 }, { owner: "ada" });
    await jobs.send("decode-draft", { n: 3 }, { owner: "grace" });
    await jobs.dropQueued("decode-draft", "ada");
    await jobs.send("decode-draft", { n: 4 }, { owner: "ada" });
    for (let n = 0; n < 3; n++) {
      release();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await until(() => {
      release();
      return heard.length === 3;
    });
    expect(heard).toEqual(expect.arrayContaining([{ n: 1 }, { n: 3 }, { n: 4 }]));
    expect(heard).not.toContainEqual({ n: 2 });
  });

  it("gives up waiting at the deadline with a timeout", async () => {
    jobs.work("evaluate-answer", 1, async () => "unused");
    const late = await jobs
      .run("transcribe-question", {}, { owner: "ada", timeoutMs: 300 })
      .catch((error: unknown) => error);
    expect(late).toMatchObject({ kind: "timeout" });
  });
});

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
