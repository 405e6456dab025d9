import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

/**
 * Fixed-window counters in the `rate_limits` table (docs/decisions/0011), so every instance on
 * one database counts together. One upsert per counted request; old windows are swept hourly.
 */
export const RATE_LIMIT_WINDOW_MS = 5 * 60 * 1000;

export type RateLimiter = {
  /** Counts one request against `key`; false once the window already holds `limit` of them. */
  take(key: string, limit: number): Promise<boolean>;
  /** The count in the current window, without adding to it. */
  peek(key: string): Promise<number>;
  /** Adds one to `key` without deciding anything (e.g. a failed sign-in). */
  add(key: string): Promise<void>;
  /** Deletes windows that have ended. */
  sweep(): Promise<void>;
  close(): void;
};

/** Keys hold no personal data and have a bounded length. */
export function rateLimitKey(kind: string, subject: string): string {
  return `${kind}:${createHash("sha256").update(subject).digest("base64url").slice(0, 22)}`;
}

export function createRateLimiter(db: Database, now: () => number = Date.now): RateLimiter {
  const windowStart = () =>
    new Date(Math.floor(now() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS);

  const increment = async (key: string) => {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart: windowStart(), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    return row?.count ?? 1;
  };

  const sweep = async () => {
    await db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, new Date(now() - RATE_LIMIT_WINDOW_MS)));
  };
  const timer = setInterval(() => void sweep().catch(() => {}), 60 * 60 * 1000);
  timer.unref();

  return {
    take: async (key, limit) => (await increment(key)) <= limit,
    async peek(key) {
      const rows = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart())));
      return rows[0]?.count ?? 0;
    },
    add: async (key) => {
      await increment(key);
    },
    sweep,
    close: () => clearInterval(timer),
  };
}
