import { and, eq, ne } from "drizzle-orm";
import {
  EMAIL_CHANGE_DONE,
  EMAIL_CHANGE_HALF_CONFIRMED,
  PASSWORD_MAX_LENGTH,
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
import { checkPasswordStrength, passwordLengthProblem } from "@/shared/password-strength";
import type { Config } from "@/server/config";
import type { Database } from "@/server/db/client";
import type { CoherentCaches } from "@/server/db/coherent-caches";
import { rateLimitKey, type RateLimiter } from "@/server/db/rate-limit";
import { identities, sessions, users } from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import type { Mailer } from "@/server/mail/mailer";
import { composeMail, composeNotice, type Mail, type MailKind } from "@/server/mail/templates";
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
import { exchangeAuthCode, issueAuthCode, pkceChallenge, type PkceChallenge } from "./pkce";
import { createSession, type RequestMeta } from "./sessions";
import { DAY_MS } from "./sign-in-backoff";
import { toUserJson, type IdentityRow, type UserRow } from "./users";

/**
 * The flows that go through an email (docs/contracts/auth.md, "Account lifecycle"; docs/decisions/
 * 0069, 0080, 0082): password recovery, verifying a link or code (recovery, sign-up confirmation,
 * email change) into a session or a PKCE auth code, exchanging that code, and PUT /user
 * (password, email, metadata). HTTP-free, like service.ts.
 */
export type AccountMailDeps = {
  config: Config;
  db: Database;
  caches: CoherentCaches;
  logger: Logger;
  mailer: Mailer;
  /** Counts per 5 minutes. */
  rateLimiter: RateLimiter;
  /** Counts per day. */
  dailyLimiter: RateLimiter;
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
  /**
   * Whether `password` is the user's; a wrong one counts as a failed sign-in from `from` (the
   * client IP) and may throw 429.
   */
  checkPassword(user: UserRow, password: string, from: string): Promise<boolean>;
};

/** An email change (GoTrue's secure email change) confirms from both addresses. */
const tokenTypesFor = (type: VerifyType): TokenType[] =>
  type === "email" || type === "signup"
    ? ["signup"]
    : type === "email_change"
      ? ["email_change", "email_change_current"]
      : [type];

/** An email change without the current password needs a sign-in at most this old. */
const RECENT_SIGN_IN_MS = 5 * 60 * 1000;
/** Password checks of one account per 5 minutes, whatever the IP (docs/decisions/0081). */
export const PASSWORD_CHECKS_PER_USER = 10;
/**
 * Wrong codes per address per day, across every code sent to it: 6-digit codes are otherwise
 * guessed slowly by asking for new ones (docs/decisions/0081). Links are not affected.
 */
export const FAILED_CODES_PER_ADDRESS_PER_DAY = 20;

/** What verifying a token did: opened a session, or confirmed one half of an email change. */
type Applied =
  | { kind: "signed_in"; user: UserRow; identityRows: IdentityRow[]; recovery: boolean }
  | { kind: "half_confirmed" };

export function createAccountMail(deps: AccountMailDeps) {
  const { config, db, caches, logger, mailer, rateLimiter, dailyLimiter } = deps;
  const limits = config.auth.rateLimits;
  /** Work the answer does not wait for (so it cannot tell whether an address exists). */
  const pending = new Set<Promise<void>>();

  const background = (what: string, work: () => Promise<void>) => {
    const run = work().catch((error: unknown) => logger.error({ err: error }, what));
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };

  // Both halves of an email change verify as GoTrue's one type, `email_change`.
  const verifyUrl = (token: string, type: MailKind, redirectTo: string) =>
    `${config.siteUrl}/auth/v1/verify?${new URLSearchParams({
      token,
      type: type === "email_change_current" ? "email_change" : type,
      redirect_to: redirectTo,
    })}`;
  /** Where a notice sends someone who did not make the change. */
  const resetLink = () => `${config.siteUrl}/forgot-password`;
  /** A notice is best effort: a site that cannot send mail still changes passwords. */
  const notify = (mail: Mail) => {
    if (mailer.transport !== "none") mailer.send(mail);
  };

  /**
   * Issues a token of `type` for the user and mails its link and code to `email`; `other` is the
   * new address of an email change mailed to the current one.
   */
  async function sendToken(
    tx: Database | Parameters<Parameters<Database["transaction"]>[0]>[0],
    user: { id: string },
    type: MailKind,
    email: string,
    redirectTo: string,
    pkce: PkceChallenge | undefined,
    other = "",
  ) {
    const { token, code } = await issueToken(tx, { userId: user.id, type, email, ...pkce });
    return () =>
      mailer.send(composeMail(type, email, verifyUrl(token, type, redirectTo), code, other));
  }

  const requireMail = () => {
    if (mailer.transport === "none") throw authErrors.emailNotConfigured();
  };

  /** Per address, for the endpoints that send mail or check codes (per IP: the routes). */
  async function limitAddress(kind: "email-sent" | "verify", email: string) {
    const max = kind === "email-sent" ? limits.emailSent : limits.verify;
    const decision = await rateLimiter.take(rateLimitKey(`${kind}-address`, email), max);
    if (!decision.allowed) {
      logger.warn({ kind }, "auth rate limit reached for one address");
      throw authErrors.rateLimited(decision.retryAfterSeconds);
    }
  }

  function validEmail(raw: string, missing: string): string {
    const email = normalizeEmail(raw);
    if (email === "") throw authErrors.validation(missing);
    if (!isValidEmail(email)) throw authErrors.invalidEmail();
    return email;
  }

  /**
   * Applies what the token confirms, in one transaction: a sign-up confirmation or a recovery
   * signs in; an email change needs both of its tokens, and only the second one changes the
   * address and signs in. Undefined when the token no longer applies (user gone, change
   * replaced). `open` creates what the caller hands out (a session, or a PKCE auth code) in the
   * same transaction.
   */
  async function apply<T>(
    row: TokenRow,
    open: (
      tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
      user: UserRow,
      recovery: boolean,
    ) => Promise<T>,
  ): Promise<(Applied & { opened?: T; previousEmail?: string }) | undefined> {
    const now = new Date();
    return db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for("update");
      if (!user) return undefined;
      const changes: Partial<UserRow> = { lastSignInAt: now, updatedAt: now };
      let email = user.email;
      if (row.type === "email_change" || row.type === "email_change_current") {
        const side = row.type === "email_change" ? "new" : "current";
        const mailedTo = side === "new" ? user.emailChange : user.email;
        if (!user.emailChange || row.email !== mailedTo) return undefined;
        if (user.emailChangeConfirmed !== (side === "new" ? "current" : "new")) {
          await tx
            .update(users)
            .set({ emailChangeConfirmed: side, updatedAt: now })
            .where(eq(users.id, user.id));
          return { kind: "half_confirmed" as const };
        }
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, user.emailChange), ne(users.id, user.id)));
        if (taken) throw authErrors.emailExists();
        email = user.emailChange;
        Object.assign(changes, { email, emailChange: null, emailChangeConfirmed: null });
      }
      const changed = email !== user.email;
      if (!user.emailConfirmedAt || changed) changes.emailConfirmedAt = now;
      const [updated] = await tx
        .update(users)
        .set({ ...changes, userMetadata: { ...user.userMetadata, email_verified: true, email } })
        .where(eq(users.id, user.id))
        .returning();
      const identityRows: IdentityRow[] = [];
      for (const identity of await tx
        .select()
        .from(identities)
        .where(eq(identities.userId, user.id))) {
        const [identityRow] = await tx
          .update(identities)
          .set({
            identityData: { ...identity.identityData, email, email_verified: true },
            lastSignInAt: now,
            updatedAt: now,
          })
          .where(eq(identities.id, identity.id))
          .returning();
        identityRows.push(identityRow!);
      }
      const recovery = row.type === "recovery";
      return {
        kind: "signed_in" as const,
        user: updated!,
        identityRows,
        recovery,
        opened: await open(tx, updated!, recovery),
        previousEmail: changed ? user.email : undefined,
      };
    });
  }

  /** After an email change: the old address hears of it (docs/decisions/0080). */
  function noticeEmailChanged(previousEmail: string | undefined, newEmail: string) {
    if (previousEmail) {
      notify(composeNotice("email_changed", previousEmail, resetLink(), newEmail));
    }
  }

  /** Verifies a token into a session (codes, and links of the implicit flow). */
  async function signInWith(row: TokenRow, meta: RequestMeta): Promise<Session | "half"> {
    const done = await apply(row, (tx, user, recovery) =>
      createSession(tx, user.id, meta, { recovery }),
    );
    if (!done) throw authErrors.otpExpired();
    logger.info({ userId: row.userId, type: row.type, done: done.kind }, "emailed token verified");
    if (done.kind === "half_confirmed") return "half";
    noticeEmailChanged(done.previousEmail, done.user.email);
    const session = done.opened!;
    return deps.sessionFor(
      done.user,
      done.identityRows,
      session.sessionId,
      session.createdAt,
      session.refreshToken,
    );
  }

  async function sessionRow(sessionId: string) {
    const [session] = await db
      .select({ recovery: sessions.recovery, createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return session;
  }

  /** A new password: the sign-up rules (length, strength, not the email). */
  async function checkNewPassword(password: string, email: string) {
    if (passwordLength(password) > PASSWORD_MAX_LENGTH) {
      throw authErrors.validation(passwordLengthProblem(password)!);
    }
    const verdict = await checkPasswordStrength(password, email);
    if (!verdict.ok) throw authErrors.weakPassword(verdict.message, verdict.reasons);
  }

  /** Password checks per account, on top of the routes' per-IP count (docs/decisions/0081). */
  async function limitPasswordChecks(userId: string) {
    const decision = await rateLimiter.take(
      rateLimitKey("password-check-user", userId),
      PASSWORD_CHECKS_PER_USER,
    );
    if (!decision.allowed) {
      logger.warn("password checks rate limit reached for one account");
      throw authErrors.rateLimited(decision.retryAfterSeconds);
    }
  }

  const failedCodesKey = (email: string) => rateLimitKey("verify-failure-address", email);
  async function limitFailedCodes(email: string) {
    if ((await dailyLimiter.peek(failedCodesKey(email))) >= FAILED_CODES_PER_ADDRESS_PER_DAY) {
      logger.warn("too many wrong codes for one address today");
      throw authErrors.rateLimited((DAY_MS - (Date.now() % DAY_MS)) / 1000);
    }
  }

  return {
    /** Issues and mails a confirmation for a user just signed up (AUTH_CONFIRM_EMAIL). */
    sendToken,

    /**
     * POST /recover: `{}` whatever the address; the look-up and the mail happen after the answer.
     */
    async recover(
      body: {
        email: string;
        code_challenge?: string | null;
        code_challenge_method?: string | null;
      },
      redirectTo: string | undefined,
    ): Promise<void> {
      const email = validEmail(body.email, "Password recovery requires an email");
      const pkce = pkceChallenge(body);
      requireMail();
      await limitAddress("email-sent", email);
      const target = deps.redirectTarget(redirectTo);
      background("password recovery failed", async () => {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (!user) return;
        (await sendToken(db, user, "recovery", email, target, pkce))();
      });
    },

    /**
     * GET /verify (the emailed link): where to send the browser. A link asked for with a PKCE
     * challenge redirects with `?code=…` for the browser holding the verifier; one without (the
     * implicit flow, for other clients) carries the session in the fragment; an email change
     * under PKCE says how far it got in `?message=…` and opens no session (the browser that
     * asked is signed in already); an invalid link says why in the fragment.
     */
    async verifyLink(
      token: string,
      type: VerifyType,
      redirectTo: string | undefined,
      meta: RequestMeta,
    ): Promise<string> {
      const target = new URL(deps.redirectTarget(redirectTo).split("#")[0]!);
      const failed = `${target}#${new URLSearchParams({
        error: "access_denied",
        error_code: "otp_expired",
        error_description: "Email link is invalid or has expired",
      })}`;
      const row = await consumeToken(db, token, tokenTypesFor(type));
      if (!row) return failed;
      const { codeChallenge, codeChallengeMethod } = row;
      if (codeChallenge && codeChallengeMethod) {
        const emailChange = row.type === "email_change" || row.type === "email_change_current";
        const done = await apply(row, async (tx, user, recovery) =>
          emailChange
            ? undefined
            : issueAuthCode(tx, { userId: user.id, codeChallenge, codeChallengeMethod, recovery }),
        ).catch(() => undefined);
        if (!done) return failed;
        if (done.kind === "half_confirmed") {
          target.searchParams.set("message", EMAIL_CHANGE_HALF_CONFIRMED);
          return target.toString();
        }
        noticeEmailChanged(done.previousEmail, done.user.email);
        if (done.opened) target.searchParams.set("code", done.opened);
        else target.searchParams.set("message", EMAIL_CHANGE_DONE);
        return target.toString();
      }
      const session = await signInWith(row, meta).catch(() => undefined);
      if (!session) return failed;
      if (session === "half") {
        target.searchParams.set("message", EMAIL_CHANGE_HALF_CONFIRMED);
        return target.toString();
      }
      return `${target}#${new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: "bearer",
        type: row.type === "email_change_current" ? "email_change" : row.type,
      })}`;
    },

    /**
     * POST /verify: the code (with the address it was sent to) or the link's token. The first
     * half of an email change answers GoTrue's `{msg, code: 200}` without a session.
     */
    async verifyOtp(
      body: VerifyBody,
      meta: RequestMeta,
    ): Promise<Session | { msg: string; code: 200 }> {
      const types = tokenTypesFor(body.type);
      let row: TokenRow | undefined;
      if (body.token_hash) {
        row = await consumeToken(db, body.token_hash, types);
      } else if (body.email && body.token) {
        const email = normalizeEmail(body.email);
        await limitAddress("verify", email);
        await limitFailedCodes(email);
        row = await consumeCode(db, email, types, body.token);
        if (!row) await dailyLimiter.add(failedCodesKey(email));
      } else {
        throw authErrors.validation("Verify requires either a token or a token hash");
      }
      if (!row) throw authErrors.otpExpired();
      const result = await signInWith(row, meta);
      return result === "half" ? { msg: EMAIL_CHANGE_HALF_CONFIRMED, code: 200 } : result;
    },

    /**
     * POST /token?grant_type=pkce: the auth code a followed link left, with the verifier of the
     * challenge it was asked with, becomes a session (a recovery session for a recovery link).
     */
    async exchangeCode(
      body: { auth_code: string; code_verifier: string },
      meta: RequestMeta,
    ): Promise<Session> {
      const { userId, recovery } = await exchangeAuthCode(db, body.auth_code, body.code_verifier);
      const opened = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId));
        if (!user) return undefined;
        const identityRows = await tx
          .select()
          .from(identities)
          .where(eq(identities.userId, userId));
        const session = await createSession(tx, userId, meta, { recovery });
        return { user, identityRows, session };
      });
      if (!opened) throw authErrors.flowStateNotFound();
      const { user, identityRows, session } = opened;
      return deps.sessionFor(
        user,
        identityRows,
        session.sessionId,
        session.createdAt,
        session.refreshToken,
      );
    },

    /**
     * PUT /user: a new password (sign-up rules; every other session of the user is signed out;
     * the account's address gets a notice), a new email (with the current password or a recent
     * sign-in; confirmed from both addresses, docs/decisions/0080), metadata. Everything is
     * checked before anything changes.
     */
    async updateUser(
      bearer: string | undefined,
      body: UpdateUserBody,
      redirectTo: string | undefined,
      meta: RequestMeta,
    ): Promise<User> {
      const claims = await deps.authenticated(bearer);
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
      if (password !== undefined) await checkNewPassword(password, user.email);

      // The current password, when given, is checked once for whatever needs it; a wrong one
      // counts as a failed sign-in from this IP.
      let reauthenticated = false;
      if (body.current_password != null && (password !== undefined || newEmail)) {
        await limitPasswordChecks(user.id);
        if (!(await deps.checkPassword(user, body.current_password, meta.ip))) {
          throw authErrors.currentPasswordMismatch();
        }
        reauthenticated = true;
      } else if (password !== undefined) {
        await limitPasswordChecks(user.id);
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
        requireMail();
        await limitAddress("email-sent", newEmail);
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
        if (Buffer.byteLength(JSON.stringify(metadata)) > USER_METADATA_MAX_BYTES) {
          throw authErrors.validation("User metadata is too large");
        }
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
              await sendToken(tx, user, "email_change", newEmail, target, pkce),
              await sendToken(tx, user, "email_change_current", user.email, target, pkce, newEmail),
            ]
          : [];
        return { updated: changed!, sends };
      });
      for (const send of sends) send();
      if (passwordHash) {
        notify(composeNotice("password_changed", user.email, resetLink()));
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
