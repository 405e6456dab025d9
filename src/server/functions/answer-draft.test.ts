import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/client";
import { answerDrafts } from "@/server/db/schema";
import { createAnswerDrafts } from "@/server/feedback/answer-drafts";
import { readFixture } from "@tests/support/audio-fixtures";
import { callFunction } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestDatabase } from "@tests/support/test-database";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * answer-draft's `listen` while no worker has heard the pause yet: a web process (ROLE=web) with
 * no worker of its own, so the pause's hearing waits in the queue, as it does behind a worker
 * still hearing the sentence before. The recogniser's own hearing of pauses is tested in
 * src/server/functions/evaluate-answer.test.ts.
 */
const question = "Tell me about a time you had to meet a tight deadline.";
const finishedStory =
  "Last spring our launch date moved up by two weeks, so I split the work into daily goals " +
  "and checked them with the team every morning, and as a result we delivered on time.";

describe("answer-draft at a pause", () => {
  let database: DatabaseHandle;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({
      database,
      // The URL only satisfies ROLE=web's configuration: the database is the handle above.
      env: { ROLE: "web", DATABASE_URL: "postgres://127.0.0.1:5432/unused" },
    });
    user = await createTestUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const draft = (body: object) => callFunction(t, user, "answer-draft", { ...body, question });

  it("answers as soon as a hearing already under way makes the answer finished", async () => {
    const bytes = readFixture("answer-deadline.slt");
    const cut = Math.floor(bytes.length / 2);
    const half = Buffer.from(bytes.subarray(0, cut)).toString("base64");
    const rest = Buffer.from(bytes.subarray(cut)).toString("base64");
    expect(await (await draft({ draft: "rec", seq: 0, chunk: half })).json()).toEqual({
      drafting: true,
    });
    const [row] = await database.db
      .select({ recording: answerDrafts.recording })
      .from(answerDrafts)
      .where(eq(answerDrafts.userId, user.id));

    const paused = draft({ draft: "rec", seq: 1, chunk: rest, listen: true });
    // Once the pause's hearing is queued, the hearing of the sentence before lands, as a worker
    // elsewhere saves it.
    const pauseJob = async () => {
      const { rows } = await database.query(
        `select id, state from pgboss.job where name = 'decode-draft' and group_id = $1
          and data->>'upTo' = 'paused'`,
        [user.id],
      );
      return rows[0] as { id: string; state: string } | undefined;
    };
    await expect.poll(pauseJob, { timeout: 10_000, interval: 20 }).toBeDefined();
    await createAnswerDrafts(database.db).saveHeard(user.id, row!.recording, {
      parts: [
        {
          offsetSeconds: 0,
          recognition: { text: finishedStory, words: [], confidence: 0.9, seconds: 8 },
        },
      ],
      resumeAt: 8 * 16_000,
      bytes: cut,
      upTo: "speaking",
    });

    const res = await paused;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ drafting: true, thought: "finished" });
    // It did not wait out the pause's own hearing: that job, which no worker had started, is
    // dropped as the wait ends (waiting until the deadline would have left it queued).
    await expect
      .poll(async () => (await pauseJob())?.state, { timeout: 5_000, interval: 20 })
      .toBe("cancelled");
  });
});
