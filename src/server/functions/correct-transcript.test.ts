import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attempts } from "@/server/db/schema";
import { feedbackSchema, MAX_TYPED_ANSWER_CHARS, type Feedback } from "@/shared/feedback";
import { attemptDetailSchema, listAttemptsResponseSchema } from "@/shared/sessions";
import { readFixture } from "@tests/support/audio-fixtures";
import { callFunction, expectError, inOneWindow } from "@tests/support/functions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * correct-transcript (docs/decisions/0092) through the real app: a spoken answer's transcript,
 * corrected by its owner, re-scores the same attempt with the recording's delivery kept.
 */
const question = "Tell me about a time you had to meet a tight deadline.";
// What answer-deadline.slt says; the offline recogniser hears some of it wrong.
const corrected =
  "In my last job, um, a client moved our deadline forward by a week. I split the work into " +
  "small pieces and checked progress every morning, and we delivered on time.";
const typed =
  "In my last job a client moved our deadline forward by a week. I split the work into small " +
  "pieces, checked progress with the team every morning, and we delivered on time.";

async function evaluate(t: TestApp, user: TestUser, body: object): Promise<Feedback> {
  const res = await callFunction(t, user, "evaluate-answer", { question, ...body });
  expect(res.status).toBe(200);
  return feedbackSchema.parse(await res.json());
}

const attemptsOf = async (t: TestApp, userId: string) =>
  (await t.database.db.select({ n: count() }).from(attempts).where(eq(attempts.userId, userId)))[0]!
    .n;

describe("correct-transcript", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let spoken: Feedback;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "1000" } });
    [owner, other] = await Promise.all([createTestUser(t), createTestUser(t)]);
    await Promise.all([subscribeTestUser(t, owner), subscribeTestUser(t, other)]);
    const audio = Buffer.from(readFixture("answer-deadline.slt")).toString("base64");
    spoken = await evaluate(t, owner, { audio });
  }, 180_000); // a spoken answer decoded offline, on a busy 2-core machine
  afterAll(() => t?.close());

  it("re-scores the owner's spoken answer from their words, in place, keeping the delivery", async () => {
    expect(spoken.delivery).not.toBeNull();
    const before = await attemptsOf(t, owner.id);
    const res = await callFunction(t, owner, "correct-transcript", {
      attemptId: spoken.id,
      transcript: `  ${corrected}  `,
    });
    expect(res.status).toBe(200);
    const feedback = feedbackSchema.parse(await res.json());
    expect(feedback).toMatchObject({
      id: spoken.id,
      transcript: corrected,
      approximate: false,
      corrected: true,
      source: spoken.source,
    });
    // Measured from the recording: kept. Counted from the words: counted again, over the same
    // speaking time ("um" is a filler, not a word of pace).
    const { durationSeconds, speakingSeconds, longestPauseSeconds } = spoken.delivery!;
    expect(feedback.delivery).toMatchObject({
      durationSeconds,
      speakingSeconds,
      longestPauseSeconds,
    });
    expect(feedback.delivery!.fillerWords).toEqual({ count: 1, words: { um: 1 } });
    const words = corrected.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)!.length - 1;
    expect(feedback.delivery!.wordsPerMinute).toBe(Math.round((words / speakingSeconds) * 60));
    // Every quote is a span of the corrected words.
    for (const evidence of [...feedback.evidence!.strengths, ...feedback.evidence!.improvements]) {
      if (evidence.quote) {
        expect(corrected.slice(evidence.quote.start, evidence.quote.end)).toBe(evidence.quote.text);
      }
    }

    // The same attempt, updated: no new try.
    expect(await attemptsOf(t, owner.id)).toBe(before);
    const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, spoken.id));
    expect(row).toMatchObject({
      transcript: corrected,
      transcriptCorrected: true,
      approximate: false,
      overall: feedback.scores.overall,
      transcriber: spoken.source.transcriber,
    });
    expect(row!.evidence).toEqual(feedback.evidence);

    // The history says so, and re-opens the report as corrected, with its evidence.
    const detailRes = await callFunction(t, owner, "get-attempt", { id: spoken.id });
    const detail = attemptDetailSchema.parse(await detailRes.json());
    expect(detail).toMatchObject({ transcript: corrected, corrected: true, approximate: false });
    expect(detail.evidence).toEqual(feedback.evidence);
    expect(detail.delivery).toEqual(feedback.delivery);
    const listRes = await callFunction(t, owner, "list-attempts", {});
    const list = listAttemptsResponseSchema.parse(await listRes.json());
    expect(list.attempts.filter((a) => a.id === spoken.id)).toEqual([
      expect.objectContaining({ corrected: true, approximate: false }),
    ]);
  });

  it("can be corrected again, still in place", async () => {
    const again = `${corrected} The client renewed the contract for another year.`;
    const res = await callFunction(t, owner, "correct-transcript", {
      attemptId: spoken.id,
      transcript: again,
    });
    expect(res.status).toBe(200);
    const feedback = feedbackSchema.parse(await res.json());
    expect(feedback.transcript).toBe(again);
    expect(feedback.delivery!.speakingSeconds).toBe(spoken.delivery!.speakingSeconds);
    expect(await attemptsOf(t, owner.id)).toBe(1); // the spoken answer, corrected twice
  });

  it("does not find another user's attempt (404), and leaves it as it was", async () => {
    const [before] = await t.database.db.select().from(attempts).where(eq(attempts.id, spoken.id));
    await expectError(
      await callFunction(t, other, "correct-transcript", {
        attemptId: spoken.id,
        transcript: "mine now",
      }),
      404,
      "not_found",
    );
    const [after] = await t.database.db.select().from(attempts).where(eq(attempts.id, spoken.id));
    expect(after).toEqual(before);
    // Nor one that does not exist.
    await expectError(
      await callFunction(t, owner, "correct-transcript", {
        attemptId: "00000000-0000-4000-8000-000000000000",
        transcript: corrected,
      }),
      404,
      "not_found",
    );
  });

  it("refuses a typed answer: there is no recording to keep (422)", async () => {
    const typedAnswer = await evaluate(t, owner, { answer: typed });
    await expectError(
      await callFunction(t, owner, "correct-transcript", {
        attemptId: typedAnswer.id,
        transcript: typed,
      }),
      422,
      "unprocessable",
    );
    const [row] = await t.database.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.id, typedAnswer.id), eq(attempts.transcriptCorrected, false)));
    expect(row?.transcript).toBe(typed);
  });

  it("keeps a report's evidence with its attempt; an answer stored before has none", async () => {
    const typedAnswer = await evaluate(t, owner, { answer: typed });
    const open = async () =>
      attemptDetailSchema.parse(
        await (await callFunction(t, owner, "get-attempt", { id: typedAnswer.id })).json(),
      );
    expect(typedAnswer.evidence).toBeDefined();
    expect((await open()).evidence).toEqual(typedAnswer.evidence);
    await t.database.db
      .update(attempts)
      .set({ evidence: null })
      .where(eq(attempts.id, typedAnswer.id));
    const old = await open();
    expect(old.strengths).toEqual(typedAnswer.strengths);
    expect("evidence" in old).toBe(false);
  });

  it("refuses bad ids and transcripts with 400, never a 500", async () => {
    const bad: unknown[] = [
      { attemptId: "not-a-uuid", transcript: corrected },
      { attemptId: "1 or 1=1", transcript: corrected },
      { attemptId: 42, transcript: corrected },
      { transcript: corrected },
      { attemptId: spoken.id },
      { attemptId: spoken.id, transcript: "   " },
      { attemptId: spoken.id, transcript: "?!" },
      { attemptId: spoken.id, transcript: 7 },
      { attemptId: spoken.id, transcript: "x".repeat(MAX_TYPED_ANSWER_CHARS + 1) },
      { attemptId: spoken.id, transcript: corrected, extra: true },
      [],
      null,
    ];
    for (const body of bad) {
      await expectError(
        await callFunction(t, owner, "correct-transcript", body),
        400,
        "validation_failed",
      );
    }
    await expectError(
      await callFunction(t, owner, "correct-transcript", undefined, { raw: "{not json" }),
      400,
      "bad_json",
    );
  });

  it("is for signed-in subscribers only, by POST", async () => {
    const body = { attemptId: spoken.id, transcript: corrected };
    await expectError(await callFunction(t, null, "correct-transcript", body), 401, "unauthorized");
    const signedUpOnly = await createTestUser(t);
    await expectError(
      await callFunction(t, signedUpOnly, "correct-transcript", body),
      403,
      "subscription_required",
    );
    const get = await t.request("/functions/v1/correct-transcript", {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(get.status).toBe(405);
  });
});

describe("correct-transcript's budget", () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "2" } });
    user = await createTestUser(t);
    await subscribeTestUser(t, user);
  });
  afterAll(() => t?.close());

  it("shares evaluate-answer's per-user limit: 429 with Retry-After", async () => {
    await inOneWindow();
    const typedAnswer = await evaluate(t, user, { answer: typed }); // 1 of 2
    const body = { attemptId: typedAnswer.id, transcript: typed };
    await expectError(
      await callFunction(t, user, "correct-transcript", body),
      422,
      "unprocessable",
    );
    const limited = await callFunction(t, user, "correct-transcript", body);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    await expectError(limited, 429, "rate_limited");
  });
});
