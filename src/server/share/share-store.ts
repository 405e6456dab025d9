import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { attempts, practiceSessions, shareComments, shareLinks } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import { getSession } from "@/server/sessions/store";
import { roleLabel } from "@/shared/roles";
import { modeLabels, type SessionDetail } from "@/shared/sessions";
import { SHARE_DAYS_DEFAULT, type ShareComment, type ShareLink } from "@/shared/share";

/**
 * Share links and their comments in the database (docs/decisions/0111). The token is 32 random
 * bytes, shown once in the link; only its SHA-256 is kept, so the table cannot be turned back
 * into working links. A link that is unknown, expired or revoked is simply not found.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
/** base64url of 32 bytes: 43 characters. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const notFound = (what: string) => new ApiError("not_found", `No such ${what}.`);

type LinkRow = typeof shareLinks.$inferSelect;

/** "AI Interviewer · Software engineer": what a link shows, as its owner and its page name it. */
export function titleOf(session: { mode: string; role: string | null; company: string | null }) {
  const mode = modeLabels[session.mode as keyof typeof modeLabels] ?? session.mode;
  const about = session.company ?? (session.role ? roleLabel(session.role) : null);
  return about ? `${mode} · ${about}` : mode;
}

function toLink(
  row: LinkRow,
  session: { mode: string; role: string | null; company: string | null },
  comments: number,
): ShareLink {
  return {
    id: row.id,
    sessionId: row.sessionId,
    title: titleOf(session),
    includeTranscript: row.includeTranscript,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    comments,
  };
}

/** A new link to one of the user's sessions; another user's session is not found. */
export async function createShare(
  db: Database,
  userId: string,
  request: { sessionId: string; transcript: boolean; days?: number },
  now = new Date(),
): Promise<{ token: string; link: ShareLink }> {
  const [session] = await db
    .select({
      mode: practiceSessions.mode,
      role: practiceSessions.role,
      company: practiceSessions.company,
    })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, request.sessionId), eq(practiceSessions.userId, userId)));
  if (!session) throw notFound("practice session");
  const token = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(shareLinks)
    .values({
      userId,
      sessionId: request.sessionId,
      tokenHash: sha256(token),
      includeTranscript: request.transcript,
      expiresAt: new Date(now.getTime() + (request.days ?? SHARE_DAYS_DEFAULT) * DAY_MS),
    })
    .returning();
  return { token, link: toLink(row!, session, 0) };
}

/** The user's links, newest first, with their sessions' titles and comment counts. */
export async function listShares(db: Database, userId: string): Promise<ShareLink[]> {
  const rows = await db
    .select({
      link: shareLinks,
      mode: practiceSessions.mode,
      role: practiceSessions.role,
      company: practiceSessions.company,
      comments: count(shareComments.id),
    })
    .from(shareLinks)
    .innerJoin(practiceSessions, eq(practiceSessions.id, shareLinks.sessionId))
    .leftJoin(shareComments, eq(shareComments.shareId, shareLinks.id))
    .where(eq(shareLinks.userId, userId))
    .groupBy(shareLinks.id, practiceSessions.id)
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(100);
  return rows.map((row) => toLink(row.link, row, row.comments));
}

/** Ends a link at once; another user's link is not found. Revoking twice is harmless. */
export async function revokeShare(db: Database, userId: string, id: string, now = new Date()) {
  const [row] = await db
    .select({ revokedAt: shareLinks.revokedAt })
    .from(shareLinks)
    .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId)));
  if (!row) throw notFound("share link");
  if (!row.revokedAt) {
    await db.update(shareLinks).set({ revokedAt: now }).where(eq(shareLinks.id, id));
  }
  return { revoked: true };
}

/** The link a token names while it is live (not expired, not revoked), or null. */
async function liveLink(db: Database, token: string, now: Date): Promise<LinkRow | null> {
  if (!SHARE_TOKEN.test(token)) return null;
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(
      and(
        eq(shareLinks.tokenHash, sha256(token)),
        isNull(shareLinks.revokedAt),
        gt(shareLinks.expiresAt, now),
      ),
    );
  return row ?? null;
}

export type SharedSession = {
  link: LinkRow;
  session: SessionDetail;
  comments: ShareComment[];
};

/** What the shared page shows, and the link marked as opened; null for a dead link. */
export async function openShare(
  db: Database,
  token: string,
  now = new Date(),
): Promise<SharedSession | null> {
  const link = await liveLink(db, token, now);
  if (!link) return null;
  await db.update(shareLinks).set({ lastOpenedAt: now }).where(eq(shareLinks.id, link.id));
  const session = await getSession(db, link.userId, link.sessionId);
  const comments = await db
    .select()
    .from(shareComments)
    .where(eq(shareComments.shareId, link.id))
    .orderBy(asc(shareComments.createdAt), asc(shareComments.id));
  return { link, session, comments: comments.map(toComment) };
}

/** A comment on one of the shared session's answers; false when the link or answer is not. */
export async function addComment(
  db: Database,
  token: string,
  comment: { attemptId: string; name: string; text: string },
  now = new Date(),
): Promise<{ shareId: string } | null> {
  const link = await liveLink(db, token, now);
  if (!link) return null;
  const [answer] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.id, comment.attemptId), eq(attempts.sessionId, link.sessionId)));
  if (!answer) return null;
  await db.insert(shareComments).values({ shareId: link.id, ...comment });
  return { shareId: link.id };
}

/** The comments on one of the user's sessions, through any of its links, oldest first. */
export async function sessionComments(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<ShareComment[]> {
  const rows = await db
    .select({ comment: shareComments })
    .from(shareComments)
    .innerJoin(shareLinks, eq(shareLinks.id, shareComments.shareId))
    .where(and(eq(shareLinks.userId, userId), eq(shareLinks.sessionId, sessionId)))
    .orderBy(asc(shareComments.createdAt), asc(shareComments.id));
  return rows.map((row) => toComment(row.comment));
}

/** Deletes a comment left on one of the user's links; another user's is not found. */
export async function deleteComment(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({ id: shareComments.id })
    .from(shareComments)
    .innerJoin(shareLinks, eq(shareLinks.id, shareComments.shareId))
    .where(and(eq(shareComments.id, id), eq(shareLinks.userId, userId)));
  if (!row) throw notFound("comment");
  await db.delete(shareComments).where(eq(shareComments.id, id));
  return { deleted: true };
}

function toComment(row: typeof shareComments.$inferSelect): ShareComment {
  return {
    id: row.id,
    attemptId: row.attemptId,
    name: row.name,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}
