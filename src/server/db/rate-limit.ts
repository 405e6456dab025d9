import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "./client";
import { rateLimits } from "./schema";

/**
 * Fixed-window counters in the `rate_limits` table (docs/decisions/0011, 0051), so every instance
 * on one database counts together. Each use picks its window (auth: 5 minutes and a day, practice
 * budgets: 1 minute); one upsert per counted request. The table does not record a row's window, so the
 * sweep keeps every row until the longest window has passed and then deletes it, whatever its key.
 */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/** At most one sweep per limiter this often, run by the writes themselves: no timer to stop. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export type RateLimitDecision = {
  /** False once the window already held `limit` requests before this one. */
  allowed: boolean;
  /** Seconds until the current window ends (at least 1): the `Retry-After` of a refusal. */
  retryAfterSeconds: number;
};

export type RateLimiter = {
  /**
   * Counts one request (or `amount` of something, such as seconds of audio) against `key` and
   * says whether the window's total is within `limit`.
   */
  take(key: string, limit: number, amount?: number): Promise<RateLimitDecision>;
  /** The count in the current window, without adding to it. */
  peek(key: string): Promise<number>;
  /** Adds one (or `amount`) to `key` without deciding anything (e.g. a failed sign-in). */
  add(key: string, amount?: number): Promise<void>;
  /** The count in the current window and when it last grew (back-off; docs/decisions/0081). */
  status(key: string): Promise<{ count: number; lastAt: Date | undefined }>;
};

/** Keys hold no personal data and have a bounded length: `kind:` and a short hash of the subject. */
export function rateLimitKey(kind: string, subject: string): string {
  return `${kind}:${createHash("sha256").update(subject).digest("base64url").slice(0, 22)}`;
}

export function createRateLimiter(
  db: Database,
  options: { windowMs: number; now?: () => number },
): RateLimiter {
  const { windowMs, now = Date.now } = options;
  if (windowMs > LONGEST_WINDOW_MS) {
    throw new Error(`rate-limit windows longer than ${LONGEST_WINDOW_MS} ms would be swept early`);
  }
  const windowStartOf = (time: number) => Math.floor(time / windowMs) * windowMs;
  let lastSweep = 0;

  const increment = async (key: string, time: number, amount = 1) => {
    const [row] = await db
      .insert(rateLimits)
      .values({
        key,
        windowStart: new Date(windowStartOf(time)),
        count: amount,
        lastAt: new Date(time),
      })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + ${amount}`, lastAt: new Date(time) },
      })
      .returning({ count: rateLimits.count });
    if (time - lastSweep > SWEEP_INTERVAL_MS) {
      lastSweep = time;
      void sweepRateLimits(db, time).catch(() => {});
    }
    return row?.count ?? amount;
  };

  const current = async (key: string) => {
    const [row] = await db
      .select({ count: rateLimits.count, lastAt: rateLimits.lastAt })
      .from(rateLimits)
      .where(
        and(eq(rateLimits.key, key), eq(rateLimits.windowStart, new Date(windowStartOf(now())))),
      );
    return { count: row?.count ?? 0, lastAt: row?.lastAt };
  };

  return {
    async take(key, limit, amount) {
      const time = now();
      const count = await increment(key, time, amount);
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((windowStartOf(time) + windowMs - time) / 1000),
      );
      return { allowed: count <= limit, retryAfterSeconds };
    },
    async peek(key) {
      return (await current(key)).count;
    },
    status: current,
    add: async (key, amount) => {
      await increment(key, now(), amount);
    },
  };
}

/** Deletes the windows that have ended, for every kind of key. */
export async function sweepRateLimits(db: Database, time = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(time - LONGEST_WINDOW_MS)));
}
