import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedbackSchema } from "@/shared/feedback";
import {
  listHistoryResponseSchema,
  progressResponseSchema,
  sessionSchema,
  type HistoryEntry,
} from "@/shared/sessions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { callFunction, expectError, expectOk } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * list-history through the real app and database: a question's tries together (latest score,
 * tries, trend), a session's answers under the session, filters, keyset pages, and nobody else's
 * rows; and the progress chart's points named by their question.
 */

const story =
  "In my last job our biggest client moved a launch forward by two weeks. I was responsible for " +
  "the release plan, so I split the work into daily goals, moved two people onto testing and " +
  "checked progress with the client every morning. As a result we shipped on time and the " +
  "client renewed their contract for another year.";
const weak = "I worked hard on it and it went fine.";

let t: TestApp;
let ada: TestUser;
let grace: TestUser;

const call = (user: TestUser | null, name: string, body?: unknown) =>
  callFunction(t, user, name, body);

const ok = expectOk;
const answer = async (user: TestUser, question: string, text: string, attemptOf?: string) =>
  ok(await call(user, "evaluate-answer", { question, answer: text, attemptOf }), feedbackSchema);
const history = async (user: TestUser, body: unknown = {}) =>
  ok(await call(user, "list-history", body), listHistoryResponseSchema);

const own = "Tell me about a time you handled a tight deadline.";
let sessionId = "";

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "1000" } });
  [ada, grace] = await Promise.all([createTestUser(t), createTestUser(t)]);
  await Promise.all([subscribeTestUser(t, ada), subscribeTestUser(t, grace)]);
  // Oldest first: three tries of one question (weak, then strong twice, with different
  // spacing and case), a three-question interview answered twice, then one more own question.
  await answer(ada, own, weak);
  await answer(ada, own.toUpperCase(), story);
  await answer(ada, `  ${own}  `, story);
  const session = await ok(
    await call(ada, "start-session", {
      mode: "interview",
      role: "software-engineer",
      level: "mid",
      length: 3,
    }),
    sessionSchema,
    201,
  );
  sessionId = session.id;
  await answer(ada, session.questions[0]!.question, story, `${session.id}:0`);
  await answer(ada, session.questions[1]!.question, weak, `${session.id}:1`);
  await answer(ada, "What is your greatest strength?", story);
}, 120_000);
afterAll(() => t?.close());

const question = (entry: HistoryEntry | undefined) => {
  if (entry?.kind !== "question") throw new Error(`not a question entry: ${entry?.kind}`);
  return entry;
};
const session = (entry: HistoryEntry | undefined) => {
  if (entry?.kind !== "session") throw new Error(`not a session entry: ${entry?.kind}`);
  return entry;
};

describe("list-history", () => {
  it("puts a question's tries together and a session's answers under it, newest first", async () => {
    const { entries, nextCursor } = await history(ada);
    expect(nextCursor).toBeNull();
    expect(entries.map((entry) => entry.kind)).toEqual(["question", "session", "question"]);
    expect(question(entries[0]).latest.question).toBe("What is your greatest strength?");
    expect(question(entries[0]).tries).toBe(1);

    const interview = session(entries[1]);
    expect(interview.session).toMatchObject({
      id: sessionId,
      mode: "interview",
      role: "software-engineer",
      level: "mid",
      questionCount: 3,
    });
    expect(interview.answers.map((a) => a.questionIndex)).toEqual([0, 1]);

    const deadline = question(entries[2]);
    expect(deadline.tries).toBe(3);
    expect(deadline.trend).toHaveLength(3);
    // The latest score is the newest try's, and the trend ends with it.
    expect(deadline.trend.at(-1)).toBe(deadline.latest.scores.overall);
    expect(deadline.trend[0]).toBeLessThan(deadline.trend[2]!);
  });

  it("pages by the newest answer of each entry, without repeats", async () => {
    const first = await history(ada, { limit: 2 });
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await history(ada, { limit: 2, cursor: first.nextCursor });
    expect(second.entries).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(question(second.entries[0]).tries).toBe(3);
  });

  it("applies the filters to the answers", async () => {
    const interview = await history(ada, { mode: "interview" });
    expect(interview.entries).toHaveLength(1);
    expect(session(interview.entries[0]).answers).toHaveLength(2);
    const own = await history(ada, { mode: "own" });
    expect(own.entries.map((entry) => entry.kind)).toEqual(["question", "question"]);
  });

  it("shows nobody else's answers, and refuses bad input with a 400", async () => {
    expect((await history(grace)).entries).toEqual([]);
    await expectError(
      await call(grace, "list-history", { cursor: "bm9wZQ" }),
      400,
      "validation_failed",
    );
    await expectError(await call(grace, "list-history", { limit: 0 }), 400, "validation_failed");
    await expectError(await call(grace, "list-history", { group: true }), 400, "validation_failed");
    await expectError(await call(null, "list-history", {}), 401, "unauthorized");
  });
});

describe("progress", () => {
  it("names each point's question, for the chart's labels", async () => {
    const { points } = await ok(await call(ada, "progress", {}), progressResponseSchema);
    expect(points.at(-1)!.question).toBe("What is your greatest strength?");
    expect(points[0]!.question).toBe(own);
  });
});
