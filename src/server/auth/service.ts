import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  USER_METADATA_MAX_BYTES,
  isValidEmail,
  normalizeEmail,
  passwordLength,
  type AccessTokenClaims,
  type LogoutScope,
  type PasswordGrantBody,
  type Session,
  type SignUpBody,
  type User,
} from "@/shared/auth";
import type { Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import type { CoherentCaches } from "@/server/db/coherent-caches";
import { createRateLimiter, rateLimitKey, type RateLimiter } from "@/server/db/rate-limit";
import { checkPasswordStrength, passwordLengthProblem } from "@/shared/password-strength";
import { appSettings, identities, users } from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import type { Mailer } from "@/server/mail/mailer";
import { createAccountMail } from "./account-mail";
import { createAccessTokens, type AccessTokens } from "./access-tokens";
import { deleteUserRows } from "./delete-account";
import { AuthError, AuthErrorCode, authErrors } from "./errors";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./passwords";
import { pkceChallenge } from "./pkce";
import { DAY_MS, createSignInBackoff } from "./sign-in-backoff";
import {
  createSession,
  createSessionLookups,
  endSessions,
  rotateRefreshToken,
  sweepRevokedTokens,
  type RequestMeta,
} from "./sessions";
import { loadSigningKeys } from "./signing-keys";
import { toUserJson, type IdentityRow, type UserRow } from "./users";

/**
 * Accounts: sign-up, password sign-in, refresh, the current user, sign-out, and the check behind
 * every authenticated request. HTTP-free; routes.ts maps it onto GoTrue's wire format.
 */
export type AuthService = Awaited<ReturnType<typeof createAuthService>>;

export type AuthenticatedSession = { userId: string; email: string; sessionId: string };

const PUBLIC_KEY_SETTING = "auth.public_key";

/** GoTrue counts its `RATE_LIMIT_*` settings per 5 minutes (docs/decisions/0011). */
const AUTH_RATE_LIMIT_WINDOW_MS = 5 * 60 * 1000;

export async function createAuthService(deps: {
  config: Config;
  database: DatabaseHandle;
  caches: CoherentCaches;
  logger: Logger;
  mailer: Mailer;
}) {
  const { config, caches, logger } = deps;
  const db = deps.database.db;
  const issuer = `${config.siteUrl}/auth/v1`;
  const limits = config.auth.rateLimits;

  const [keys, publicKey] = await Promise.all([loadSigningKeys(db), loadPublicKey(deps)]);
  let lastIssuerWarning = 0;
  const tokens: AccessTokens = createAccessTokens(keys, issuer, (foreign) => {
    if (Date.now() - lastIssuerWarning < 60_000) return;
    lastIssuerWarning = Date.now();
    logger.warn(
      { issuer: foreign, expected: issuer },
      "refused a token another instance issued under a different SITE_URL: " +
        "run every instance on one database with the same SITE_URL",
    );
  });
  const rateLimiter: RateLimiter = createRateLimiter(db, { windowMs: AUTH_RATE_LIMIT_WINDOW_MS });
  /** Counters per day: wrong passwords per address and IP, wrong codes per address. */
  const dailyLimiter: RateLimiter = createRateLimiter(db, { windowMs: DAY_MS });
  const backoff = createSignInBackoff({
    daily: dailyLimiter,
    window: rateLimiter,
    windowMs: AUTH_RATE_LIMIT_WINDOW_MS,
    ceilingPerAddress: limits.failedSignInsPerEmail,
    logger,
  });
  const lookups = createSessionLookups(db);
  /** user id → session id → the user as GET /user's JSON, for sessions that exist. */
  const sessionUsers = caches.cache<string>({ maxUsers: 10_000 });
  const sweeper = setInterval(
    () =>
      void sweepRevokedTokens(db).catch((error: unknown) =>
        logger.warn({ err: error }, "could not sweep revoked refresh tokens"),
      ),
    60 * 60 * 1000,
  );
  sweeper.unref();

  const allowedRedirectOrigins = new Set([
    new URL(config.siteUrl).origin,
    ...config.auth.corsAllowedOrigins.map((origin) => new URL(origin).origin),
  ]);

  const perIpLimits = {
    "sign-in-sign-up": limits.signInSignUps,
    refresh: limits.tokenRefresh,
    "email-sent": limits.emailSent,
    verify: limits.verify,
    // A password change checks a password, like a sign-in (docs/decisions/0081).
    "password-change": limits.signInSignUps,
  };

  async function rateLimit(kind: keyof typeof perIpLimits, meta: Pick<RequestMeta, "ip">) {
    const max = perIpLimits[kind];
    const decision = await rateLimiter.take(rateLimitKey(kind, meta.ip), max);
    if (!decision.allowed) {
      logger.warn({ kind }, "auth rate limit reached");
      throw authErrors.rateLimited(decision.retryAfterSeconds);
    }
  }

  async function sessionFor(
    user: UserRow,
    identityRows: IdentityRow[],
    sessionId: string,
    authenticatedAt: Date,
    refreshToken: string,
  ): Promise<Session> {
    const { token, expiresAt } = await tokens.issue(user, sessionId, authenticatedAt);
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: toUserJson(user, identityRows),
      weak_password: null,
    };
  }

  /** The bearer token's claims (signature and expiry only: callers check the session). */
  async function verifyBearer(bearer: string | undefined): Promise<AccessTokenClaims> {
    if (!bearer) throw authErrors.noAuthorization();
    return tokens.verify(bearer);
  }

  /**
   * The token's user as GET /user's JSON (the database writes it: see `userJsonSql`), while its
   * session exists; every authenticated request passes here. Answered from memory when this
   * instance holds it: a sign-out settles before it answers (docs/decisions/0059).
   */
  const sessionUser = (claims: AccessTokenClaims) =>
    sessionUsers.read(claims.sub, claims.session_id, async () => {
      const found = await lookups.userJson(claims.session_id);
      if (!found) throw authErrors.sessionNotFound();
      if (found.userId !== claims.sub) throw authErrors.userNotFound();
      return found.json;
    });

  /**
   * Whether `password` is the user's; a wrong one counts as a failed sign-in of the address from
   * `from` (the client IP, or the account for a signed-in check) and may throw 429.
   */
  async function checkPassword(
    user: Pick<UserRow, "email" | "passwordHash">,
    password: string,
    from: string,
  ): Promise<boolean> {
    await backoff.check(user.email, from);
    const valid =
      passwordLength(password) <= PASSWORD_MAX_LENGTH &&
      (await verifyPassword(user.passwordHash, password));
    if (!valid) await backoff.failed(user.email, from);
    return valid;
  }

  const accountMail = createAccountMail({
    config,
    db,
    caches,
    logger,
    mailer: deps.mailer,
    rateLimiter,
    dailyLimiter,
    sessionFor,
    redirectTarget,
    authenticated: async (bearer) => {
      const claims = await verifyBearer(bearer);
      await sessionUser(claims);
      return claims;
    },
    checkPassword,
  });

  return {
    publicKey,
    issuer,
    jwks: () => ({ keys: keys.publicJwks() }),
    /** The signing keys (`reload()` after a rotation made elsewhere, e.g. in tests). */
    keys,

    /**
     * Counts one request from this IP against the per-IP limit of its kind (sign-in and sign-up
     * share one); throws 429 once it is reached. Routes call it before reading the body, so
     * malformed requests count too.
     */
    rateLimit,

    /** Whether sign-up waits for the emailed confirmation (`mailer_autoconfirm` is its opposite). */
    confirmEmail: config.auth.confirmEmail,
    recover: accountMail.recover,
    verifyLink: accountMail.verifyLink,
    verifyOtp: accountMail.verifyOtp,
    updateUser: accountMail.updateUser,
    exchangeCode: accountMail.exchangeCode,

    /** A Session, or with AUTH_CONFIRM_EMAIL the bare User while the emailed link is pending. */
    async signUp(
      body: SignUpBody,
      meta: RequestMeta & { redirectTo?: string },
    ): Promise<Session | User> {
      const email = normalizeEmail(body.email);
      if (email === "") throw authErrors.validation("To signup, please provide your email");
      if (!isValidEmail(email)) throw authErrors.invalidEmail();
      if (body.password === "") throw authErrors.validation("Signup requires a valid password");
      if (passwordLength(body.password) > PASSWORD_MAX_LENGTH) {
        throw authErrors.validation(passwordLengthProblem(body.password)!);
      }
      const pkce = pkceChallenge(body);
      const data = body.data ?? {};
      if (Buffer.byteLength(JSON.stringify(data)) > USER_METADATA_MAX_BYTES) {
        throw authErrors.validation("User metadata is too large");
      }
      const givenName = typeof data.full_name === "string" ? data.full_name.trim() : "";
      if ([...givenName].length > FULL_NAME_MAX_LENGTH) {
        throw authErrors.validation(
          `Full name should be at most ${FULL_NAME_MAX_LENGTH} characters.`,
        );
      }

      const verdict = await checkPasswordStrength(body.password, email);
      if (!verdict.ok) throw authErrors.weakPassword(verdict.message, verdict.reasons);

      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken) throw authErrors.userExists();

      const passwordHash = await hashPassword(body.password);
      const now = new Date();
      const confirm = config.auth.confirmEmail;
      const redirectTo = redirectTarget(meta.redirectTo);
      const identityData = {
        email,
        email_verified: !confirm,
        phone_verified: false,
      };
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email,
            passwordHash,
            userMetadata: {},
            emailConfirmedAt: confirm ? null : now,
            confirmationRedirectTo: redirectTo,
            lastSignInAt: confirm ? null : now,
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!user) return undefined; // a concurrent sign-up with the same address won
        const userMetadata = {
          ...data,
          full_name: givenName || email,
          sub: user.id,
          ...identityData,
        };
        const [withMetadata] = await tx
          .update(users)
          .set({ userMetadata })
          .where(eq(users.id, user.id))
          .returning();
        const [identity] = await tx
          .insert(identities)
          .values({
            userId: user.id,
            provider: "email",
            providerId: user.id,
            identityData: { sub: user.id, ...identityData },
            lastSignInAt: confirm ? null : now,
          })
          .returning();
        if (confirm) {
          const send = await accountMail.sendToken(tx, user, "signup", email, redirectTo, pkce);
          return { user: withMetadata!, identity: identity!, send };
        }
        const session = await createSession(tx, user.id, meta);
        return { user: withMetadata!, identity: identity!, session };
      });
      if (!created) throw authErrors.userExists();
      logger.info({ userId: created.user.id }, "user signed up");
      const { user, identity, session } = created;
      if (!session) {
        created.send?.();
        return toUserJson(user, [identity]);
      }
      return sessionFor(
        user,
        [identity],
        session.sessionId,
        session.createdAt,
        session.refreshToken,
      );
    },

    async signInWithPassword(body: PasswordGrantBody, meta: RequestMeta): Promise<Session> {
      const email = normalizeEmail(body.email);
      await backoff.check(email, meta.ip);
      const [user] =
        email.length <= 320
          ? await db.select().from(users).where(eq(users.email, email))
          : [undefined];
      const password = body.password.slice(0, PASSWORD_MAX_LENGTH * 2);
      const valid =
        user && passwordLength(body.password) <= PASSWORD_MAX_LENGTH
          ? await verifyPassword(user.passwordHash, password)
          : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await backoff.failed(email, meta.ip);
        throw authErrors.invalidCredentials();
      }
      if (!user.emailConfirmedAt) throw authErrors.emailNotConfirmed();

      const now = new Date();
      const rehashed = needsRehash(user.passwordHash) ? await hashPassword(password) : undefined;
      const signedIn = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ lastSignInAt: now, ...(rehashed && { passwordHash: rehashed }) })
          .where(eq(users.id, user.id))
          .returning();
        const identityRows = await tx
          .update(identities)
          .set({ lastSignInAt: now })
          .where(eq(identities.userId, user.id))
          .returning();
        const session = await createSession(tx, user.id, meta);
        return { user: updated!, identityRows, session };
      });
      const { session } = signedIn;
      return sessionFor(
        signedIn.user,
        signedIn.identityRows,
        session.sessionId,
        session.createdAt,
        session.refreshToken,
      );
    },

    async refresh(refreshToken: string): Promise<Session> {
      const result = await rotateRefreshToken(db, refreshToken);
      if (result.kind === "not_found") throw authErrors.refreshNotFound();
      if (result.kind === "replay") {
        logger.warn("refresh token replayed: session revoked");
        await caches.settle();
        throw authErrors.refreshAlreadyUsed();
      }
      const found = await lookups.user(result.sessionId);
      if (!found) throw authErrors.refreshNotFound();
      return sessionFor(
        found.user,
        found.identities,
        result.sessionId,
        result.createdAt,
        result.refreshToken,
      );
    },

    /** The current user as JSON text. */
    async getUser(bearer: string | undefined): Promise<string> {
      return sessionUser(await verifyBearer(bearer));
    },

    /** Ends the session (or the user's others, or all); answers once no instance accepts them. */
    async logout(bearer: string | undefined, scope: LogoutScope): Promise<void> {
      const claims = await verifyBearer(bearer);
      const existed = await endSessions(db, claims.sub, claims.session_id, scope);
      if (!existed) throw authErrors.sessionNotFound();
      await caches.settle();
    },

    /**
     * The check other modules' routes rely on (see guard.ts): a valid token whose session has
     * not been signed out. Throws AuthError.
     */
    async authenticate(bearer: string | undefined): Promise<AuthenticatedSession> {
      const claims = await verifyBearer(bearer);
      await sessionUser(claims);
      return { userId: claims.sub, email: claims.email, sessionId: claims.session_id };
    },

    /**
     * Closes an account (docs/decisions/0071). The typed email must be the account's and the
     * password its own (a wrong one counts as a failed sign-in). Then `beforeDelete` runs (the
     * billing provider's cancellation): when it throws, nothing is deleted. Then the user and
     * everything of theirs go in one transaction, and this resolves once no instance accepts
     * any of their tokens.
     */
    async deleteAccount(
      userId: string,
      confirm: { email: string; password: string },
      beforeDelete: () => Promise<void>,
    ): Promise<"deleted" | "wrong_email" | "wrong_password" | "rate_limited"> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return "deleted";
      if (normalizeEmail(confirm.email) !== user.email) return "wrong_email";
      try {
        // The check runs for a signed-in user: its wrong passwords back off per account.
        if (!(await checkPassword(user, confirm.password, `account:${user.id}`))) {
          return "wrong_password";
        }
      } catch (error) {
        if (error instanceof AuthError && error.code === AuthErrorCode.OverRequestRateLimit) {
          return "rate_limited";
        }
        throw error;
      }
      await beforeDelete();
      if (await deleteUserRows(db, userId)) {
        await caches.settle(); // every instance drops the user's sessions before we answer
        logger.info({ userId }, "account deleted");
      }
      return "deleted";
    },

    /** Stops the sweeper and waits for mail work under way. */
    async close() {
      clearInterval(sweeper);
      await accountMail.close();
    },
  };

  function redirectTarget(redirectTo: string | undefined): string {
    if (redirectTo && redirectTo.length <= 2048 && URL.canParse(redirectTo)) {
      const url = new URL(redirectTo);
      if (allowedRedirectOrigins.has(url.origin)) return url.toString();
    }
    return `${config.siteUrl}/`;
  }
}

/** The public client key: from config, else the one stored on first start, else a new one. */
async function loadPublicKey({ config, database }: { config: Config; database: DatabaseHandle }) {
  if (config.auth.publicKey) return config.auth.publicKey;
  const db = database.db;
  await db
    .insert(appSettings)
    .values({
      key: PUBLIC_KEY_SETTING,
      value: `sb_publishable_${randomBytes(24).toString("base64url")}`,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PUBLIC_KEY_SETTING));
  return row!.value;
}
