import type { Config } from "@/server/config";
import type { Database } from "@/server/db/client";
import { createRateLimiter, rateLimitKey } from "@/server/db/rate-limit";
import type { Logger } from "@/server/logger";
import { authErrors } from "./errors";
import type { RequestMeta } from "./sessions";
import { DAY_MS, createSignInBackoff, type SignInBackoff } from "./sign-in-backoff";

/**
 * Every limit of the auth endpoints (docs/contracts/auth.md, "Rate-limit settings"; docs/
 * decisions/0011, 0081), on the shared rate-limit table so all instances count together. Each
 * refusal is a 429 with the seconds until its window ends.
 */

/** GoTrue counts its `RATE_LIMIT_*` settings per 5 minutes (docs/decisions/0011). */
export const AUTH_RATE_LIMIT_WINDOW_MS = 5 * 60 * 1000;
/**
 * Password checks of one account per 5 minutes, whatever the IP: a stolen access token must not
 * buy unlimited guesses at the current password from many IPs (docs/decisions/0081).
 */
export const PASSWORD_CHECKS_PER_USER = 10;
/**
 * Wrong codes per address per day, across every code sent to it: 6-digit codes are otherwise
 * guessed slowly by asking for new ones (docs/decisions/0081). Links are not affected.
 */
export const FAILED_CODES_PER_ADDRESS_PER_DAY = 20;

/** The per-IP counters; sign-in and sign-up share one. */
export type PerIpLimit =
  "sign-in-sign-up" | "refresh" | "email-sent" | "verify" | "password-change";

export type AuthLimits = {
  /**
   * Counts one request from this IP against the per-IP limit of its kind; throws 429 once it is
   * reached. Routes call it before reading the body, so malformed requests count too.
   */
  perIp(kind: PerIpLimit, meta: Pick<RequestMeta, "ip">): Promise<void>;
  /** The same limits per address, for the endpoints that send mail or check codes. */
  perAddress(kind: "email-sent" | "verify", email: string): Promise<void>;
  /** Password checks per account, on top of the routes' per-IP count. */
  passwordChecks(userId: string): Promise<void>;
  /** Throws 429 once the address has had FAILED_CODES_PER_ADDRESS_PER_DAY wrong codes today. */
  refuseAfterFailedCodes(email: string): Promise<void>;
  /** Counts a wrong code sent to `email`. */
  failedCode(email: string): Promise<void>;
  /** Wrong passwords: back-off per address and IP, ceiling per address (sign-in-backoff.ts). */
  backoff: SignInBackoff;
};

export function createAuthLimits(deps: {
  db: Database;
  limits: Config["auth"]["rateLimits"];
  logger: Logger;
}): AuthLimits {
  const { db, limits, logger } = deps;
  const window = createRateLimiter(db, { windowMs: AUTH_RATE_LIMIT_WINDOW_MS });
  /** Counters per day: wrong passwords per address and IP, wrong codes per address. */
  const daily = createRateLimiter(db, { windowMs: DAY_MS });
  const perIpMax: Record<PerIpLimit, number> = {
    "sign-in-sign-up": limits.signInSignUps,
    refresh: limits.tokenRefresh,
    "email-sent": limits.emailSent,
    verify: limits.verify,
    // A password change checks a password, like a sign-in (docs/decisions/0081).
    "password-change": limits.signInSignUps,
  };

  async function take(key: string, max: number, warning: string, fields: object = {}) {
    const decision = await window.take(key, max);
    if (!decision.allowed) {
      logger.warn(fields, warning);
      throw authErrors.rateLimited(decision.retryAfterSeconds);
    }
  }

  const failedCodesKey = (email: string) => rateLimitKey("verify-failure-address", email);

  return {
    perIp: (kind, meta) =>
      take(rateLimitKey(kind, meta.ip), perIpMax[kind], "auth rate limit reached", { kind }),

    perAddress: (kind, email) =>
      take(
        rateLimitKey(`${kind}-address`, email),
        kind === "email-sent" ? limits.emailSent : limits.verify,
        "auth rate limit reached for one address",
        { kind },
      ),

    passwordChecks: (userId) =>
      take(
        rateLimitKey("password-check-user", userId),
        PASSWORD_CHECKS_PER_USER,
        "password checks rate limit reached for one account",
      ),

    async refuseAfterFailedCodes(email) {
      if ((await daily.peek(failedCodesKey(email))) >= FAILED_CODES_PER_ADDRESS_PER_DAY) {
        logger.warn("too many wrong codes for one address today");
        throw authErrors.rateLimited((DAY_MS - (Date.now() % DAY_MS)) / 1000);
      }
    },

    failedCode: (email) => daily.add(failedCodesKey(email)),

    backoff: createSignInBackoff({
      daily,
      window,
      windowMs: AUTH_RATE_LIMIT_WINDOW_MS,
      ceilingPerAddress: limits.failedSignInsPerEmail,
      logger,
    }),
  };
}
