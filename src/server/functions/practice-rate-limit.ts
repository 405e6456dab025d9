import type { Database } from "@/server/db/client";
import { createRateLimiter, rateLimitKey } from "@/server/db/rate-limit";
import { ApiError } from "@/server/http/errors";
import { practiceErrorCodes } from "@/shared/practice";

/**
 * Per-user budgets for the practice functions: one-minute windows of the shared rate limiter
 * (docs/decisions/0051).
 */
const PRACTICE_WINDOW_MS = 60_000;

export type PracticeBudget = "transcribe" | "answer" | "evaluate" | "draft";

export type PracticeRateLimiter = {
  /** Counts one call; throws 429 `rate_limited` (with Retry-After) once over `limit`. */
  take(kind: PracticeBudget, userId: string, limit: number): Promise<void>;
};

export function createPracticeRateLimiter(
  db: Database,
  now: () => number = Date.now,
): PracticeRateLimiter {
  const limiter = createRateLimiter(db, { windowMs: PRACTICE_WINDOW_MS, now });
  return {
    async take(kind, userId, limit) {
      const { allowed, retryAfterSeconds: retryAfter } = await limiter.take(
        rateLimitKey(`practice-${kind}`, userId),
        limit,
      );
      if (!allowed) {
        throw new ApiError(
          practiceErrorCodes.rateLimited,
          `Too many requests: the limit is ${limit} a minute. Please try again in ${retryAfter} seconds.`,
          { headers: { "Retry-After": String(retryAfter) } },
        );
      }
    },
  };
}
