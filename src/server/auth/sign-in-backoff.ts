import { rateLimitKey, type RateLimiter } from "@/server/db/rate-limit";
import type { Logger } from "@/server/logger";
import { authErrors } from "./errors";

/**
 * Wrong passwords (docs/decisions/0081). Counted per pair of address and client IP, so whoever
 * guesses from one place slows down exponentially while the owner, elsewhere, still signs in:
 * after FREE_FAILURES in a day, the pair waits 1 s, 2 s, 4 s … (at most MAX_DELAY_MS) after each
 * further failure. Across all IPs an address also has a ceiling per 5 minutes (RATE_LIMIT_FAILED_
 * SIGN_INS_PER_EMAIL) against guessing spread over many IPs: above it, only pairs with no failure
 * today may try, so the owner who has not mistyped still gets in.
 */
export const FREE_FAILURES = 5;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 15 * 60 * 1000;
/** The pairs' counting window: the back-off starts again each day. */
export const DAY_MS = 24 * 60 * 60 * 1000;

export type SignInBackoff = {
  /**
   * Throws 429 (with Retry-After) when `from` (a client IP, or another origin of the attempt)
   * must wait before trying a password for `email` again.
   */
  check(email: string, from: string): Promise<void>;
  /** Counts a wrong password for `email` from `from`. */
  failed(email: string, from: string): Promise<void>;
};

export function createSignInBackoff(deps: {
  /** Counts per day. */
  daily: RateLimiter;
  /** Counts per 5 minutes (the auth window). */
  window: RateLimiter;
  windowMs: number;
  ceilingPerAddress: number;
  logger: Logger;
  now?: () => number;
}): SignInBackoff {
  const { daily, window, windowMs, ceilingPerAddress, logger, now = Date.now } = deps;
  const pairKey = (email: string, from: string) =>
    rateLimitKey("sign-in-failure-pair", `${email}\n${from}`);
  const addressKey = (email: string) => rateLimitKey("sign-in-failure", email);

  return {
    async check(email: string, from: string): Promise<void> {
      const [pair, address] = await Promise.all([
        daily.status(pairKey(email, from)),
        window.peek(addressKey(email)),
      ]);
      if (pair.count >= FREE_FAILURES && pair.lastAt) {
        const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (pair.count - FREE_FAILURES));
        const waited = now() - pair.lastAt.getTime();
        if (waited < delay) {
          logger.warn({ failures: pair.count }, "wrong passwords from one IP: backing off");
          throw authErrors.rateLimited((delay - waited) / 1000);
        }
      }
      if (address >= ceilingPerAddress && pair.count > 0) {
        logger.warn("wrong passwords for one address from many IPs: only clean IPs may try");
        throw authErrors.rateLimited((windowMs - (now() % windowMs)) / 1000);
      }
    },

    async failed(email: string, from: string): Promise<void> {
      await Promise.all([daily.add(pairKey(email, from)), window.add(addressKey(email))]);
    },
  };
}
