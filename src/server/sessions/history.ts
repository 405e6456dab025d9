import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { attempts, practiceSessions } from "@/server/db/schema";
import {
  encodeAttemptsCursor,
  HISTORY_TREND_POINTS,
  type AttemptSummary,
  type HistoryEntry,
  type ListAttemptsRequest,
} from "@/shared/sessions";
import { attemptFilters, summaryColumns, toSummary } from "./store";

/**
 * Which entry of the history an answer belongs to: its session's, for the modes that are one
 * sitting (AI Interviewer, Company Specific); otherwise its question's, so every try of one
 * question is together whichever Quick Practice run or own recording it came from. Answers stored
 * before questions had keys stand alone.
 */
const entryKey = sql<string>`case
  when ${attempts.sessionId} is not null and ${attempts.mode} in ('interview', 'company')
    then 's:' || ${attempts.sessionId}::text
  when ${attempts.questionKey} = '' then 'a:' || ${attempts.id}::text
  else 'q:' || ${attempts.questionKey} end`;

/**
 * list-history: a page of entries ordered by their newest answer (then its id), so the keyset
 * cursor is the newest answer's time and id, as list-attempts' is. The filters apply to the
 * answers: an entry shows the answers that pass them and is ordered by the newest of those.
 */
export async function listHistory(
  db: Database,
  userId: string,
  request: ListAttemptsRequest,
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const limit = request.limit ?? 20;
  const where = attemptFilters(userId, request);

  const newest = db
    .selectDistinctOn([entryKey], {
      key: entryKey.as("key"),
      id: attempts.id,
      createdAt: attempts.createdAt,
    })
    .from(attempts)
    .where(and(...where))
    .orderBy(entryKey, desc(attempts.createdAt), desc(attempts.id))
    .as("newest");
  const after = request.cursor;
  const heads = await db
    .select()
    .from(newest)
    .where(
      after
        ? sql`(${newest.createdAt}, ${newest.id}) < (${after.createdAt}, ${after.id})`
        : undefined,
    )
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(limit + 1);
  const page = heads.slice(0, limit);
  if (page.length === 0) return { entries: [], nextCursor: null };

  const keys = page.map((head) => head.key);
  const rows = await db
    .select({ ...summaryColumns, key: entryKey })
    .from(attempts)
    .where(and(...where, inArray(entryKey, keys)))
    .orderBy(asc(attempts.createdAt), asc(attempts.id));
  const byKey = new Map<string, AttemptSummary[]>();
  for (const { key, ...row } of rows) {
    const list = byKey.get(key) ?? [];
    list.push(toSummary(row));
    byKey.set(key, list);
  }
  const sessionIds = keys.filter((key) => key.startsWith("s:")).map((key) => key.slice(2));
  const sessions = sessionIds.length
    ? await db
        .select()
        .from(practiceSessions)
        .where(and(eq(practiceSessions.userId, userId), inArray(practiceSessions.id, sessionIds)))
    : [];
  const sessionById = new Map(sessions.map((session) => [session.id, session]));

  const entries = page.flatMap((head): HistoryEntry[] => {
    const answers = byKey.get(head.key) ?? [];
    const latest = answers.at(-1);
    if (!latest) return [];
    const session = head.key.startsWith("s:") ? sessionById.get(head.key.slice(2)) : undefined;
    if (session) {
      return [
        {
          kind: "session",
          session: {
            id: session.id,
            mode: session.mode,
            role: session.role,
            level: session.level,
            company: session.company,
            pressure: session.pressure,
            questionCount: (session.questions as unknown[]).length,
            createdAt: session.createdAt.toISOString(),
          },
          answers,
        },
      ];
    }
    return [
      {
        kind: "question",
        latest,
        tries: answers.length,
        trend: answers.slice(-HISTORY_TREND_POINTS).map((answer) => answer.scores.overall),
      },
    ];
  });
  const last = page.at(-1)!;
  return {
    entries,
    nextCursor:
      heads.length > limit
        ? encodeAttemptsCursor({ createdAt: new Date(last.createdAt), id: last.id })
        : null,
  };
}
