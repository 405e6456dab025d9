import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerDrafts } from "@/server/db/schema";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";
import { createAnswerDrafts, DraftError, type DraftHearing } from "./answer-drafts";

/**
 * The drafts' bookkeeping in the database (what the recogniser makes of them is tested in
 * src/server/ai/offline/answer-transcriber.test.ts, and the whole path in
 * src/server/functions/evaluate-answer.test.ts).
 */
const question = "Tell me about a time you had to meet a tight deadline.";
const chunk = (draft: string, seq: number, bytes: number[], done = false) => ({
  draft,
  seq,
  bytes: Uint8Array.from(bytes),
  done,
  question,
});
/** A hearing of the first `bytes` bytes, with one made-up segment. */
const hearing = (bytes: number): DraftHearing => ({
  parts: [
    {
      offsetSeconds: 0,
      recognition: { text: "we delivered on time", words: [], confidence: 1, seconds: 1 },
    },
  ],
  resumeAt: 16_000,
  bytes,
  upTo: "speaking",
});

describe("answer drafts in the database", () => {
  let t: TestApp;
  let ada: string;
  let grace: string;
  const drafts = () => createAnswerDrafts(t.database.db, 8);

  beforeAll(async () => {
    t = await createTestApp();
    ada = (await createTestUser(t)).id;
    grace = (await createTestUser(t)).id;
  });
  afterAll(() => t?.close());

  it("takes chunks in order, refuses them out of step, and starts over at chunk 0", async () => {
    const store = drafts();
    const first = await store.append(ada, chunk("r1", 0, [1, 2]));
    expect(await store.append(ada, chunk("r1", 1, [3]))).toEqual(first);
    await expect(store.append(ada, chunk("r1", 3, [4]))).rejects.toThrow(/Expected chunk 2/);
    await expect(store.append(ada, chunk("r0", 2, [4]))).rejects.toThrow(/start again/);
    await store.append(ada, chunk("r1", 2, [4], true));
    await expect(store.append(ada, chunk("r1", 3, [5]))).rejects.toThrow(DraftError);
    const toHear = await store.toHear(ada, first.recording, "speaking");
    expect(toHear).toMatchObject({ audio: Uint8Array.from([1, 2, 3, 4]), upTo: "stopped" });
    // A new recording is a new draft: what was heard of the last cannot land on it.
    const second = await store.append(ada, chunk("r2", 0, [9]));
    expect(second.recording).not.toBe(first.recording);
    await store.saveHeard(ada, first.recording, hearing(1));
    expect(await store.heard(ada, second.recording)).toBe("");
    expect(await store.heard(ada, first.recording)).toBeNull();
  });

  it("drops a recording that grows past the size limit", async () => {
    const store = drafts();
    await store.append(ada, chunk("big", 0, [1, 2, 3, 4, 5]));
    const error = await store.append(ada, chunk("big", 1, [6, 7, 8, 9])).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "too_large" });
    const rows = await t.database.db
      .select()
      .from(answerDrafts)
      .where(eq(answerDrafts.userId, ada));
    expect(rows).toHaveLength(0);
  });

  it("is heard only as far as asked, and again once the speaker pauses or stops", async () => {
    const store = drafts();
    const { recording } = await store.append(ada, chunk("r3", 0, [1, 2, 3]));
    await store.saveHeard(ada, recording, hearing(3));
    expect(await store.heard(ada, recording)).toBe("we delivered on time");
    expect(await store.toHear(ada, recording, "speaking")).toBeNull();
    expect(await store.toHear(ada, recording, "paused")).toMatchObject({ upTo: "paused" });
    await store.append(ada, chunk("r3", 1, [4]));
    expect(await store.toHear(ada, recording, "speaking")).toMatchObject({ upTo: "speaking" });
  });

  it("keeps the hearing furthest on when hearings finish out of order", async () => {
    const store = drafts();
    const { recording } = await store.append(ada, chunk("late", 0, [1, 2, 3]));
    await store.append(ada, chunk("late", 1, [4], true));
    await store.saveHeard(ada, recording, { ...hearing(4), upTo: "stopped" });
    await store.saveHeard(ada, recording, hearing(3));
    await store.saveHeard(ada, recording, { ...hearing(4), upTo: "paused" });
    const [row] = await t.database.db
      .select({ heard: answerDrafts.heard })
      .from(answerDrafts)
      .where(eq(answerDrafts.userId, ada));
    expect(row!.heard).toMatchObject({ bytes: 4, upTo: "stopped" });
    // Further on in either measure is kept.
    const { recording: next } = await store.append(ada, chunk("next", 0, [1, 2, 3]));
    await store.saveHeard(ada, next, hearing(3));
    await store.saveHeard(ada, next, { ...hearing(3), upTo: "paused" });
    expect(await store.toHear(ada, next, "paused")).toBeNull();
  });

  it("keeps each user's draft their own", async () => {
    const store = drafts();
    const { recording } = await store.append(ada, chunk("mine", 0, [1, 2, 3]));
    await store.saveHeard(ada, recording, hearing(3));
    // Grace names Ada's recording: she reads nothing, changes nothing, takes nothing.
    expect(await store.heard(grace, recording)).toBeNull();
    expect(await store.toHear(grace, recording, "paused")).toBeNull();
    await store.saveHeard(grace, recording, hearing(0));
    await expect(store.append(grace, chunk("mine", 1, [4]))).rejects.toThrow(/start again/);
    expect(await store.take(grace, Uint8Array.from([1, 2, 3]), question)).toBeUndefined();
    expect(await store.heard(ada, recording)).toBe("we delivered on time");
  });

  it("hands what was heard to the answer that begins with it, once", async () => {
    const store = drafts();
    await store.append(ada, chunk("r4", 0, [1, 2, 3]));
    const { recording } = await store.append(ada, chunk("r4", 1, [4]));
    await store.saveHeard(ada, recording, hearing(3));
    expect(await store.take(ada, Uint8Array.from([1, 2, 3, 4, 5]), question)).toEqual(hearing(3));
    expect(await store.take(ada, Uint8Array.from([1, 2, 3, 4, 5]), question)).toBeUndefined();
    // Other bytes, or other words to hear them with: nothing, and the draft is gone all the same.
    for (const [audio, asked] of [
      [[1, 9, 3, 4], question],
      [[1, 2, 3, 4], "Why this company?"],
    ] as const) {
      const again = await store.append(ada, chunk("r5", 0, [1, 2, 3]));
      await store.saveHeard(ada, again.recording, hearing(3));
      expect(await store.take(ada, Uint8Array.from(audio), asked)).toBeUndefined();
      expect(await store.heard(ada, again.recording)).toBeNull();
    }
  });

  it("forgets a draft after its last chunk's expiry, and sweeps it away", async () => {
    const store = drafts();
    const { recording } = await store.append(grace, chunk("old", 0, [1]));
    await t.database.db
      .update(answerDrafts)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(answerDrafts.userId, grace));
    expect(await store.heard(grace, recording)).toBeNull();
    await expect(store.append(grace, chunk("old", 1, [2]))).rejects.toThrow(DraftError);
    // The next write sweeps expired drafts (at most once a minute per process).
    await createAnswerDrafts(t.database.db).append(ada, chunk("new", 0, [1]));
    await expect
      .poll(async () => (await t.database.db.select().from(answerDrafts)).map((row) => row.userId))
      .toEqual([ada]);
  });
});
