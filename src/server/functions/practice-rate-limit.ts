import type { Database } from "@/server/db/client";
import { createRateLimiter, rateLimitKey } from "@/server/db/rate-limit";
import { ApiError } from "@/server/http/errors";

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
          "rate_limited",
          `Too many requests: the limit is ${limit} a minute. Please try again in ${retryAfter} seconds.`,
          { headers: { "Retry-After": String(retryAfter) } },
        );
      }
    },
  };
}

/**
 * At most one call of a kind in flight per user, in this process (whose recogniser workers they
 * would share): a second one while the first is still being heard is refused at once with 409
 * `conflict`, before its body is read, instead of queueing behind it (docs/decisions/0085).
 */
export function createOneAtATime() {
  const running = new Set<string>();
  return {
    async run<T>(kind: PracticeBudget, userId: string, call: () => Promise<T>): Promise<T> {
      const key = `${kind}:${userId}`;
      if (running.has(key)) {
        throw new ApiError(
          "conflict",
          kind === "evaluate"
            ? "Your previous answer is still being scored. Wait for its feedback, or cancel it, before sending another."
            : "Your previous recording is still being transcribed. Wait for it before sending another.",
        );
      }
      running.add(key);
      try {
        return await call();
      } finally {
        running.delete(key);
      }
    },
  };
}

export type AudioBudget = {
  /** Counts `seconds` of audio; throws 429 `rate_limited` (with Retry-After) once over budget. */
  charge(userId: string, seconds: number): Promise<void>;
  /** Counts audio found longer than charged (the decoder's measure), refusing nothing. */
  add(userId: string, seconds: number): Promise<void>;
};

/**
 * Per-user budgets in seconds of recorded audio, not calls: recognising a 3-minute answer costs
 * about sixteen times an 11-second one, so counting calls let one person's few long answers fill
 * the recogniser (docs/decisions/0085). Whole seconds, rounded up, in windows of the shared rate
 * limiter, so every web instance on one database counts a user's audio together.
 */
export function createAudioBudget(
  db: Database,
  options: { secondsPerWindow: number; windowMs: number; now?: () => number },
): AudioBudget {
  const { secondsPerWindow, windowMs, now } = options;
  const limiter = createRateLimiter(db, { windowMs, now });
  const keyOf = (userId: string) => rateLimitKey("practice-audio", userId);
  return {
    async charge(userId, seconds) {
      const { allowed, retryAfterSeconds: retryAfter } = await limiter.take(
        keyOf(userId),
        secondsPerWindow,
        Math.max(1, Math.ceil(seconds)),
      );
      if (!allowed) {
        const minutes = Math.round(windowMs / 60_000);
        throw new ApiError(
          "rate_limited",
          `Recordings are limited to ${describeSeconds(secondsPerWindow)} every ${minutes} minutes, and this one would go past it. Please try again in ${retryAfter} seconds.`,
          { headers: { "Retry-After": String(retryAfter) } },
        );
      }
    },
    async add(userId, seconds) {
      const whole = Math.round(seconds);
      if (whole > 0) await limiter.add(keyOf(userId), whole);
    },
  };
}

function describeSeconds(seconds: number): string {
  return seconds >= 120 ? `${Math.round(seconds / 60)} minutes` : `${Math.round(seconds)} seconds`;
}
