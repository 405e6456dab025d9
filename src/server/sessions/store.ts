import { and, asc, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { attempts, practiceSessions, subscriptions, users } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import type {
  AttemptDetail,
  AttemptSummary,
  ListAttemptsRequest,
  ListAttemptsResponse,
  PracticeMode,
  ProgressResponse,
  Session,
  SessionDetail,
  SessionQuestion,
} from "@/shared/sessions";
import { sessionReport } from "./report";

/**
 * Sessions and attempts in the database (issue 16). Every read is scoped to the user: another
 * user's id is simply not found (404), never forbidden, so ids cannot be probed.
 */

const notFound = (what: string) => new ApiError("not_found", `No such ${what}.`);

type SessionRow = typeof practiceSessions.$inferSelect;
type AttemptRow = typeof attempts.$inferSelect;

export async function createSession(
  db: Database,
  userId: string,
  session: {
    mode: PracticeMode;
    role?: string;
    level?: string;
    company?: string;
    questions: SessionQuestion[];
    vocabulary: string[];
  },
): Promise<Session> {
  const [row] = await db
    .insert(practiceSessions)
    .values({
      userId,
      mode: session.mode,
      role: session.role ?? null,
      level: session.level ?? null,
      company: session.company ?? null,
      questions: session.questions,
      vocabulary: session.vocabulary,
    })
    .returning();
  return toSession(row!);
}

/** The question keys of the user's latest answers, for Quick Practice to avoid. */
export async function recentQuestionKeys(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: attempts.questionKey })
    .from(attempts)
    .where(eq(attempts.userId, userId))
    .orderBy(desc(attempts.createdAt), desc(attempts.id))
    .limit(30);
  return new Set(rows.map((row) => row.key));
}

/** The session question an answer names (`attemptOf: "{session}:{index}[:follow-up]"`). */
export type AnsweredQuestion = {
  session: Session & { vocabulary: string[] };
  question: SessionQuestion;
  followUp: boolean;
};

const ATTEMPT_OF = /^([0-9a-f-]{36}):(\d{1,3})(:follow-up)?$/i;

/**
 * Resolves `attemptOf` to one of the user's session questions. A value in the session format that
 * names no session of theirs, or no question of it, is a 404; any other value is kept as given.
 */
export async function resolveAttemptOf(
  db: Database,
  userId: string,
  attemptOf: string | undefined,
): Promise<AnsweredQuestion | undefined> {
  const match = attemptOf ? ATTEMPT_OF.exec(attemptOf) : null;
  if (!match) return undefined;
  const [row] = await db
    .select()
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, match[1]!), eq(practiceSessions.userId, userId)));
  const session = row && toSession(row);
  const question = session?.questions[Number(match[2])];
  if (!session || !question) throw notFound("practice session question");
  return { session: { ...session, vocabulary: row.vocabulary }, question, followUp: !!match[3] };
}

export async function getSession(db: Database, userId: string, id: string): Promise<SessionDetail> {
  const [row] = await db
    .select()
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, id), eq(practiceSessions.userId, userId)));
  if (!row) throw notFound("practice session");
  const answers = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.sessionId, id), eq(attempts.userId, userId)))
    .orderBy(asc(attempts.createdAt), asc(attempts.id));
  const summaries = answers.map(toSummary);
  return {
    ...toSession(row),
    attempts: summaries,
    report: sessionReport(
      answers.map((answer, k) => ({ ...summaries[k]!, improvements: answer.improvements })),
    ),
  };
}

/** Keyset pages of the user's attempts, newest first. */
export async function listAttempts(
  db: Database,
  userId: string,
  request: ListAttemptsRequest,
): Promise<ListAttemptsResponse> {
  const limit = request.limit ?? 20;
  const where: SQL[] = [eq(attempts.userId, userId)];
  if (request.mode) where.push(eq(attempts.mode, request.mode));
  if (request.role) where.push(eq(attempts.role, request.role));
  if (request.category) where.push(eq(attempts.category, request.category));
  if (request.cursor) {
    const after = parseCursor(request.cursor);
    // A row comparison, so the index's range starts at the cursor instead of filtering to it.
    where.push(sql`(${attempts.createdAt}, ${attempts.id}) < (${after.createdAt}, ${after.id})`);
  }
  const rows = await db
    .select(summaryColumns)
    .from(attempts)
    .where(and(...where))
    .orderBy(desc(attempts.createdAt), desc(attempts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    attempts: page.map(toSummary),
    nextCursor: rows.length > limit && last ? cursorOf(last) : null,
  };
}

export async function getAttempt(db: Database, userId: string, id: string): Promise<AttemptDetail> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, id), eq(attempts.userId, userId)));
  if (!row) throw notFound("attempt");
  const trend = await db
    .select({ id: attempts.id, overall: attempts.overall, createdAt: attempts.createdAt })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.questionKey, row.questionKey)))
    .orderBy(desc(attempts.createdAt))
    .limit(20);
  return {
    ...toSummary(row),
    transcript: row.transcript,
    source: { transcriber: row.transcriber, evaluator: row.evaluator },
    delivery: (row.delivery as AttemptDetail["delivery"]) ?? null,
    structure: (row.structure as AttemptDetail["structure"]) ?? null,
    strengths: row.strengths,
    improvements: row.improvements,
    summary: row.summary,
    trend: trend.reverse().map((point) => ({
      id: point.id,
      overall: point.overall,
      createdAt: point.createdAt.toISOString(),
    })),
  };
}

const DAY_MS = 86_400_000;

export async function progress(
  db: Database,
  userId: string,
  limit = 500,
  now = new Date(),
): Promise<ProgressResponse> {
  const mine = eq(attempts.userId, userId);
  const today = new Date(now.toISOString().slice(0, 10) + "T00:00:00Z");
  // One after another: each is under a few milliseconds, and ten users' charts at once must not
  // take forty of the pool's connections.
  const points = await db
    .select({
      attemptId: attempts.id,
      createdAt: attempts.createdAt,
      overall: attempts.overall,
      clarity: attempts.clarity,
      relevance: attempts.relevance,
      timing: attempts.timing,
    })
    .from(attempts)
    .where(mine)
    .orderBy(desc(attempts.createdAt), desc(attempts.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(attempts).where(mine);
  const [thisWeek] = await db
    .select({ n: count() })
    .from(attempts)
    .where(and(mine, gte(attempts.createdAt, new Date(now.getTime() - 7 * DAY_MS))));
  const streakDays = await streak(db, userId, today);
  return {
    points: points.reverse().map(({ createdAt, ...point }) => ({
      ...point,
      date: createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    thisWeek: Number(thisWeek?.n ?? 0),
    streakDays,
  };
}

/**
 * Consecutive UTC days with an answer, ending today or yesterday, up to a year: the distinct
 * days of the last year in one range scan of the user's index, counted here.
 */
async function streak(db: Database, userId: string, today: Date): Promise<number> {
  const day = sql<string>`to_char(${attempts.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .selectDistinct({ day })
    .from(attempts)
    .where(
      and(
        eq(attempts.userId, userId),
        gte(attempts.createdAt, new Date(today.getTime() - 365 * DAY_MS)),
      ),
    )
    .orderBy(desc(day));
  const dayBefore = (offset: number) =>
    new Date(today.getTime() - offset * DAY_MS).toISOString().slice(0, 10);
  let offset = rows[0]?.day === dayBefore(0) ? 0 : 1;
  let run = 0;
  for (const { day: answered } of rows) {
    if (answered !== dayBefore(offset)) break;
    run++;
    offset++;
  }
  return run;
}

/** Everything we hold about the user's practice, and their account, as JSON. */
export async function exportMyData(db: Database, userId: string) {
  const [[account], [subscription], sessions, answers] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        metadata: users.userMetadata,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({
        provider: subscriptions.provider,
        status: subscriptions.status,
        tier: subscriptions.tier,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
    db
      .select()
      .from(practiceSessions)
      .where(eq(practiceSessions.userId, userId))
      .orderBy(asc(practiceSessions.createdAt)),
    db.select().from(attempts).where(eq(attempts.userId, userId)).orderBy(asc(attempts.createdAt)),
  ]);
  if (!account) throw notFound("account");
  return {
    exportedAt: new Date().toISOString(),
    account: { ...account, createdAt: account.createdAt.toISOString() },
    subscription: subscription ?? null,
    sessions: sessions.map(toSession),
    attempts: answers.map(({ userId: _owner, ...answer }) => ({
      ...answer,
      createdAt: answer.createdAt.toISOString(),
    })),
  };
}

/** Deletes the user's sessions and attempts (not hidden: gone), in one transaction. */
export async function deleteMyHistory(db: Database, userId: string) {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(attempts)
      .where(eq(attempts.userId, userId))
      .returning({ id: attempts.id });
    const sessions = await tx
      .delete(practiceSessions)
      .where(eq(practiceSessions.userId, userId))
      .returning({ id: practiceSessions.id });
    return { deleted: { attempts: gone.length, sessions: sessions.length } };
  });
}

const summaryColumns = {
  id: attempts.id,
  question: attempts.question,
  mode: attempts.mode,
  role: attempts.role,
  category: attempts.category,
  sessionId: attempts.sessionId,
  questionIndex: attempts.questionIndex,
  followUp: attempts.followUp,
  overall: attempts.overall,
  clarity: attempts.clarity,
  relevance: attempts.relevance,
  timing: attempts.timing,
  approximate: attempts.approximate,
  createdAt: attempts.createdAt,
};

function toSummary(row: Pick<AttemptRow, keyof typeof summaryColumns>): AttemptSummary {
  const { overall, clarity, relevance, timing, createdAt, ...rest } = row;
  return {
    ...rest,
    scores: { overall, clarity, relevance, timing },
    createdAt: createdAt.toISOString(),
  };
}

function toSession(row: SessionRow): Session {
  return {
    id: row.id,
    mode: row.mode,
    role: row.role,
    level: row.level,
    company: row.company,
    questions: row.questions as SessionQuestion[],
    createdAt: row.createdAt.toISOString(),
  };
}

/** The position after an attempt: its time (to the microsecond, as stored) and id. */
function cursorOf(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(time ?? "");
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id ?? "")) {
    throw new ApiError("validation_failed", "cursor is not one this server gave out.", {
      details: [{ path: "cursor", message: "cursor is not valid" }],
    });
  }
  return { createdAt, id: id! };
}
