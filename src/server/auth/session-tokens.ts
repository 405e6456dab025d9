import type { JWK } from "jose";
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  type AccessTokenClaims,
  type LogoutScope,
  type Session,
} from "@/shared/auth";
import type { Database } from "@/server/db/client";
import type { Logger } from "@/server/logger";
import { createAccessTokens } from "./access-tokens";
import { authErrors } from "./errors";
import {
  createSessionLookups,
  endSessions,
  rotateRefreshToken,
  sweepRevokedTokens,
} from "./sessions";
import type { SigningKeys } from "./signing-keys";
import { toUserJson, type IdentityRow, type UserRow } from "./users";

/**
 * Sessions and tokens (docs/contracts/auth.md, "Access token", "Sessions and refresh tokens"):
 * the Session handed out after any sign-in, refresh, the current user, sign-out, and the check
 * behind every authenticated request. HTTP-free, like the other parts of service.ts.
 */

/** A session just opened or refreshed: `createSession`'s and `rotateRefreshToken`'s answer. */
export type OpenedSession = { sessionId: string; createdAt: Date; refreshToken: string };

/** Who a request is from, once its token and session have been checked. */
export type AuthenticatedSession = { userId: string; email: string; sessionId: string };

export type SessionTokens = {
  /** `{SITE}/auth/v1`, the `iss` of every access token. */
  issuer: string;
  /** The signing keys (`reload()` after a rotation made elsewhere, e.g. in tests). */
  keys: SigningKeys;
  /** The JWKS document: the public keys of every token that may still be valid. */
  jwks(): { keys: JWK[] };
  /** GoTrue's Session for a session just opened: an access token, the refresh token, the user. */
  sessionFor(user: UserRow, identityRows: IdentityRow[], opened: OpenedSession): Promise<Session>;
  /** The claims of a bearer token whose session still exists (throws AuthError otherwise). */
  claims(bearer: string | undefined): Promise<AccessTokenClaims>;
  /** Rotates the refresh token into a new Session (reuse and replay: sessions.ts). */
  refresh(refreshToken: string): Promise<Session>;
  /** The current user as JSON text. */
  getUser(bearer: string | undefined): Promise<string>;
  /** Ends the session (or the user's others, or all); no instance accepts them from then on. */
  logout(bearer: string | undefined, scope: LogoutScope): Promise<void>;
  /**
   * The check other modules' routes rely on (see guard.ts): a valid token whose session has
   * not been signed out. Throws AuthError.
   */
  authenticate(bearer: string | undefined): Promise<AuthenticatedSession>;
  /** Stops the sweeper of revoked refresh tokens. */
  close(): void;
};

/**
 * A token from an instance with another SITE_URL is refused on every request; the log says why
 * at most this often, not once per request.
 */
const FOREIGN_ISSUER_WARNING_INTERVAL_MS = 60 * 1000;
/**
 * Refresh tokens revoked longer ago than their retention (a day) are deleted this often: late by
 * at most an hour, which costs a few rows, while the sweep itself stays one query an hour.
 */
const REVOKED_TOKEN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function createSessionTokens(deps: {
  db: Database;
  logger: Logger;
  keys: SigningKeys;
  issuer: string;
}): SessionTokens {
  const { db, logger, keys, issuer } = deps;
  let lastIssuerWarning = 0;
  const tokens = createAccessTokens(keys, issuer, (foreign) => {
    if (Date.now() - lastIssuerWarning < FOREIGN_ISSUER_WARNING_INTERVAL_MS) return;
    lastIssuerWarning = Date.now();
    logger.warn(
      { issuer: foreign, expected: issuer },
      "refused a token another instance issued under a different SITE_URL: " +
        "run every instance on one database with the same SITE_URL",
    );
  });
  const lookups = createSessionLookups(db);
  const sweeper = setInterval(
    () =>
      void sweepRevokedTokens(db).catch((error: unknown) =>
        logger.warn({ err: error }, "could not sweep revoked refresh tokens"),
      ),
    REVOKED_TOKEN_SWEEP_INTERVAL_MS,
  );
  sweeper.unref();

  async function sessionFor(
    user: UserRow,
    identityRows: IdentityRow[],
    opened: OpenedSession,
  ): Promise<Session> {
    const { token, expiresAt } = await tokens.issue(user, opened.sessionId, opened.createdAt);
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      expires_at: expiresAt,
      refresh_token: opened.refreshToken,
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
   * session exists; every authenticated request passes here. One indexed read, made after the
   * request arrived, so a sign-out that has answered is refused everywhere
   * (docs/decisions/0155-plain-indexed-reads.md).
   */
  async function sessionUser(claims: AccessTokenClaims) {
    const found = await lookups.userJson(claims.session_id);
    if (!found) throw authErrors.sessionNotFound();
    if (found.userId !== claims.sub) throw authErrors.userNotFound();
    return found.json;
  }

  async function claims(bearer: string | undefined): Promise<AccessTokenClaims> {
    const verified = await verifyBearer(bearer);
    await sessionUser(verified);
    return verified;
  }

  return {
    issuer,
    keys,
    jwks: () => ({ keys: keys.publicJwks() }),
    sessionFor,
    claims,

    async refresh(refreshToken) {
      const result = await rotateRefreshToken(db, refreshToken);
      if (result.kind === "not_found") throw authErrors.refreshNotFound();
      if (result.kind === "replay") {
        logger.warn("refresh token replayed: session revoked");
        throw authErrors.refreshAlreadyUsed();
      }
      const found = await lookups.user(result.sessionId);
      if (!found) throw authErrors.refreshNotFound();
      return sessionFor(found.user, found.identities, result);
    },

    async getUser(bearer) {
      return sessionUser(await verifyBearer(bearer));
    },

    async logout(bearer, scope) {
      const verified = await verifyBearer(bearer);
      const existed = await endSessions(db, verified.sub, verified.session_id, scope);
      if (!existed) throw authErrors.sessionNotFound();
    },

    async authenticate(bearer) {
      const verified = await claims(bearer);
      return { userId: verified.sub, email: verified.email, sessionId: verified.session_id };
    },

    close() {
      clearInterval(sweeper);
    },
  };
}
