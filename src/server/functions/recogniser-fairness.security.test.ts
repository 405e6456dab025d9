import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueStatusSchema } from "@/shared/feedback";
import { readFixture } from "@tests/support/audio-fixtures";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { callFunction as call, expectError } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * One subscriber could deny the offline recogniser to everyone (docs/decisions/0085): with one
 * worker and a queue of four, five long answers sent at once by one account filled it, and a
 * second user's short answer got 503 `engine_unavailable` at once. Now a user has one answer in
 * flight (more are refused with 409 at once), the queue takes turns between users, budgets count
 * seconds of audio, and a waiting user can see their place in the queue. Through the real app
 * and the real offline recogniser, with one worker.
 */

// Real decoding on two shared cores: several recordings' worth of CPU.
const DECODES_TIMEOUT = 180_000;
const question = "Tell me about a time you had to meet a tight deadline.";
const base64 = (id: string) => Buffer.from(readFixture(id)).toString("base64");
/** About 11 s each: the longest recordings we have. */
const long = [base64("answer-deadline.slt"), base64("answer-feedback.awb")];
/** About 5 s. */
const short = base64("conflict-coworker.awb");

/** Sends an answer; resolves with its status and code, and when it finished. */
async function answer(t: TestApp, user: TestUser, audio: string) {
  const res = await call(t, user, "evaluate-answer", { question, audio });
  const body = (await res.json()) as { error?: { code: string } };
  return { status: res.status, code: body.error?.code, finishedAt: performance.now() };
}

describe("the offline recogniser shared between users", () => {
  let t: TestApp;
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      env: { TRANSCRIBE_WORKERS: "1", RATE_LIMIT_EVALUATE_PER_MINUTE: "1000" },
    });
    [ada, bob] = [await createTestUser(t), await createTestUser(t)];
    await subscribeTestUser(t, ada);
    await subscribeTestUser(t, bob);
    // Load the recogniser first, so the timings below are the answers' own.
    expect((await answer(t, bob, short)).status).toBe(200);
  }, DECODES_TIMEOUT);
  afterAll(() => t?.close());

  it(
    "serves a second user's short answer while one user sends five long ones, before that user's next",
    async () => {
      // Ada sends five long answers at once: one is heard, the others are refused at once.
      const flood = Array.from({ length: 5 }, (_, k) => answer(t, ada, long[k % 2]!));
      await new Promise((resolve) => setTimeout(resolve, 400));

      // Bob's short answer waits its turn (not a 503), and can see where it is.
      const seen: unknown[] = [];
      let waiting = true;
      const bobs = answer(t, bob, short).finally(() => (waiting = false));
      while (waiting) {
        const res = await call(t, bob, "queue-status", {});
        seen.push(res.status === 200 ? await res.json() : res.status);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      const bobResult = await bobs;
      expect([bobResult.status, bobResult.code]).toEqual([200, undefined]);
      const refusedBy = performance.now();
      const first = await Promise.all(flood);
      expect(first.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = first.filter((r) => r.status !== 200);
      expect(refused.map((r) => [r.status, r.code])).toEqual(
        Array.from({ length: 4 }, () => [409, "conflict"]),
      );
      // Refused at once, not after waiting for a worker.
      for (const r of refused) expect(r.finishedAt).toBeLessThan(refusedBy);
      expect(seen).toContainEqual({ state: "queued", position: 1 });
      for (const status of seen) expect(() => queueStatusSchema.parse(status)).not.toThrow();

      // Ada's next answer, sent as soon as her first was heard, finishes after Bob's.
      const adaFirst = first.find((r) => r.status === 200)!;
      const adaNext = await answer(t, ada, long[0]!);
      expect(adaNext.status).toBe(200);
      expect(bobResult.finishedAt).toBeLessThan(adaNext.finishedAt);
      expect(adaFirst.finishedAt).toBeLessThan(adaNext.finishedAt);
      // Nobody is left in the queue.
      const after = await call(t, bob, "queue-status", {});
      expect(await after.json()).toEqual({ state: "idle" });
    },
    DECODES_TIMEOUT,
  );
});

describe("the per-user budget in seconds of audio", () => {
  let t: TestApp;
  let ada: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      env: { PRACTICE_AUDIO_SECONDS_PER_10_MINUTES: "10", RATE_LIMIT_EVALUATE_PER_MINUTE: "1000" },
    });
    ada = await createTestUser(t);
    await subscribeTestUser(t, ada);
  });
  afterAll(() => t?.close());

  it("refuses an answer longer than what is left of the budget with 429 before hearing it", async () => {
    const startedAt = performance.now();
    const res = await call(t, ada, "evaluate-answer", { question, audio: long[0] });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const error = await expectError(res, 429, "rate_limited");
    expect(error.message).toMatch(/Recordings are limited to 10 seconds every 10 minutes/);
    // No recogniser was loaded or run for it.
    expect(performance.now() - startedAt).toBeLessThan(2000);
  });

  it(
    "is one budget on every instance of the database",
    async () => {
      const other = await createTestApp({
        database: t.database,
        env: {
          PRACTICE_AUDIO_SECONDS_PER_10_MINUTES: "10",
          RATE_LIMIT_EVALUATE_PER_MINUTE: "1000",
        },
      });
      try {
        const cy = await createTestUser(t);
        await subscribeTestUser(t, cy);
        // About 5 s each: the first fits the 10 s, and the second, sent to the other instance, not.
        expect((await answer(t, cy, short)).status).toBe(200);
        const res = await call(other, cy, "evaluate-answer", { question, audio: short });
        await expectError(res, 429, "rate_limited");
      } finally {
        await other.close();
      }
    },
    DECODES_TIMEOUT,
  );

  it("counts typed answers as no audio", async () => {
    const res = await call(t, ada, "evaluate-answer", {
      question,
      answer: "I split the work into small pieces and we delivered on time.",
    });
    expect(res.status).toBe(200);
  });
});
