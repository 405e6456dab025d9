import { and, asc, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import {
  attemptDays,
  attempts,
  cvs,
  practiceSessions,
  shareComments,
  shareLinks,
  subscriptions,
  users,
} from "@/server/db/schema";
import { storedFeedback } from "@/server/feedback/attempts";
import { ApiError } from "@/server/http/errors";
import {
  encodeAttemptsCursor,
  interviewProgressSchema,
  type AttemptDetail,
  type InterviewProgress,
  type Pressure,
  type ResumeInterview,
  type AttemptSummary,
  type ListAttemptsRequest,
  type ListAttemptsResponse,
  type PracticeMode,
  type ProgressResponse,
  type Session,
  type SessionDetail,
  type SessionQuestion,
} from "@/shared/sessions";
import { sessionQuestionOf } from "@/shared/feedback";
import { sessionReport } from "./report";

/**
 * Sessions and attempts in the database (docs/decisions/0072). Every read is scoped to the user: another
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
    pressure?: Pressure;
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
      pressure: session.mode === "interview" ? (session.pressure ?? "realistic") : null,
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

/**
 * Resolves `attemptOf` to one of the user's session questions. A value in the session format that
 * names no session of theirs, or no question of it, is a 404; any other value is kept as given.
 */
export async function resolveAttemptOf(
  db: Database,
  userId: string,
  attemptOf: string | undefined,
): Promise<AnsweredQuestion | undefined> {
  const named = attemptOf ? sessionQuestionOf(attemptOf) : null;
  if (!named) return undefined;
  const [row] = await db
    .select()
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, named.sessionId), eq(practiceSessions.userId, userId)));
  const session = row && toSession(row);
  const question = session?.questions[named.index];
  if (!session || !question) throw notFound("practice session question");
  return {
    session: { ...session, vocabulary: row.vocabulary },
    question,
    followUp: named.followUp,
  };
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
    attempts: summaries.map((summary, k) => ({ ...summary, transcript: answers[k]!.transcript })),
    report: sessionReport(
      answers.map((answer, k) => ({ ...summaries[k]!, improvements: answer.improvements })),
    ),
  };
}

/** How hard an AI Interviewer session presses (its answers' follow-ups; docs/decisions/0105). */
export async function interviewPressure(db: Database, sessionId: string | null): Promise<Pressure> {
  if (!sessionId) return "realistic";
  const [row] = await db
    .select({ pressure: practiceSessions.pressure })
    .from(practiceSessions)
    .where(eq(practiceSessions.id, sessionId));
  return row?.pressure ?? "realistic";
}

/**
 * Saves where the user's AI Interviewer session stands (docs/decisions/0104). Another user's
 * session, or one of another mode, is not found; a question index past its end is refused.
 */
export async function saveInterviewProgress(
  db: Database,
  userId: string,
  id: string,
  progress: InterviewProgress,
): Promise<InterviewProgress> {
  const [row] = await db
    .select({ questions: practiceSessions.questions })
    .from(practiceSessions)
    .where(
      and(
        eq(practiceSessions.id, id),
        eq(practiceSessions.userId, userId),
        eq(practiceSessions.mode, "interview"),
      ),
    );
  if (!row) throw notFound("AI Interviewer session");
  const count = row.questions.length;
  if (progress.at >= count || progress.skipped.some((index) => index >= count)) {
    throw new ApiError("validation_failed", `The session has ${count} questions.`);
  }
  await db
    .update(practiceSessions)
    .set({ progress, progressAt: new Date() })
    .where(and(eq(practiceSessions.id, id), eq(practiceSessions.userId, userId)));
  return progress;
}

/** An interview left this long ago is not offered again: the user has moved on. */
const RESUMABLE_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * The user's newest AI Interviewer session, when it was left unfinished within the last day, with
 * the transcripts of its answers so far (oldest first), or null.
 */
export async function resumableInterview(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<ResumeInterview | null> {
  const [row] = await db
    .select()
    .from(practiceSessions)
    .where(
      and(
        eq(practiceSessions.userId, userId),
        eq(practiceSessions.mode, "interview"),
        gt(practiceSessions.createdAt, new Date(now.getTime() - RESUMABLE_FOR_MS)),
      ),
    )
    .orderBy(desc(practiceSessions.createdAt), desc(practiceSessions.id))
    .limit(1);
  const session = row && toSession(row);
  if (!session?.progress || session.progress.finished) return null;
  const answers = await db
    .select({
      questionIndex: attempts.questionIndex,
      followUp: attempts.followUp,
      transcript: attempts.transcript,
    })
    .from(attempts)
    .where(and(eq(attempts.sessionId, session.id), eq(attempts.userId, userId)))
    .orderBy(asc(attempts.createdAt), asc(attempts.id));
  return {
    session,
    answers: answers.map((answer) => ({ ...answer, questionIndex: answer.questionIndex ?? 0 })),
  };
}

/** Keyset pages of the user's attempts, newest first. */
/** The user's attempts that the history's filters (mode, role, category) keep. */
export function attemptFilters(userId: string, request: ListAttemptsRequest): SQL[] {
  const where: SQL[] = [eq(attempts.userId, userId)];
  if (request.mode) where.push(eq(attempts.mode, request.mode));
  if (request.role) where.push(eq(attempts.role, request.role));
  if (request.category) where.push(eq(attempts.category, request.category));
  return where;
}

export async function listAttempts(
  db: Database,
  userId: string,
  request: ListAttemptsRequest,
): Promise<ListAttemptsResponse> {
  const limit = request.limit ?? 20;
  const where = attemptFilters(userId, request);
  if (request.cursor) {
    const after = request.cursor;
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
    nextCursor: rows.length > limit && last ? encodeAttemptsCursor(last) : null,
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
    ...storedFeedback(row),
    trend: trend.reverse().map((point) => ({
      id: point.id,
      overall: point.overall,
      createdAt: point.createdAt.toISOString(),
    })),
  };
}

type ProgressPoint = ProgressResponse["points"][number];

/**
 * The user's newest points for the chart (100 unless asked: on the page's 640-unit-wide chart each
 * answer stays a few pixels apart, and its table stays readable), and their counts from the per-day table the attempts'
 * triggers keep (`attempt_days`): the total, the last seven UTC days (today included) and the
 * streak of consecutive days ending today or yesterday, up to a year.
 *
 * One statement whose rows the database hands over as JSON: mapped field by field in JavaScript,
 * hundreds of points were most of the request's time.
 */
export async function progress(
  db: Database,
  userId: string,
  limit = 100,
  now = new Date(),
): Promise<ProgressResponse> {
  const today = now.toISOString().slice(0, 10);
  const [row] = await db
    .select({
      // Newest first, so the index is walked from the top; reversed below.
      points: sql<ProgressPoint[] | null>`(select json_agg(p) from (
        select ${attempts.id} as "attemptId", ${attempts.question} as question,
          to_char(${attempts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
          ${attempts.overall} as overall, ${attempts.clarity} as clarity,
          ${attempts.relevance} as relevance, ${attempts.timing} as timing
        from ${attempts} where ${attempts.userId} = ${userId}
        order by ${attempts.createdAt} desc, ${attempts.id} desc limit ${limit}) p)`,
      // How many days before today each of the newest year's answered days is, newest first.
      days: sql<{ ago: number; answers: number }[] | null>`(select json_agg(d) from (
        select ${today}::date - ${attemptDays.day} as ago, ${attemptDays.answers} as answers
        from ${attemptDays} where ${attemptDays.userId} = ${userId}
        order by ${attemptDays.day} desc limit 366) d)`,
      total: sql<string | null>`(select sum(${attemptDays.answers}) from ${attemptDays}
        where ${attemptDays.userId} = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const days = row?.days ?? [];
  const first = days[0]?.ago === 0 ? 0 : 1;
  let streakDays = 0;
  while (days[streakDays]?.ago === first + streakDays) streakDays++;
  return {
    points: (row?.points ?? []).reverse(),
    total: Number(row?.total ?? 0),
    thisWeek: days.reduce((sum, { ago, answers }) => (ago <= 6 ? sum + answers : sum), 0),
    streakDays,
  };
}

/** Everything we hold about the user's practice, their CV and their account, as JSON. */
export async function exportMyData(db: Database, userId: string) {
  const [[account], [subscription], sessions, answers, [cv], shares, comments] = await Promise.all([
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
    db.select().from(cvs).where(eq(cvs.userId, userId)),
    // The links' tokens are not kept, so none is exported: only what each link is and did.
    db
      .select({
        id: shareLinks.id,
        sessionId: shareLinks.sessionId,
        includeTranscript: shareLinks.includeTranscript,
        createdAt: shareLinks.createdAt,
        expiresAt: shareLinks.expiresAt,
        revokedAt: shareLinks.revokedAt,
        lastOpenedAt: shareLinks.lastOpenedAt,
      })
      .from(shareLinks)
      .where(eq(shareLinks.userId, userId))
      .orderBy(asc(shareLinks.createdAt)),
    db
      .select({ comment: shareComments })
      .from(shareComments)
      .innerJoin(shareLinks, eq(shareLinks.id, shareComments.shareId))
      .where(eq(shareLinks.userId, userId))
      .orderBy(asc(shareComments.createdAt)),
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
    cv: cv
      ? {
          fileName: cv.fileName,
          format: cv.format,
          text: cv.text,
          profile: cv.profile,
          reader: cv.reader,
          createdAt: cv.createdAt.toISOString(),
          updatedAt: cv.updatedAt.toISOString(),
        }
      : null,
    shares: shares.map((share) => ({
      ...share,
      comments: comments
        .filter(({ comment }) => comment.shareId === share.id)
        .map(({ comment: { shareId: _link, ...comment } }) => comment),
    })),
  };
}

/** Deletes the user's sessions, attempts and CV (not hidden: gone), in one transaction. */
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
    const cv = await tx.delete(cvs).where(eq(cvs.userId, userId)).returning({ id: cvs.userId });
    return { deleted: { attempts: gone.length, sessions: sessions.length, cv: cv.length > 0 } };
  });
}

export const summaryColumns = {
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
  transcriptCorrected: attempts.transcriptCorrected,
  createdAt: attempts.createdAt,
};

export function toSummary(row: Pick<AttemptRow, keyof typeof summaryColumns>): AttemptSummary {
  const { overall, clarity, relevance, timing, createdAt, transcriptCorrected, ...rest } = row;
  return {
    ...rest,
    corrected: transcriptCorrected,
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
    pressure: row.pressure,
    // Written by saveInterviewProgress only; anything else reads as no progress.
    progress: interviewProgressSchema.safeParse(row.progress).data ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
