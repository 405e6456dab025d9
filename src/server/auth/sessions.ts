import { and, asc, desc, eq, lt, ne, sql } from "drizzle-orm";
import type { LogoutScope } from "@/shared/auth";
import type { Database } from "@/server/db/client";
import { isUuid } from "@/server/db/uuid";
import { identities, refreshTokens, sessions, users } from "@/server/db/schema";
import {
  REFRESH_TOKEN_MAX_LENGTH,
  hashRefreshToken,
  newRefreshToken,
  openSuccessor,
  sealSuccessor,
} from "./refresh-tokens";
import { userJsonSql } from "./users";

/** Sessions and their refresh-token chains (docs/contracts/auth.md, "Sessions and refresh tokens"). */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type RequestMeta = { ip: string; userAgent: string | undefined };

/** How long a just-rotated token still yields its child instead of counting as a replay. */
export const REUSE_INTERVAL_MS = 10_000;
/** A chain walked during reuse is short: one link per refresh within the interval. */
const MAX_REUSE_LINKS = 16;

/** `recovery`: opened by a password-recovery link or code (see `sessions.recovery`). */
export async function createSession(
  tx: Tx | Database,
  userId: string,
  meta: RequestMeta,
  options: { recovery?: boolean } = {},
) {
  const [session] = await tx
    .insert(sessions)
    .values({
      userId,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512),
      recovery: options.recovery ?? false,
    })
    .returning({ id: sessions.id, createdAt: sessions.createdAt });
  const refreshToken = newRefreshToken();
  await tx
    .insert(refreshTokens)
    .values({ sessionId: session!.id, tokenHash: hashRefreshToken(refreshToken) });
  return { sessionId: session!.id, createdAt: session!.createdAt, refreshToken };
}

export type RotateResult =
  | { kind: "issued"; userId: string; sessionId: string; createdAt: Date; refreshToken: string }
  | { kind: "not_found" }
  | { kind: "replay" };

/**
 * Exchanges a refresh token for its child. The session row is locked, so concurrent refreshes
 * of one session take turns. A revoked token that is the parent of the active one, or was
 * revoked less than the reuse interval ago, gets the active token back (no new rotation); any
 * other revoked token is a replay, and the whole session is deleted.
 */
export async function rotateRefreshToken(db: Database, presented: string): Promise<RotateResult> {
  if (presented.length === 0 || presented.length > REFRESH_TOKEN_MAX_LENGTH) {
    return { kind: "not_found" };
  }
  const tokenHash = hashRefreshToken(presented);
  return db.transaction(async (tx): Promise<RotateResult> => {
    const [found] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!found) return { kind: "not_found" };
    const [session] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.id, found.sessionId))
      .for("update");
    if (!session) return { kind: "not_found" };
    // Read again under the lock: a concurrent refresh may have rotated it meanwhile.
    const [token] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!token) return { kind: "not_found" };
    const now = new Date();
    const issued = (refreshToken: string) =>
      ({
        kind: "issued",
        userId: session.userId,
        sessionId: session.id,
        createdAt: session.createdAt,
        refreshToken,
      }) as const;

    if (!token.revoked) {
      const child = newRefreshToken();
      await tx.insert(refreshTokens).values({
        sessionId: session.id,
        tokenHash: hashRefreshToken(child),
        parentId: token.id,
      });
      await tx
        .update(refreshTokens)
        .set({ revoked: true, revokedAt: now, successor: sealSuccessor(presented, child) })
        .where(eq(refreshTokens.id, token.id));
      await tx
        .update(sessions)
        .set({ refreshedAt: now, updatedAt: now })
        .where(eq(sessions.id, session.id));
      return issued(child);
    }

    const [active] = await tx
      .select({ id: refreshTokens.id, parentId: refreshTokens.parentId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, session.id), eq(refreshTokens.revoked, false)))
      .orderBy(desc(refreshTokens.id))
      .limit(1);
    const recent =
      token.revokedAt !== null && now.getTime() - token.revokedAt.getTime() < REUSE_INTERVAL_MS;
    if (active && (active.parentId === token.id || recent)) {
      const activeToken = await followSuccessors(tx, presented, token, active.id);
      if (activeToken) return issued(activeToken);
    }
    await tx.delete(sessions).where(eq(sessions.id, session.id));
    return { kind: "replay" };
  });
}

async function followSuccessors(
  tx: Tx,
  presented: string,
  from: typeof refreshTokens.$inferSelect,
  activeId: number,
): Promise<string | undefined> {
  let raw = presented;
  let row = from;
  for (let link = 0; link < MAX_REUSE_LINKS; link++) {
    const child = row.successor ? openSuccessor(raw, row.successor) : undefined;
    if (!child) return undefined;
    const [next] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(child)));
    if (!next || next.sessionId !== row.sessionId) return undefined;
    if (next.id === activeId) return child;
    raw = child;
    row = next;
  }
  return undefined;
}

/** Revoked tokens are kept this long for reuse and replay detection, then deleted. */
export const REVOKED_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes refresh tokens revoked longer ago than the retention, so a session's chain does not
 * grow by one row per hour for ever. Presenting such a token later answers "not found" (the
 * client signs out) rather than revoking the session.
 */
export async function sweepRevokedTokens(db: Database, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(refreshTokens)
    .where(
      and(
        eq(refreshTokens.revoked, true),
        lt(refreshTokens.revokedAt, new Date(now - REVOKED_TOKEN_RETENTION_MS)),
      ),
    )
    .returning({ id: refreshTokens.id });
  return deleted.length;
}

/** False when the session no longer exists (then nothing is deleted). */
export async function endSessions(
  db: Database,
  userId: string,
  sessionId: string,
  scope: LogoutScope,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    if (!session) return false;
    const where =
      scope === "local"
        ? eq(sessions.id, sessionId)
        : scope === "others"
          ? and(eq(sessions.userId, userId), ne(sessions.id, sessionId))
          : eq(sessions.userId, userId);
    await tx.delete(sessions).where(where);
    return true;
  });
}

/**
 * The lookups behind authenticated requests: one prepared primary-key read each, sent after the
 * request arrived, so it sees every sign-out committed before (docs/decisions/0155).
 */
export function createSessionLookups(db: Database) {
  const id = sql.placeholder("id");
  const withUsers = db
    .select({ user: users, identity: identities })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(identities, eq(identities.userId, users.id))
    .where(eq(sessions.id, id))
    .orderBy(asc(identities.createdAt))
    .prepare("auth_session_user");

  const asJson = db
    .select({ userId: users.id, json: userJsonSql })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .prepare("auth_session_user_json");

  return {
    /** The session's user as `toUserJson` text (for GET /user), or undefined when it is gone. */
    async userJson(sessionId: string) {
      if (!isUuid(sessionId)) return undefined;
      const [row] = await asJson.execute({ id: sessionId });
      return row;
    },
    /** The session's user and identities, or undefined when the session is gone. */
    async user(sessionId: string) {
      if (!isUuid(sessionId)) return undefined;
      const rows = await withUsers.execute({ id: sessionId });
      if (rows.length === 0) return undefined;
      const identityRows = rows.flatMap((row) => (row.identity ? [row.identity] : []));
      return { user: rows[0]!.user, identities: identityRows };
    },
  };
}
