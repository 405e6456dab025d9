import { and, eq, ne } from "drizzle-orm";
import { normalizeEmail, type UpdateUserBody, type User } from "@/shared/auth";
import type { Database } from "@/server/db/client";
import { identities, sessions, users } from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import type { AccountMail } from "./account-mail";
import type { AuthLimits } from "./auth-limits";
import {
  refuseLargeMetadata,
  refuseLongPassword,
  refuseWeakPassword,
  validEmail,
  type PasswordCheck,
} from "./credentials";
import { deleteUserRows } from "./delete-account";
import { AuthError, AuthErrorCode, authErrors } from "./errors";
import { dropTokens } from "./one-time-tokens";
import { hashPassword, verifyPassword } from "./passwords";
import { pkceChallenge } from "./pkce";
import type { RedirectTarget } from "./redirects";
import type { SessionTokens } from "./session-tokens";
import type { RequestMeta } from "./sessions";
import { toUserJson } from "./users";

/**
 * A signed-in user changes the account: PUT /user (password, email, metadata) and closing it.
 * HTTP-free, like the other parts of service.ts.
 */
export type AccountChanges = {
  /**
   * PUT /user: a new password (sign-up rules; every other session of the user is signed out;
   * the account's address gets a notice), a new email (with the current password or a recent
   * sign-in; confirmed from both addresses, docs/decisions/0080), metadata. Everything is
   * checked before anything changes.
   */
  updateUser(
    bearer: string | undefined,
    body: UpdateUserBody,
    redirectTo: string | undefined,
    meta: RequestMeta,
  ): Promise<User>;
  /**
   * Closes an account (docs/decisions/0071). The typed email must be the account's and the
   * password its own (a wrong one counts as a failed sign-in). Then `beforeDelete` runs (the
   * billing provider's cancellation): when it throws, nothing is deleted. Then the user and
   * everything of theirs go in one transaction, and this resolves once no instance accepts
   * any of their tokens.
   */
  deleteAccount(
    userId: string,
    confirm: { email: string; password: string },
    beforeDelete: () => Promise<void>,
  ): Promise<"deleted" | "wrong_email" | "wrong_password" | { rateLimitedFor: number }>;
};

/**
 * An email change without the current password needs a sign-in at most this old: long enough to
 * sign in and go to the account page, short enough that a token taken later cannot move the
 * account (docs/decisions/0080).
 */
const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

export function createAccountChanges(deps: {
  db: Database;
  logger: Logger;
  sessions: Pick<SessionTokens, "claims">;
  limits: Pick<AuthLimits, "perAddress" | "passwordChecks">;
  passwordCheck: PasswordCheck;
  mail: Pick<AccountMail, "sendToken" | "requireMail" | "noticePasswordChanged">;
  redirectTarget: RedirectTarget;
}): AccountChanges {
  const { db, logger, limits, passwordCheck, mail } = deps;

  async function sessionRow(sessionId: string) {
    const [session] = await db
      .select({ recovery: sessions.recovery, createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return session;
  }

  return {
    async updateUser(bearer, body, redirectTo, meta) {
      const claims = await deps.sessions.claims(bearer);
      const [user] = await db.select().from(users).where(eq(users.id, claims.sub));
      if (!user) throw authErrors.userNotFound();
      const session = await sessionRow(claims.session_id);
      if (!session) throw authErrors.sessionNotFound();
      const pkce = pkceChallenge(body);

      let newEmail: string | undefined;
      if (body.email != null) {
        const email = validEmail(body.email, "An email address is required");
        if (email !== user.email) newEmail = email;
      }
      const password = body.password ?? undefined;
      if (password !== undefined) {
        refuseLongPassword(password);
        await refuseWeakPassword(password, user.email);
      }

      // The current password, when given, is checked once for whatever needs it; a wrong one
      // counts as a failed sign-in from this IP.
      let reauthenticated = false;
      if (body.current_password != null && (password !== undefined || newEmail)) {
        await limits.passwordChecks(user.id);
        const attempt = { email: user.email, password: body.current_password, from: meta.ip };
        if (!(await passwordCheck(attempt, async () => user))) {
          throw authErrors.currentPasswordMismatch();
        }
        reauthenticated = true;
      } else if (password !== undefined) {
        await limits.passwordChecks(user.id);
      }
      if (password !== undefined) {
        // Not given, only a session opened by a recovery link or code may go without
        // (docs/decisions/0071).
        if (!reauthenticated && !session.recovery) throw authErrors.currentPasswordRequired();
        if (await verifyPassword(user.passwordHash, password)) throw authErrors.samePassword();
      }
      if (newEmail) {
        // An access token alone must not move the account away (docs/decisions/0080).
        const recent = Date.now() - session.createdAt.getTime() < RECENT_SIGN_IN_MS;
        if (!reauthenticated && !recent) throw authErrors.currentPasswordRequired("email");
        mail.requireMail();
        await limits.perAddress("email-sent", newEmail);
        const [taken] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, newEmail));
        if (taken) throw authErrors.emailExists();
      }
      let metadata: Record<string, unknown> | undefined;
      if (body.data) {
        // The claims GoTrue keeps in user_metadata stay ours.
        const { sub, email, email_verified, phone_verified, ...rest } = user.userMetadata;
        metadata = { ...rest, ...body.data, sub, email, email_verified, phone_verified };
        refuseLargeMetadata(metadata);
      }

      const now = new Date();
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      const { updated, sends } = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({
            updatedAt: now,
            ...(passwordHash && { passwordHash }),
            ...(metadata && { userMetadata: metadata }),
            ...(newEmail && { emailChange: newEmail, emailChangeConfirmed: null }),
          })
          .where(eq(users.id, user.id))
          .returning();
        if (passwordHash) {
          await tx
            .delete(sessions)
            .where(and(eq(sessions.userId, user.id), ne(sessions.id, claims.session_id)));
          // The recovery is over: a later change from this session needs the new password.
          await tx
            .update(sessions)
            .set({ recovery: false })
            .where(eq(sessions.id, claims.session_id));
          await dropTokens(tx, user.id, "recovery");
        }
        const target = deps.redirectTarget(redirectTo);
        const sends = newEmail
          ? [
              await mail.sendToken(tx, user, "email_change", newEmail, target, pkce),
              await mail.sendToken(
                tx,
                user,
                "email_change_current",
                user.email,
                target,
                pkce,
                newEmail,
              ),
            ]
          : [];
        return { updated: changed!, sends };
      });
      for (const send of sends) send();
      if (passwordHash) {
        mail.noticePasswordChanged(user.email);
        logger.info({ userId: user.id }, "password changed: other sessions signed out");
      }
      const identityRows = await db.select().from(identities).where(eq(identities.userId, user.id));
      return toUserJson(updated, identityRows);
    },

    async deleteAccount(userId, confirm, beforeDelete) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return "deleted";
      if (normalizeEmail(confirm.email) !== user.email) return "wrong_email";
      try {
        // The check runs for a signed-in user: its wrong passwords back off per account.
        const attempt = {
          email: user.email,
          password: confirm.password,
          from: `account:${user.id}`,
        };
        if (!(await passwordCheck(attempt, async () => user))) return "wrong_password";
      } catch (error) {
        if (error instanceof AuthError && error.code === AuthErrorCode.OverRequestRateLimit) {
          // Seconds until the back-off lets this account try again, as the limit computed them.
          return { rateLimitedFor: error.retryAfter ?? 1 };
        }
        throw error;
      }
      await beforeDelete();
      if (await deleteUserRows(db, userId)) {
        logger.info({ userId }, "account deleted");
      }
      return "deleted";
    },
  };
}
