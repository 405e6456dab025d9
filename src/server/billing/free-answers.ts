import { and, eq, lt, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Database } from "@/server/db/client";
import { freeAnswers } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import type { SubscriptionStatus } from "@/shared/billing";
import { FREE_ANSWERS, type FreeAnswers } from "@/shared/free-answers";

/**
 * The free taste's counter (docs/decisions/0120): a row per account of the free answers it has
 * used, which deleting the history does not touch. An answer is taken before it is scored (one
 * atomic update, so answers sent at once cannot all take the last one) and given back when the
 * scoring fails, so a failure costs the user nothing.
 */
export type FreeAnswerCounter = {
  used(userId: string): Promise<number>;
  /** Takes one free answer; false when none is left. */
  take(userId: string): Promise<boolean>;
  giveBack(userId: string): Promise<void>;
};

export function createFreeAnswerCounter(db: Database): FreeAnswerCounter {
  return {
    async used(userId) {
      const [row] = await db
        .select({ used: freeAnswers.used })
        .from(freeAnswers)
        .where(eq(freeAnswers.userId, userId));
      return row?.used ?? 0;
    },
    async take(userId) {
      const taken = await db
        .insert(freeAnswers)
        .values({ userId, used: 1 })
        .onConflictDoUpdate({
          target: freeAnswers.userId,
          set: { used: sql`${freeAnswers.used} + 1`, updatedAt: sql`now()` },
          setWhere: lt(freeAnswers.used, FREE_ANSWERS),
        })
        .returning({ used: freeAnswers.used });
      return taken.length === 1;
    },
    async giveBack(userId) {
      await db
        .update(freeAnswers)
        .set({ used: sql`${freeAnswers.used} - 1`, updatedAt: sql`now()` })
        .where(and(eq(freeAnswers.userId, userId), sql`${freeAnswers.used} > 0`));
    },
  };
}

export function freeAnswersOf(used: number, subscribed: boolean): FreeAnswers {
  return {
    limit: FREE_ANSWERS,
    used: Math.min(used, FREE_ANSWERS),
    remaining: Math.max(0, FREE_ANSWERS - used),
    subscribed,
  };
}

export const noFreeAnswersLeft = () =>
  new ApiError(
    "subscription_required",
    `You have used your ${FREE_ANSWERS} free answers. Subscribe to Premium to keep practising.`,
  );

/**
 * For the functions a free answer goes through (evaluate-answer and what a spoken answer needs on
 * the way): a subscriber passes as `requireSubscription` lets them; an account without Premium
 * passes while it has a free answer left, marked `freeAnswer` for the handler, which takes it.
 */
export function subscriberOrFreeAnswer(
  billing: { status(userId: string): Promise<SubscriptionStatus> },
  counter: FreeAnswerCounter,
) {
  return createMiddleware<{
    Variables: { user: { id: string }; subscription: SubscriptionStatus; freeAnswer: boolean };
  }>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw new ApiError("unauthorized", "Sign in to continue.");
    const status = await billing.status(user.id);
    c.set("subscription", status);
    c.set("freeAnswer", !status.subscribed);
    if (!status.subscribed && (await counter.used(user.id)) >= FREE_ANSWERS) {
      throw noFreeAnswersLeft();
    }
    await next();
  });
}
