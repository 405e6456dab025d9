import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { ApiError } from "../http/errors";
import { practiceErrorCodes } from "@/shared/practice";

/**
 * Per-user budgets for the practice functions: one-minute fixed windows in the shared
 * `rate_limits` table, so every instance on one database counts together (docs/decisions/0051).
 */
export const PRACTICE_WINDOW_MS = 60_000;

export type PracticeRateLimiter = {
  /** Counts one call; throws 429 `rate_limited` (with Retry-After) once over `limit`. */
  take(kind: "transcribe" | "answer", userId: string, limit: number): Promise<void>;
};

export function createPracticeRateLimiter(
  db: Database,
  now: () => number = Date.now,
): PracticeRateLimiter {
  let lastSweep = 0;
  return {
    async take(kind, userId, limit) {
      const time = now();
      const windowStart = Math.floor(time / PRACTICE_WINDOW_MS) * PRACTICE_WINDOW_MS;
      // The key holds no personal data: a short hash of the user id.
      const key = `practice-${kind}:${createHash("sha256").update(userId).digest("base64url").slice(0, 22)}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: new Date(windowStart), count: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({ count: rateLimits.count });
      if (time - lastSweep > 10 * PRACTICE_WINDOW_MS) {
        lastSweep = time;
        // Old practice windows only; other modules sweep their own keys.
        void db
          .delete(rateLimits)
          .where(
            sql`${rateLimits.key} like 'practice-%' and ${lt(rateLimits.windowStart, new Date(windowStart - PRACTICE_WINDOW_MS))}`,
          )
          .catch(() => {});
      }
      if ((row?.count ?? 1) > limit) {
        const retryAfter = Math.max(1, Math.ceil((windowStart + PRACTICE_WINDOW_MS - time) / 1000));
        throw new ApiError(
          practiceErrorCodes.rateLimited,
          `Too many requests: the limit is ${limit} a minute. Please try again in ${retryAfter} seconds.`,
          { headers: { "Retry-After": String(retryAfter) } },
        );
      }
    },
  };
}
