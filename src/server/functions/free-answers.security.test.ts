import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreeAnswerCounter } from "@/server/billing/free-answers";
import { feedbackSchema } from "@/shared/feedback";
import { freeAnswersResponseSchema } from "@/shared/free-answers";
import { sessionSchema, type Session } from "@/shared/sessions";
import { readFixture } from "@tests/support/audio-fixtures";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { callFunction, expectError, expectOk } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * The free taste through the real app and database: an account without Premium answers three
 * Quick Practice questions with the full report, counted on the server per account; the fourth,
 * any other mode, the paid functions, a second correction and deleting the history all fail to
 * get more; a failed scoring gives the answer back; subscribers are never counted.
 */
const story =
  "In my last job our biggest client moved a launch forward by two weeks. I was responsible for " +
  "the release plan, so I split the work into daily goals, moved two people onto testing and " +
  "checked progress with the client every morning. As a result we shipped on time.";

let t: TestApp;

const call = (user: TestUser | null, name: string, body?: unknown) =>
  callFunction(t, user, name, body);
const ok = expectOk;
const freeAnswers = async (user: TestUser) =>
  ok(await call(user, "free-answers", {}), freeAnswersResponseSchema);
const freeQuestion = async (user: TestUser) =>
  ok(await call(user, "free-question", {}), sessionSchema, 201);
const answer = (user: TestUser, session: Session, text = story) =>
  call(user, "evaluate-answer", {
    question: session.questions[0]!.question,
    answer: text,
    attemptOf: `${session.id}:0`,
  });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "1000" } });
});
afterAll(() => t?.close());

// Each test signs up and scores several answers: on a loaded machine that is more than 30 s.
describe("three free answers", { timeout: 90_000 }, () => {
  it("are answered with the full report, counted per account, and then refused", async () => {
    const pat = await createTestUser(t);
    expect(await freeAnswers(pat)).toEqual({ limit: 3, used: 0, remaining: 3, subscribed: false });

    const session = await freeQuestion(pat);
    expect(session.mode).toBe("quick");
    expect(session.questions).toHaveLength(1);
    const teamwork = await ok(
      await call(pat, "free-question", { category: "teamwork" }),
      sessionSchema,
      201,
    );
    expect(teamwork.questions[0]!.category).toBe("teamwork");
    await expectError(
      await call(pat, "free-question", { category: "sports" }),
      400,
      "validation_failed",
    );
    const report = await ok(await answer(pat, session), feedbackSchema);
    expect(report.scores.overall).toBeGreaterThan(0);
    expect(report.strengths.length + report.improvements.length).toBeGreaterThan(0);
    expect(await freeAnswers(pat)).toMatchObject({ used: 1, remaining: 2 });

    // Another account has its own three.
    const sam = await createTestUser(t);
    expect((await freeAnswers(sam)).remaining).toBe(3);

    await ok(await answer(pat, await freeQuestion(pat)), feedbackSchema);
    await ok(await answer(pat, session), feedbackSchema);
    expect(await freeAnswers(pat)).toMatchObject({ used: 3, remaining: 0 });

    // The fourth is refused, and so is a new question, or a draft of a spoken answer.
    await expectError(await answer(pat, session), 403, "subscription_required");
    await expectError(await call(pat, "free-question", {}), 403, "subscription_required");
    await expectError(
      await call(pat, "answer-draft", {
        draft: "00000000-0000-4000-8000-000000000000",
        seq: 0,
        chunk: "AAAA",
        question: "Why us?",
      }),
      403,
      "subscription_required",
    );
    expect((await freeAnswers(pat)).used).toBe(3);
  });

  it("are not given back by deleting the history", async () => {
    const user = await createTestUser(t);
    for (let k = 0; k < 3; k++)
      await ok(await answer(user, await freeQuestion(user)), feedbackSchema);
    const deleted = (await (await call(user, "delete-my-history", {})).json()) as {
      deleted: { attempts: number };
    };
    expect(deleted.deleted.attempts).toBe(3);
    expect(await freeAnswers(user)).toMatchObject({ used: 3, remaining: 0 });
    await expectError(await call(user, "free-question", {}), 403, "subscription_required");
  });

  it("are only for Quick Practice: no own questions, other modes or paid functions", async () => {
    const user = await createTestUser(t);
    // A question of one's own (no session).
    await expectError(
      await call(user, "evaluate-answer", { question: "Why us?", answer: story }),
      403,
      "subscription_required",
    );
    // A session id that is not theirs is not found.
    const other = await createTestUser(t);
    const theirs = await freeQuestion(other);
    await expectError(await answer(user, theirs), 404, "not_found");
    // The paid functions stay paid.
    for (const [name, body] of [
      ["start-session", { mode: "quick" }],
      ["start-session", { mode: "interview", role: "data-analyst", level: "mid", length: 3 }],
      ["generate-interview-answer", { question: "Why us?" }],
      ["transcribe-audio", { audio: "AAAA" }],
      ["list-history", {}],
      ["progress", {}],
    ] as const) {
      await expectError(await call(user, name, body), 403, "subscription_required");
    }
    expect((await freeAnswers(user)).used).toBe(0);
  });

  it("give the answer back when it cannot be scored", async () => {
    const user = await createTestUser(t);
    const session = await freeQuestion(user);
    const res = await call(user, "evaluate-answer", {
      question: session.questions[0]!.question,
      audio: "bm90IGEgcmVjb3JkaW5n",
      attemptOf: `${session.id}:0`,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await freeAnswers(user)).used).toBe(0);
  });

  it("let a spoken answer's transcript be corrected once", async () => {
    const user = await createTestUser(t);
    const session = await freeQuestion(user);
    // Spoken: only what was heard can be corrected.
    const audio = Buffer.from(readFixture("answer-deadline.slt")).toString("base64");
    const report = await ok(
      await call(user, "evaluate-answer", {
        question: session.questions[0]!.question,
        audio,
        attemptOf: `${session.id}:0`,
      }),
      feedbackSchema,
    );
    const correct = () =>
      call(user, "correct-transcript", { attemptId: report.id, transcript: story });
    await ok(await correct(), feedbackSchema);
    await expectError(await correct(), 403, "subscription_required");
    expect((await freeAnswers(user)).used).toBe(1);
  }, 180_000);

  it("cannot be taken more than three times, even all at once", async () => {
    const user = await createTestUser(t);
    const counter = createFreeAnswerCounter(t.database.db);
    const taken = await Promise.all(Array.from({ length: 8 }, () => counter.take(user.id)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await freeAnswers(user)).toMatchObject({ used: 3, remaining: 0 });
  });

  it("never count a subscriber's answers", async () => {
    const user = await createTestUser(t);
    await subscribeTestUser(t, user);
    for (let k = 0; k < 4; k++)
      await ok(await answer(user, await freeQuestion(user)), feedbackSchema);
    expect(await freeAnswers(user)).toEqual({ limit: 3, used: 0, remaining: 3, subscribed: true });
  });
});
