import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptDays, attempts, practiceSessions } from "@/server/db/schema";
import { feedbackSchema } from "@/shared/feedback";
import {
  attemptDetailSchema,
  listAttemptsResponseSchema,
  progressResponseSchema,
  resumeInterviewResponseSchema,
  sessionDetailSchema,
  sessionSchema,
  type Session,
} from "@/shared/sessions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { callFunction, expectError, expectOk } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * The session, history and your-data functions through the real app and database: each mode's
 * question set, answers linked to their session question, the report, keyset pages, progress,
 * export and delete — and that nobody reaches anyone else's rows.
 */

const story =
  "In my last job our biggest client moved a launch forward by two weeks. I was responsible for " +
  "the release plan, so I split the work into daily goals, moved two people onto testing and " +
  "checked progress with the client every morning. As a result we shipped on time and the " +
  "client renewed their contract for another year.";
const noResult =
  "In my last job our biggest client moved a launch forward by two weeks. I split the work " +
  "into daily goals and moved two people onto testing, and I checked progress every morning.";

let t: TestApp;
let ada: TestUser;
let grace: TestUser;

const call = (user: TestUser | null, name: string, body?: unknown, method = "POST") =>
  callFunction(t, user, name, body, { method });

const start = async (user: TestUser, body: unknown) =>
  expectOk(await call(user, "start-session", body), sessionSchema, 201);

const answer = async (user: TestUser, question: string, text: string, attemptOf?: string) =>
  expectOk(
    await call(user, "evaluate-answer", { question, answer: text, attemptOf }),
    feedbackSchema,
  );

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "1000" } });
  [ada, grace] = await Promise.all([createTestUser(t), createTestUser(t)]);
  await Promise.all([subscribeTestUser(t, ada), subscribeTestUser(t, grace)]);
});
afterAll(() => t?.close());

describe("start-session", () => {
  it("sets an AI Interviewer run: opener first, the chosen length, a closing question", async () => {
    for (const length of [3, 5, 8] as const) {
      const session = await start(ada, {
        mode: "interview",
        role: "software-engineer",
        level: "mid",
        length,
      });
      expect(session).toMatchObject({ mode: "interview", role: "software-engineer", level: "mid" });
      expect(session.questions).toHaveLength(length);
      expect(session.questions.map((q) => q.index)).toEqual([...Array(length).keys()]);
      expect(session.questions[0]!.bankId).toBe("tell-me-about-yourself");
      expect(new Set(session.questions.map((q) => q.question)).size).toBe(length);
      if (length >= 5) {
        expect([
          "one-thing-to-remember-about-you",
          "anything-else-to-add",
          "why-should-we-hire-you",
        ]).toContain(session.questions.at(-1)!.bankId);
      }
    }
  });

  it("picks one Quick Practice question of the category, avoiding the ones just answered", async () => {
    const user = await createTestUser(t);
    await subscribeTestUser(t, user);
    const seen = new Set<string>();
    for (let k = 0; k < 5; k++) {
      const session = await start(user, { mode: "quick", category: "strengths-weaknesses" });
      expect(session.questions).toHaveLength(1);
      const [question] = session.questions;
      expect(question!.category).toBe("strengths-weaknesses");
      expect(seen.has(question!.question)).toBe(false);
      seen.add(question!.question);
      await answer(user, question!.question, story, `${session.id}:0`);
    }
    const surprise = await start(user, { mode: "quick" });
    expect(surprise.questions).toHaveLength(1);
  });

  it("builds a company set from the company's name and the job post's requirements", async () => {
    const jobPost =
      "Acme Analytics is hiring a data analyst. You will write SQL every day, build dashboards " +
      "for stakeholders and present insights to the leadership team. Requirements: strong SQL, " +
      "stakeholder management, data visualisation. ".repeat(20);
    const session = await start(ada, {
      mode: "company",
      company: "Acme Analytics",
      role: "data-analyst",
      jobPost,
    });
    expect(session.company).toBe("Acme Analytics");
    const sources = session.questions.map((q) => q.source);
    expect(sources).toContain("company");
    expect(sources).toContain("job-post");
    expect(session.questions.some((q) => q.question.includes("Acme Analytics"))).toBe(true);
  });

  it("refuses what is not a session request with a 400 naming the problem", async () => {
    const bad: unknown[] = [
      {},
      { mode: "mock" },
      { mode: "interview", role: "astronaut", level: "mid", length: 3 },
      { mode: "interview", role: "nurse", level: "mid", length: 4 },
      { mode: "interview", role: "nurse", level: "chief", length: 3 },
      { mode: "interview", role: "nurse", level: "mid", length: 3, extra: true },
      { mode: "company", company: " ", role: "nurse" },
      { mode: "company", company: "A\u0000cme", role: "nurse" },
      { mode: "company", company: "Acme", role: "nurse", jobPost: "x".repeat(20_001) },
      // A misspelt category is refused, not answered with a question of another.
      { mode: "quick", category: "behavioral" },
      [],
    ];
    for (const body of bad) {
      await expectError(await call(ada, "start-session", body), 400, "validation_failed");
    }
    await expectError(
      await callFunction(t, ada, "start-session", undefined, { raw: "{nope" }),
      400,
      "bad_json",
    );
  });
});

describe("answers in a session", () => {
  let session: Session;
  /** The run's general story question (a 5-question run has one, between the role's). */
  let storyAt: number;
  beforeAll(async () => {
    session = await start(ada, {
      mode: "interview",
      role: "software-engineer",
      level: "senior",
      length: 5,
    });
    storyAt = session.questions.findIndex((q) => q.category === "behavioural");
    expect(storyAt).toBeGreaterThan(0);
  });

  it("links each answer to its question, asks one follow-up, and reports on the session", async () => {
    const [first, second] = session.questions;
    const opener = await answer(ada, first!.question, story, `${session.id}:0`);
    expect(opener.followUp ?? null).toBeNull(); // not a story question: nothing to probe
    const vague = await answer(
      ada,
      session.questions[storyAt]!.question,
      noResult,
      `${session.id}:${storyAt}`,
    );
    expect(vague.followUp).toBe("What was the outcome?");
    const follow = await answer(
      ada,
      vague.followUp!,
      "We shipped on time.",
      `${session.id}:${storyAt}:follow-up`,
    );
    expect(follow.followUp ?? null).toBeNull(); // one follow-up, never a chain

    const detail = await expectOk(
      await call(ada, "get-session", { id: session.id }),
      sessionDetailSchema,
    );
    expect(detail.attempts.map((a) => [a.questionIndex, a.followUp, a.mode])).toEqual([
      [0, false, "interview"],
      [storyAt, false, "interview"],
      [storyAt, true, "interview"],
    ]);
    expect(detail.report.answered).toBe(2); // two questions, one of them with a follow-up
    // Ranked among the answers to the questions themselves, not to the follow-up.
    const overalls = detail.attempts.filter((a) => !a.followUp).map((a) => a.scores.overall);
    expect(detail.report.best!.overall).toBe(Math.max(...overalls));
    expect(detail.report.weakest!.overall).toBe(Math.min(...overalls));
    expect(detail.report.workOn.length).toBeGreaterThan(0);
    for (const item of detail.report.workOn) {
      expect(detail.attempts.map((a) => a.id)).toContain(item.attemptId);
    }
    expect(second).toBeDefined();
  });

  it("scores and files a session question's answer under the session's own words", async () => {
    const report = await answer(ada, "What is your favourite colour?", story, `${session.id}:0`);
    const stored = await expectOk(
      await call(ada, "get-attempt", { id: report.id }),
      attemptDetailSchema,
    );
    expect(stored.question).toBe(session.questions[0]!.question);
  });

  it("answers 404 to an answer naming a session question that is not the user's", async () => {
    await expectError(
      await call(grace, "evaluate-answer", {
        question: "Q?",
        answer: story,
        attemptOf: `${session.id}:0`,
      }),
      404,
      "not_found",
    );
    await expectError(
      await call(ada, "evaluate-answer", {
        question: "Q?",
        answer: story,
        attemptOf: `${session.id}:99`,
      }),
      404,
      "not_found",
    );
  });
});

describe("the AI Interviewer's progress and pressure", () => {
  const interview = (user: TestUser, pressure?: string) =>
    start(user, {
      mode: "interview",
      role: "software-engineer",
      level: "mid",
      length: 5,
      ...(pressure ? { pressure } : {}),
    });
  /** Where a 5-question run keeps its general story question. */
  const storyOf = (session: Session) => {
    const at = session.questions.findIndex((q) => q.category === "behavioural");
    expect(at).toBeGreaterThan(0);
    return { at, question: session.questions[at]!.question };
  };
  const resume = async (user: TestUser) =>
    expectOk(await call(user, "resume-interview"), resumeInterviewResponseSchema);

  it("keeps where the interview stands, offers it back with its answers, and not once finished", async () => {
    const session = await interview(grace);
    expect(session.pressure).toBe("realistic");
    expect(session.progress).toBeNull();
    expect((await resume(grace)).interview).toBeNull(); // not begun: nothing to resume
    await answer(grace, "Tell me about a time you met a deadline.", noResult, `${session.id}:1`);
    const position = { id: session.id, at: 1, followUp: "What was the outcome?", skipped: [0] };
    const saved = await call(grace, "save-interview-progress", { ...position, finished: false });
    expect(saved.status).toBe(200);

    const { interview: left } = await resume(grace);
    expect(left?.session.id).toBe(session.id);
    expect(left?.session.progress).toEqual({ ...position, id: undefined, finished: false });
    expect(left?.answers).toEqual([{ questionIndex: 1, followUp: false, transcript: noResult }]);
    // Grace's interview is hers alone.
    expect((await resume(ada)).interview?.session.id).not.toBe(session.id);
    await expectError(
      await call(ada, "save-interview-progress", { ...position, finished: false }),
      404,
      "not_found",
    );

    await call(grace, "save-interview-progress", { ...position, followUp: null, finished: true });
    expect((await resume(grace)).interview).toBeNull();
  });

  it("refuses a position past the last question, and a session of another mode", async () => {
    const session = await interview(grace);
    const past = {
      id: session.id,
      at: session.questions.length,
      followUp: null,
      skipped: [],
      finished: false,
    };
    await expectError(await call(grace, "save-interview-progress", past), 400, "validation_failed");
    const quick = await start(grace, { mode: "quick" });
    await expectError(
      await call(grace, "save-interview-progress", { ...past, id: quick.id, at: 0 }),
      404,
      "not_found",
    );
    await expectError(
      await call(grace, "start-session", {
        mode: "interview",
        role: "software-engineer",
        level: "mid",
        length: 3,
        pressure: "brutal",
      }),
      400,
      "validation_failed",
    );
  });

  it("probes what each pressure asks about: Friendly only the result, Tough a figure too", async () => {
    const noFigure =
      "Last spring our client moved a launch forward. I split the work into daily goals because " +
      "the team needed small steps, and I checked progress every morning. As a result we " +
      "shipped on time and the client was happy.";
    const followUps = async (pressure: string) => {
      const session = await interview(grace, pressure);
      const { at, question } = storyOf(session);
      const asked = [];
      for (const text of [noResult, noFigure]) {
        asked.push((await answer(grace, question, text, `${session.id}:${at}`)).followUp ?? null);
      }
      return asked;
    };
    expect(await followUps("friendly")).toEqual(["How did it turn out in the end?", null]);
    expect(await followUps("realistic")).toEqual(["What was the outcome?", null]);
    expect(await followUps("tough")).toEqual([
      "What was the result, exactly?",
      "How did you measure that? Give me a number.",
    ]);
  });
});

describe("history", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser(t);
    await subscribeTestUser(t, user);
    const session = await start(user, { mode: "quick" });
    await answer(user, session.questions[0]!.question, story, `${session.id}:0`);
    // 24 more, several in the same millisecond as each other: the cursor must still be exact.
    await t.database.db.insert(attempts).values(
      Array.from({ length: 24 }, (_, k) => ({
        userId: user.id,
        question: `Question ${k}`,
        questionKey: k % 2 ? "same-question" : `q-${k}`,
        transcript: story,
        transcriber: "typed" as const,
        evaluator: "offline" as const,
        approximate: false,
        overall: 2 + (k % 3),
        clarity: 3,
        relevance: 3,
        timing: 3,
        strengths: ["s"],
        improvements: ["i"],
        summary: "ok",
        createdAt: new Date(Date.now() - 86_400_000 * Math.floor(k / 4)),
      })),
    );
  });

  it("lists every attempt once, newest first, in keyset pages", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await expectOk(
        await call(user, "list-attempts", { limit: 7, ...(cursor ? { cursor } : {}) }),
        listAttemptsResponseSchema,
      );
      seen.push(...page.attempts.map((a) => a.id));
      const times = page.attempts.map((a) => a.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it("filters by mode, and refuses a forged cursor or a bad filter", async () => {
    const quick = await expectOk(
      await call(user, "list-attempts", { mode: "quick" }),
      listAttemptsResponseSchema,
    );
    expect(quick.attempts).toHaveLength(1);
    expect(quick.attempts[0]!.mode).toBe("quick");
    await expectError(
      await call(user, "list-attempts", { cursor: "bm9wZQ" }),
      400,
      "validation_failed",
    );
    await expectError(await call(user, "list-attempts", { limit: 500 }), 400, "validation_failed");
    await expectError(
      await call(user, "list-attempts", { mode: "exam" }),
      400,
      "validation_failed",
    );
    const category = await expectError(
      await call(user, "list-attempts", { category: "sports" }),
      400,
      "validation_failed",
    );
    expect(category.details).toEqual([
      {
        path: "category",
        message: expect.stringMatching(/^category must be one of: behavioural, /),
      },
    ]);
  });

  it("re-opens an attempt with its feedback and the question's trend", async () => {
    const [row] = await t.database.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(eq(attempts.questionKey, "same-question"))
      .limit(1);
    const detail = await expectOk(
      await call(user, "get-attempt", { id: row!.id }),
      attemptDetailSchema,
    );
    expect(detail.transcript).toBe(story);
    expect(detail.trend).toHaveLength(12);
    expect(detail.trend.map((p) => p.createdAt)).toEqual(
      detail.trend.map((p) => p.createdAt).sort(),
    );
  });

  it("charts progress with one point per attempt, this week's count and the streak", async () => {
    const progress = await expectOk(await call(user, "progress"), progressResponseSchema);
    expect(progress.total).toBe(25);
    expect(progress.points).toHaveLength(25);
    expect(progress.thisWeek).toBe(25); // the oldest are 5 days old
    expect(progress.streakDays).toBe(6); // today and each of the 5 days before
    const dates = progress.points.map((p) => p.date);
    expect(dates).toEqual([...dates].sort());
  });

  it("counts from the per-day table, which follows every insert and delete", async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db
      .delete(attempts)
      .where(
        and(
          eq(attempts.userId, user.id),
          sql`(${attempts.createdAt} at time zone 'UTC')::date = ${threeDaysAgo}::date`,
        ),
      );
    const progress = await expectOk(await call(user, "progress"), progressResponseSchema);
    expect(progress.total).toBe(21);
    expect(progress.thisWeek).toBe(21);
    expect(progress.streakDays).toBe(3); // today, yesterday and the day before; then a gap
    const day = sql<string>`(${attempts.createdAt} at time zone 'UTC')::date::text`;
    const recount = await t.database.db
      .select({ day, answers: sql<number>`count(*)::int` })
      .from(attempts)
      .where(eq(attempts.userId, user.id))
      .groupBy(day)
      .orderBy(day);
    const kept = await t.database.db
      .select({ day: attemptDays.day, answers: attemptDays.answers })
      .from(attemptDays)
      .where(eq(attemptDays.userId, user.id))
      .orderBy(attemptDays.day);
    expect(kept).toEqual(recount);
  });
});

describe("your data and other people's", () => {
  it("never lets one user reach another's rows", async () => {
    const session = await start(ada, { mode: "quick" });
    const mine = await answer(ada, session.questions[0]!.question, story, `${session.id}:0`);
    await expectError(await call(grace, "get-attempt", { id: mine.id }), 404, "not_found");
    await expectError(await call(grace, "get-session", { id: session.id }), 404, "not_found");
    const theirs = await expectOk(
      await call(grace, "list-attempts", {}),
      listAttemptsResponseSchema,
    );
    expect(theirs.attempts.map((a) => a.id)).not.toContain(mine.id);
    const progress = await expectOk(await call(grace, "progress", {}), progressResponseSchema);
    expect(progress.points.map((p) => p.attemptId)).not.toContain(mine.id);
    const exported = (await (await call(grace, "export-my-data")).json()) as {
      attempts: { id: string }[];
      sessions: { id: string }[];
    };
    expect(exported.attempts.map((a) => a.id)).not.toContain(mine.id);
    expect(exported.sessions.map((s) => s.id)).not.toContain(session.id);
    // Ids that are not UUIDs are refused before any lookup.
    await expectError(
      await call(grace, "get-attempt", { id: "1 or 1=1" }),
      400,
      "validation_failed",
    );
  });

  it("exports everything as JSON and deletes the history for good", async () => {
    const user = await createTestUser(t);
    await subscribeTestUser(t, user);
    const session = await start(user, { mode: "quick" });
    await answer(user, session.questions[0]!.question, story, `${session.id}:0`);
    const res = await call(user, "export-my-data");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment/);
    const data = (await res.json()) as Record<string, unknown>;
    expect(data).toMatchObject({
      account: { id: user.id, email: user.email },
      subscription: { status: "active" },
    });
    expect(data.sessions).toHaveLength(1);
    expect(data.attempts).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/password|hash/i);

    const deleted = await call(user, "delete-my-history");
    expect(await deleted.json()).toEqual({ deleted: { attempts: 1, sessions: 1, cv: false } });
    const [left] = await t.database.db
      .select({
        attempts: sql<number>`(select count(*) from attempts where user_id = ${user.id})`,
        sessions: sql<number>`(select count(*) from practice_sessions where user_id = ${user.id})`,
      })
      .from(practiceSessions)
      .limit(1);
    expect(Number(left?.attempts ?? 0)).toBe(0);
    expect(Number(left?.sessions ?? 0)).toBe(0);
    expect(
      await t.database.db.select().from(attemptDays).where(eq(attemptDays.userId, user.id)),
    ).toEqual([]);
    // Someone else's history is untouched.
    const others = await expectOk(await call(ada, "list-attempts", {}), listAttemptsResponseSchema);
    expect(others.attempts.length).toBeGreaterThan(0);
  });

  it("is for signed-in subscribers, by POST (your data for anyone signed in)", async () => {
    const free = await createTestUser(t);
    for (const name of [
      "start-session",
      "list-attempts",
      "get-attempt",
      "get-session",
      "progress",
    ]) {
      await expectError(await call(null, name, {}), 401, "unauthorized");
      await expectError(await call(free, name, {}), 403, "subscription_required");
      await expectError(await call(ada, name, undefined, "GET"), 405, "method_not_allowed");
    }
    // A person's own data without a subscription: own-data.security.test.ts.
    for (const name of ["export-my-data", "delete-my-history"]) {
      await expectError(await call(null, name, {}), 401, "unauthorized");
      await expectError(await call(ada, name, undefined, "GET"), 405, "method_not_allowed");
    }
  });
});
