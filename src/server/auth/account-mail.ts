import { and, eq, isNull, ne } from "drizzle-orm";
import {
  EMAIL_CHANGE_DONE,
  EMAIL_CHANGE_HALF_CONFIRMED,
  normalizeEmail,
  type Session,
  type VerifyBody,
  type VerifyType,
} from "@/shared/auth";
import type { Config } from "@/server/config";
import type { Database } from "@/server/db/client";
import { identities, users } from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import type { Mailer } from "@/server/mail/mailer";
import { composeMail, composeNotice, type Mail, type MailKind } from "@/server/mail/templates";
import type { AuthLimits } from "./auth-limits";
import { validEmail } from "./credentials";
import { authErrors } from "./errors";
import {
  consumeCode,
  consumeToken,
  issueToken,
  type TokenRow,
  type TokenType,
} from "./one-time-tokens";
import { exchangeAuthCode, issueAuthCode, pkceChallenge, type PkceChallenge } from "./pkce";
import type { RedirectTarget } from "./redirects";
import type { SessionTokens } from "./session-tokens";
import { createSession, type RequestMeta } from "./sessions";
import type { IdentityRow, UserRow } from "./users";

/**
 * The flows that go through an email (docs/contracts/auth.md, "Account lifecycle"; docs/decisions/
 * 0069, 0080, 0082): password recovery, verifying a link or code (recovery, sign-up confirmation,
 * email change) into a session or a PKCE auth code, exchanging that code; and the tokens and
 * notices that sign-up and account changes mail. HTTP-free, like the other parts of service.ts.
 */
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type AccountMail = {
  /**
   * Issues a token of `type` for the user (inside `tx`) and answers how to mail its link and code
   * to `email`, to run once `tx` has committed; `other` is the new address of an email change
   * mailed to the current one.
   */
  sendToken(
    tx: Database | Tx,
    user: { id: string },
    type: MailKind,
    email: string,
    redirectTo: string,
    pkce: PkceChallenge | undefined,
    other?: string,
  ): Promise<() => void>;
  /** Throws AuthError when this site sends no mail (a flow that needs one cannot start). */
  requireMail(): void;
  /** Tells the account's address its password changed (best effort: never throws). */
  noticePasswordChanged(email: string): void;
  /** POST /recover: `{}` whatever the address; the look-up and the mail happen after the answer. */
  recover(
    body: { email: string } & Parameters<typeof pkceChallenge>[0],
    redirectTo: string | undefined,
  ): Promise<void>;
  /**
   * POST /resend `{type: "signup"}`: `{}` whatever the address; an account still waiting for its
   * confirmation is sent a new link and code after the answer, and the old ones stop working.
   */
  resend(
    body: { email: string; type: string } & Parameters<typeof pkceChallenge>[0],
    redirectTo: string | undefined,
  ): Promise<void>;
  /** GET /verify (the emailed link): where to send the browser. */
  verifyLink(
    token: string,
    type: VerifyType,
    redirectTo: string | undefined,
    meta: RequestMeta,
  ): Promise<string>;
  /** POST /verify: the code (with its address) or the link's token. */
  verifyOtp(body: VerifyBody, meta: RequestMeta): Promise<Session | { msg: string; code: 200 }>;
  /** POST /token?grant_type=pkce: the auth code a followed link left, with its verifier. */
  exchangeCode(
    body: { auth_code: string; code_verifier: string },
    meta: RequestMeta,
  ): Promise<Session>;
  /** Waits for the background work (called before the database closes). */
  close(): Promise<void>;
};

export type AccountMailDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  limits: Pick<AuthLimits, "perAddress" | "refuseAfterFailedCodes" | "failedCode">;
  /** Verifying a token opens a session. */
  sessions: Pick<SessionTokens, "sessionFor">;
  redirectTarget: RedirectTarget;
};

/** An email change (GoTrue's secure email change) confirms from both addresses. */
const tokenTypesFor = (type: VerifyType): TokenType[] =>
  type === "email" || type === "signup"
    ? ["signup"]
    : type === "email_change"
      ? ["email_change", "email_change_current"]
      : [type];

/** What verifying a token did: opened a session, or confirmed one half of an email change. */
type Applied =
  | { kind: "signed_in"; user: UserRow; identityRows: IdentityRow[]; recovery: boolean }
  | { kind: "half_confirmed" };

export function createAccountMail(deps: AccountMailDeps): AccountMail {
  const { config, db, logger, mailer, limits, sessions } = deps;
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

  const sendToken: AccountMail["sendToken"] = async (
    tx,
    user,
    type,
    email,
    redirectTo,
    pkce,
    other = "",
  ) => {
    const { token, code } = await issueToken(tx, { userId: user.id, type, email, ...pkce });
    return () =>
      mailer.send(composeMail(type, email, verifyUrl(token, type, redirectTo), code, other));
  };

  const requireMail = () => {
    if (mailer.transport === "none") throw authErrors.emailNotConfigured();
  };

  /**
   * Applies what the token confirms, in one transaction: a sign-up confirmation or a recovery
   * signs in; an email change needs both of its tokens, and only the second one changes the
   * address and signs in. Undefined when the token no longer applies (user gone, change
   * replaced). `open` creates what the caller hands out (a session, or a PKCE auth code) in the
   * same transaction.
   */
  async function apply<T>(
    row: TokenRow,
    open: (tx: Tx, user: UserRow, recovery: boolean) => Promise<T>,
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
    return sessions.sessionFor(done.user, done.identityRows, done.opened!);
  }

  return {
    sendToken,
    requireMail,

    noticePasswordChanged(email) {
      notify(composeNotice("password_changed", email, resetLink()));
    },

    async recover(body, redirectTo) {
      const email = validEmail(body.email, "Password recovery requires an email");
      const pkce = pkceChallenge(body);
      requireMail();
      await limits.perAddress("email-sent", email);
      const target = deps.redirectTarget(redirectTo);
      background("password recovery failed", async () => {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (!user) return;
        (await sendToken(db, user, "recovery", email, target, pkce))();
      });
    },

    async resend(body, redirectTo) {
      // GoTrue also resends an email change's mails; this server's are re-asked from the account
      // page (a new change replaces the pending one).
      if (body.type !== "signup") {
        throw authErrors.validation("Resend supports only type signup");
      }
      const email = validEmail(body.email, "Resend requires an email");
      const pkce = pkceChallenge(body);
      requireMail();
      await limits.perAddress("email-sent", email);
      background("sign-up confirmation resend failed", async () => {
        const [user] = await db
          .select({ id: users.id, redirectTo: users.confirmationRedirectTo })
          .from(users)
          .where(and(eq(users.email, email), isNull(users.emailConfirmedAt)));
        if (!user) return;
        const target = deps.redirectTarget(redirectTo ?? user.redirectTo ?? undefined);
        (await sendToken(db, user, "signup", email, target, pkce))();
      });
    },

    /**
     * GET /verify (the emailed link): where to send the browser. A link asked for with a PKCE
     * challenge redirects with `?code=…` for the browser holding the verifier; one without (the
     * implicit flow, for other clients) carries the session in the fragment; an email change
     * under PKCE says how far it got in `?message=…` and opens no session (the browser that
     * asked is signed in already); an invalid link says why in the fragment.
     */
    async verifyLink(token, type, redirectTo, meta) {
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
    async verifyOtp(body, meta) {
      const types = tokenTypesFor(body.type);
      let row: TokenRow | undefined;
      if (body.token_hash) {
        row = await consumeToken(db, body.token_hash, types);
      } else if (body.email && body.token) {
        const email = normalizeEmail(body.email);
        await limits.perAddress("verify", email);
        await limits.refuseAfterFailedCodes(email);
        row = await consumeCode(db, email, types, body.token);
        if (!row) await limits.failedCode(email);
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
    async exchangeCode(body, meta) {
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
      return sessions.sessionFor(opened.user, opened.identityRows, opened.session);
    },

    async close() {
      await Promise.allSettled([...pending]);
    },
  };
}
