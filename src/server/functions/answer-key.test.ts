import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attempts } from "@/server/db/schema";
import { feedbackSchema } from "@/shared/feedback";
import { freeAnswersResponseSchema } from "@/shared/free-answers";
import { sessionSchema } from "@/shared/sessions";
import { readFixture } from "@tests/support/audio-fixtures";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { callFunction, expectError, expectOk } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";
import { answerAndStore } from "./evaluate-answer";

/**
 * An answer sent again with its key (`answerId`; docs/contracts/feedback.md) — the client's retry
 * after a lost response, or a job run again after its worker died — is stored once and answered
 * from what was stored; keys are the user's own.
 */
const question = "Tell me about a time you had to meet a tight deadline.";
const story =
  "In my last job our biggest client moved a launch forward by two weeks. I was responsible for " +
  "the release plan, so I split the work into daily goals, moved two people onto testing and " +
  "checked progress with the client every morning. As a result we shipped on time.";

let t: TestApp;
let ada: TestUser;

const evaluate = (user: TestUser, body: unknown) => callFunction(t, user, "evaluate-answer", body);
const storedUnder = (user: TestUser, answerKey: string) =>
  t.database.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.userId, user.id), eq(attempts.answerKey, answerKey)));

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "1000" } });
  ada = await createTestUser(t);
  await subscribeTestUser(t, ada);
});
afterAll(() => t?.close());

describe("an answer sent again with its key", () => {
  it("is stored once and answered as the first time", async () => {
    const answerId = crypto.randomUUID();
    const first = await expectOk(
      await evaluate(ada, { question, answer: story, answerId }),
      feedbackSchema,
    );
    const again = await expectOk(
      await evaluate(ada, { question, answer: story, answerId }),
      feedbackSchema,
    );
    expect(again).toEqual({ ...first, corrected: false });
    expect(await storedUnder(ada, answerId)).toEqual([{ id: first.id }]);

    // A new key is a new try.
    const other = await expectOk(
      await evaluate(ada, { question, answer: story, answerId: crypto.randomUUID() }),
      feedbackSchema,
    );
    expect(other.id).not.toBe(first.id);
  });

  it("is stored once when spoken, through the recogniser's job", async () => {
    const answerId = crypto.randomUUID();
    const audio = Buffer.from(readFixture("answer-deadline.slt")).toString("base64");
    const first = await expectOk(
      await evaluate(ada, { question, audio, answerId }),
      feedbackSchema,
    );
    const again = await expectOk(
      await evaluate(ada, { question, audio, answerId }),
      feedbackSchema,
    );
    expect(again.id).toBe(first.id);
    expect(again.transcript).toBe(first.transcript);
    expect(again.delivery).toEqual(first.delivery);
    expect(await storedUnder(ada, answerId)).toHaveLength(1);
  }, 120_000);

  it("is stored once when two runs of it score at the same time (a job run again)", async () => {
    const answerId = crypto.randomUUID();
    const deps = { ai: t.services.ai, db: t.database.db };
    const request = { question, answer: story, answerId };
    const [one, two] = await Promise.all([
      answerAndStore(deps, ada.id, request),
      answerAndStore(deps, ada.id, request),
    ]);
    expect(two.id).toBe(one.id);
    expect(await storedUnder(ada, answerId)).toHaveLength(1);
  });

  it("is another user's own answer when they send the same key", async () => {
    const answerId = crypto.randomUUID();
    const mine = await expectOk(
      await evaluate(ada, { question, answer: story, answerId }),
      feedbackSchema,
    );
    const bob = await createTestUser(t);
    await subscribeTestUser(t, bob);
    const theirs = await expectOk(
      await evaluate(bob, { question, answer: "I planned the work and we shipped.", answerId }),
      feedbackSchema,
    );
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.transcript).toBe("I planned the work and we shipped.");
    expect(await storedUnder(bob, answerId)).toEqual([{ id: theirs.id }]);
  });

  it("takes one free answer, however often it is sent", async () => {
    const pat = await createTestUser(t);
    const session = await expectOk(
      await callFunction(t, pat, "free-question", {}),
      sessionSchema,
      201,
    );
    const body = {
      question: session.questions[0]!.question,
      answer: story,
      attemptOf: `${session.id}:0`,
      answerId: crypto.randomUUID(),
    };
    const first = await expectOk(await evaluate(pat, body), feedbackSchema);
    expect((await expectOk(await evaluate(pat, body), feedbackSchema)).id).toBe(first.id);
    const counted = await expectOk(
      await callFunction(t, pat, "free-answers", {}),
      freeAnswersResponseSchema,
    );
    expect(counted.used).toBe(1);
  });

  it("is refused when sent again with other words, another question or a recording", async () => {
    const answerId = crypto.randomUUID();
    const first = await expectOk(
      await evaluate(ada, { question, answer: story, answerId }),
      feedbackSchema,
    );
    const audio = Buffer.from(readFixture("answer-deadline.slt")).toString("base64");
    for (const body of [
      { question, answer: `${story} I would do it again.`, answerId },
      { question: "Why do you want this job?", answer: story, answerId },
      { question, audio, answerId },
    ]) {
      const error = await expectError(await evaluate(ada, body), 409, "conflict");
      expect(error.message).toMatch(/answerId was already sent with a different answer/);
    }
    expect(await storedUnder(ada, answerId)).toEqual([{ id: first.id }]);
    // The answer itself sent again is still answered from what was stored.
    const again = await expectOk(
      await evaluate(ada, { question, answer: story, answerId }),
      feedbackSchema,
    );
    expect(again.id).toBe(first.id);
  });

  it("stores the first of two different answers that race under one key, and refuses the other", async () => {
    const answerId = crypto.randomUUID();
    const deps = { ai: t.services.ai, db: t.database.db };
    const outcomes = await Promise.allSettled([
      answerAndStore(deps, ada.id, { question, answer: story, answerId }),
      answerAndStore(deps, ada.id, {
        question,
        answer: "I planned the work and we shipped.",
        answerId,
      }),
    ]);
    const stored = await storedUnder(ada, answerId);
    expect(stored).toHaveLength(1);
    const kept = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(kept).toHaveLength(1);
    expect(kept[0]!.value.id).toBe(stored[0]!.id);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "conflict" });
  });

  it("must be a UUID", async () => {
    await expectError(
      await evaluate(ada, { question, answer: story, answerId: "retry-1" }),
      400,
      "validation_failed",
    );
  });
});
