import { and, eq, ne } from "drizzle-orm";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_METADATA_MAX_BYTES,
  isValidEmail,
  normalizeEmail,
  passwordLength,
  type AccessTokenClaims,
  type Session,
  type UpdateUserBody,
  type User,
  type VerifyBody,
  type VerifyType,
} from "@/shared/auth";
import type { Config } from "@/server/config";
import type { Database } from "@/server/db/client";
import type { CoherentCaches } from "@/server/db/coherent-caches";
import { rateLimitKey, type RateLimiter } from "@/server/db/rate-limit";
import { identities, sessions, users } from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import type { Mailer } from "@/server/mail/mailer";
import { composeMail, type MailKind } from "@/server/mail/templates";
import { authErrors } from "./errors";
import {
  consumeCode,
  consumeToken,
  dropTokens,
  issueToken,
  type TokenRow,
  type TokenType,
} from "./one-time-tokens";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, type RequestMeta } from "./sessions";
import { toUserJson, type IdentityRow, type UserRow } from "./users";

/**
 * The flows that go through an email (contracts/auth.md, "Account lifecycle"; docs/decisions/
 * 0069): password recovery, verifying a link or code (recovery, sign-up confirmation, email
 * change) into a session, and PUT /user (password, email, metadata). HTTP-free, like service.ts.
 */
export type AccountMailDeps = {
  config: Config;
  db: Database;
  caches: CoherentCaches;
  logger: Logger;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** A Session for a session just created. */
  sessionFor(
    user: UserRow,
    identityRows: IdentityRow[],
    sessionId: string,
    authenticatedAt: Date,
    refreshToken: string,
  ): Promise<Session>;
  /** `redirect_to` when it is on the site or an allowed origin, else the site. */
  redirectTarget(redirectTo: string | undefined): string;
  /** The claims of a bearer token whose session still exists (throws AuthError otherwise). */
  authenticated(bearer: string | undefined): Promise<AccessTokenClaims>;
  /** Whether `password` is the user's; a wrong one counts as a failed sign-in (may throw 429). */
  checkPassword(user: UserRow, password: string): Promise<boolean>;
};

const tokenTypesFor = (type: VerifyType): TokenType[] =>
  type === "email" || type === "signup" ? ["signup"] : [type];

export function createAccountMail(deps: AccountMailDeps) {
  const { config, db, caches, logger, mailer, rateLimiter } = deps;
  const limits = config.auth.rateLimits;
  /** Work the answer does not wait for (so it cannot tell whether an address exists). */
  const pending = new Set<Promise<void>>();

  const background = (what: string, work: () => Promise<void>) => {
    const run = work().catch((error: unknown) => logger.error({ err: error }, what));
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };

  const verifyUrl = (token: string, type: MailKind, redirectTo: string) =>
    `${config.siteUrl}/auth/v1/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`;

  /** Issues a token of `type` for the user and mails its link and code to `email`. */
  async function sendToken(
    tx: Database | Parameters<Parameters<Database["transaction"]>[0]>[0],
    user: { id: string },
    type: MailKind,
    email: string,
    redirectTo: string,
  ) {
    const { token, code } = await issueToken(tx, { userId: user.id, type, email });
    return () => mailer.send(composeMail(type, email, verifyUrl(token, type, redirectTo), code));
  }

  const requireMail = () => {
    if (mailer.transport === "none") throw authErrors.emailNotConfigured();
  };

  /** Per address, for the endpoints that send mail or check codes (per IP: the routes). */
  async function limitAddress(kind: "email-sent" | "verify", email: string) {
    const max = kind === "email-sent" ? limits.emailSent : limits.verify;
    if (!(await rateLimiter.take(rateLimitKey(`${kind}-address`, email), max)).allowed) {
      logger.warn({ kind }, "auth rate limit reached for one address");
      throw authErrors.rateLimited();
    }
  }

  function validEmail(raw: string, missing: string): string {
    const email = normalizeEmail(raw);
    if (email === "") throw authErrors.validation(missing);
    if (!isValidEmail(email)) throw authErrors.invalidEmail();
    return email;
  }

  /** Applies what the token confirms and opens a session, in one transaction. */
  async function signInWith(row: TokenRow, meta: RequestMeta): Promise<Session> {
    const now = new Date();
    const done = await db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for("update");
      if (!user) return undefined;
      const metadata = { ...user.userMetadata, email_verified: true };
      const changes: Partial<UserRow> = { lastSignInAt: now, updatedAt: now };
      let email = user.email;
      if (row.type === "email_change") {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, row.email), ne(users.id, user.id)));
        if (taken) throw authErrors.emailExists();
        email = row.email;
        Object.assign(changes, { email });
      }
      if (!user.emailConfirmedAt || row.type === "email_change") changes.emailConfirmedAt = now;
      const [updated] = await tx
        .update(users)
        .set({ ...changes, userMetadata: { ...metadata, email } })
        .where(eq(users.id, user.id))
        .returning();
      const identityRows: IdentityRow[] = [];
      for (const identity of await tx
        .select()
        .from(identities)
        .where(eq(identities.userId, user.id))) {
        const [changed] = await tx
          .update(identities)
          .set({
            identityData: { ...identity.identityData, email, email_verified: true },
            lastSignInAt: now,
            updatedAt: now,
          })
          .where(eq(identities.id, identity.id))
          .returning();
        identityRows.push(changed!);
      }
      const session = await createSession(tx, user.id, meta, {
        recovery: row.type === "recovery",
      });
      return { user: updated!, identityRows, session };
    });
    if (!done) throw authErrors.otpExpired();
    logger.info({ userId: done.user.id, type: row.type }, "emailed token verified");
    const { user, identityRows, session } = done;
    return deps.sessionFor(
      user,
      identityRows,
      session.sessionId,
      session.createdAt,
      session.refreshToken,
    );
  }

  async function isRecoverySession(sessionId: string): Promise<boolean> {
    const [session] = await db
      .select({ recovery: sessions.recovery })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return session?.recovery ?? false;
  }

  function checkNewPassword(password: string) {
    const length = passwordLength(password);
    if (length < PASSWORD_MIN_LENGTH) {
      throw authErrors.weakPassword(
        `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
        ["length"],
      );
    }
    if (length > PASSWORD_MAX_LENGTH) {
      throw authErrors.validation(`Password should be at most ${PASSWORD_MAX_LENGTH} characters.`);
    }
  }

  return {
    /** Issues and mails a confirmation for a user just signed up (AUTH_CONFIRM_EMAIL). */
    sendToken,

    /**
     * POST /recover: `{}` whatever the address; the look-up and the mail happen after the answer.
     */
    async recover(rawEmail: string, redirectTo: string | undefined): Promise<void> {
      const email = validEmail(rawEmail, "Password recovery requires an email");
      requireMail();
      await limitAddress("email-sent", email);
      const target = deps.redirectTarget(redirectTo);
      background("password recovery failed", async () => {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (!user) return;
        (await sendToken(db, user, "recovery", email, target))();
      });
    },

    /** GET /verify (the emailed link): where to send the browser, with the session or the error. */
    async verifyLink(
      token: string,
      type: VerifyType,
      redirectTo: string | undefined,
      meta: RequestMeta,
    ): Promise<string> {
      const target = deps.redirectTarget(redirectTo).split("#")[0]!;
      const row = await consumeToken(db, token, tokenTypesFor(type));
      const session = row ? await signInWith(row, meta).catch(() => undefined) : undefined;
      if (!row || !session) {
        return `${target}#${new URLSearchParams({
          error: "access_denied",
          error_code: "otp_expired",
          error_description: "Email link is invalid or has expired",
        })}`;
      }
      return `${target}#${new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: "bearer",
        type: row.type,
      })}`;
    },

    /** POST /verify: the code (with the address it was sent to) or the link's token. */
    async verifyOtp(body: VerifyBody, meta: RequestMeta): Promise<Session> {
      const types = tokenTypesFor(body.type);
      let row: TokenRow | undefined;
      if (body.token_hash) {
        row = await consumeToken(db, body.token_hash, types);
      } else if (body.email && body.token) {
        const email = normalizeEmail(body.email);
        await limitAddress("verify", email);
        row = await consumeCode(db, email, types, body.token);
      } else {
        throw authErrors.validation("Verify requires either a token or a token hash");
      }
      if (!row) throw authErrors.otpExpired();
      return signInWith(row, meta);
    },

    /**
     * PUT /user: a new password (sign-up rules; every other session of the user is signed out),
     * a new email (pending until the link or code sent to it is used), metadata. Everything is
     * checked before anything changes.
     */
    async updateUser(
      bearer: string | undefined,
      body: UpdateUserBody,
      redirectTo: string | undefined,
    ): Promise<User> {
      const claims = await deps.authenticated(bearer);
      const [user] = await db.select().from(users).where(eq(users.id, claims.sub));
      if (!user) throw authErrors.userNotFound();

      const password = body.password ?? undefined;
      if (password !== undefined) {
        checkNewPassword(password);
        // Given, it is checked (and a wrong one counts as a failed sign-in); not given, only a
        // session opened by a recovery link or code may go without (docs/decisions/0071).
        if (body.current_password != null) {
          if (!(await deps.checkPassword(user, body.current_password))) {
            throw authErrors.currentPasswordMismatch();
          }
        } else if (!(await isRecoverySession(claims.session_id))) {
          throw authErrors.currentPasswordRequired();
        }
        if (await verifyPassword(user.passwordHash, password)) throw authErrors.samePassword();
      }
      let newEmail: string | undefined;
      if (body.email != null) {
        const email = validEmail(body.email, "An email address is required");
        if (email !== user.email) {
          requireMail();
          await limitAddress("email-sent", email);
          const [taken] = await db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, email));
          if (taken) throw authErrors.emailExists();
          newEmail = email;
        }
      }
      let metadata: Record<string, unknown> | undefined;
      if (body.data) {
        // The claims GoTrue keeps in user_metadata stay ours.
        const { sub, email, email_verified, phone_verified, ...rest } = user.userMetadata;
        metadata = { ...rest, ...body.data, sub, email, email_verified, phone_verified };
        if (Buffer.byteLength(JSON.stringify(metadata)) > USER_METADATA_MAX_BYTES) {
          throw authErrors.validation("User metadata is too large");
        }
      }

      const now = new Date();
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      const { updated, send } = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({
            updatedAt: now,
            ...(passwordHash && { passwordHash }),
            ...(metadata && { userMetadata: metadata }),
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
        const send = newEmail
          ? await sendToken(tx, user, "email_change", newEmail, target)
          : undefined;
        return { updated: changed!, send };
      });
      send?.();
      if (passwordHash) {
        await caches.settle(); // no instance accepts the other sessions' tokens from here on
        logger.info({ userId: user.id }, "password changed: other sessions signed out");
      }
      const identityRows = await db.select().from(identities).where(eq(identities.userId, user.id));
      return toUserJson(updated, identityRows);
    },

    /** Waits for the background work (called before the database closes). */
    async close() {
      await Promise.allSettled([...pending]);
    },
  };
}
