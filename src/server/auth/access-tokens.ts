import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  accessTokenClaimsSchema,
  type AccessTokenClaims,
} from "@/shared/auth";
import { authErrors } from "./errors";
import { ALGORITHM, type SigningKeys } from "./signing-keys";
import { appMetadata, type UserRow } from "./users";

/**
 * ES256 access tokens with GoTrue's claims (docs/contracts/auth.md). Verification results are kept in
 * a small in-process cache keyed by the token, so a busy client's repeated calls skip the
 * signature check; expiry is still checked on every use, and revocation is not decided here
 * (the session is looked up on every request — docs/decisions/0012).
 */
const CACHE_SIZE = 10_000;
/** Instances' clocks may differ by this much (an `exp` that far past now + lifetime is refused). */
const CLOCK_SKEW_S = 60;

export type AccessTokens = {
  issue(
    user: UserRow,
    sessionId: string,
    authenticatedAt: Date,
  ): Promise<{ token: string; expiresAt: number }>;
  /** The token's claims, or an AuthError `bad_jwt`. */
  verify(token: string): Promise<AccessTokenClaims>;
};

export function createAccessTokens(
  keys: SigningKeys,
  issuer: string,
  /**
   * Called with the issuer of a token signed with our own keys but issued under another
   * SITE_URL: an instance on this database runs with a different SITE_URL, so its users' tokens
   * fail here (README, "Operations").
   */
  onForeignIssuer: (foreign: string) => void = () => {},
): AccessTokens {
  const cache = new Map<string, AccessTokenClaims>();

  return {
    async issue(user, sessionId, authenticatedAt) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ACCESS_TOKEN_LIFETIME_SECONDS;
      const { kid, key } = keys.signer();
      const token = await new SignJWT({
        email: user.email,
        phone: "",
        role: "authenticated",
        aal: "aal1",
        amr: [{ method: "password", timestamp: Math.floor(authenticatedAt.getTime() / 1000) }],
        session_id: sessionId,
        is_anonymous: false,
        app_metadata: appMetadata,
        user_metadata: user.userMetadata,
      })
        .setProtectedHeader({ alg: ALGORITHM, kid, typ: "JWT" })
        .setIssuer(issuer)
        .setSubject(user.id)
        .setAudience("authenticated")
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp };
    },

    async verify(token) {
      const cached = cache.get(token);
      if (cached) {
        if (cached.exp * 1000 > Date.now()) return cached;
        cache.delete(token);
        throw authErrors.badJwt("token is expired");
      }
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(
          token,
          async (header) => {
            const key = header.kid ? await keys.verificationKey(header.kid) : undefined;
            if (!key) throw new joseErrors.JWKSNoMatchingKey();
            return key;
          },
          { algorithms: [ALGORITHM], issuer, audience: "authenticated" },
        ));
      } catch (error) {
        // The signature held (claims are checked after it): one of our keys, another SITE_URL.
        if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "iss") {
          onForeignIssuer(String(error.payload.iss));
        }
        throw authErrors.badJwt(
          error instanceof joseErrors.JWTExpired ? "token is expired" : "invalid token",
        );
      }
      const claims = accessTokenClaimsSchema.safeParse(payload);
      if (!claims.success) throw authErrors.badJwt("missing claims");
      // We never issue a token that lives longer than the lifetime: one that claims to was not
      // made by this code (a leaked key, a test tool), and is refused rather than trusted for
      // years (docs/decisions/0084).
      const { exp, iat } = claims.data;
      const latest = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_LIFETIME_SECONDS + CLOCK_SKEW_S;
      if (exp - iat > ACCESS_TOKEN_LIFETIME_SECONDS || exp > latest) {
        throw authErrors.badJwt("token lifetime exceeds the allowed maximum");
      }
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(token, claims.data);
      return claims.data;
    },
  };
}
