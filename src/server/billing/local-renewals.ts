import { and, desc, eq } from "drizzle-orm";
import { premiumPlan } from "@/shared/billing";
import type { Database } from "@/server/db/client";
import { localPayments, localSubscriptions } from "@/server/db/schema";
import { bestSubscription } from "./entitlement";
import { newId } from "./local-ids";
import { nextPeriodEnd } from "./periods";
import type { Clock } from "./provider";
import { readCustomer, type SubscriptionStore } from "./subscription-store";

export type LocalSubscription = typeof localSubscriptions.$inferSelect;

/**
 * The local provider's `sync`: applies the renewals (recording each payment) and scheduled
 * cancellations that fell due, then writes the user's best subscription into our row.
 */
export function createLocalSync(deps: {
  db: Database;
  subscriptions: SubscriptionStore;
  now: Clock;
}): (userId: string) => Promise<void> {
  const { db, now } = deps;

  const reload = async (id: string, tx: Pick<Database, "select"> = db) => {
    const [row] = await tx
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.id, id))
      .limit(1);
    return row;
  };

  /** One period boundary: renew (recording the payment) or end a cancelled plan. */
  const advance = async (sub: LocalSubscription): Promise<LocalSubscription | undefined> => {
    const boundary = sub.currentPeriodEnd;
    if (sub.cancelAtPeriodEnd) {
      const [ended] = await db
        .update(localSubscriptions)
        .set({ status: "canceled", updatedAt: boundary })
        .where(
          and(eq(localSubscriptions.id, sub.id), eq(localSubscriptions.currentPeriodEnd, boundary)),
        )
        .returning();
      return ended ?? (await reload(sub.id));
    }
    return db.transaction(async (tx) => {
      // The compare-and-set on the period end makes concurrent syncs renew (and charge) once.
      const [renewed] = await tx
        .update(localSubscriptions)
        .set({
          currentPeriodStart: boundary,
          currentPeriodEnd: nextPeriodEnd(sub.createdAt, boundary),
          updatedAt: boundary,
        })
        .where(
          and(
            eq(localSubscriptions.id, sub.id),
            eq(localSubscriptions.currentPeriodEnd, boundary),
            eq(localSubscriptions.status, "active"),
          ),
        )
        .returning();
      if (!renewed) return reload(sub.id, tx);
      await tx.insert(localPayments).values({
        id: newId("py_local"),
        userId: sub.userId,
        subscriptionId: sub.id,
        amount: premiumPlan.amount,
        currency: premiumPlan.currency,
        status: "succeeded",
        description: "Premium — monthly renewal",
        cardBrand: sub.cardBrand,
        cardLast4: sub.cardLast4,
        createdAt: boundary,
      });
      return renewed;
    });
  };

  return async (userId) => {
    const at = now();
    const subs = await db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.userId, userId))
      .orderBy(desc(localSubscriptions.createdAt));
    for (const sub of subs) {
      let current = sub;
      // A bounded loop: a server switched off for years catches up, a broken clock cannot spin.
      for (
        let i = 0;
        i < 240 && current.status === "active" && current.currentPeriodEnd <= at;
        i++
      ) {
        const advanced = await advance(current);
        if (!advanced) break;
        current = advanced;
      }
      Object.assign(sub, current);
    }
    const best = bestSubscription(subs, (sub) => sub.createdAt.getTime());
    const customer = await readCustomer(db, userId);
    await deps.subscriptions.write(
      userId,
      best
        ? {
            provider: "local",
            subscriptionId: best.id,
            customerId: customer?.customerId ?? "",
            status: best.status,
            priceId: null,
            currentPeriodStart: best.currentPeriodStart,
            currentPeriodEnd: best.currentPeriodEnd,
            cancelAt: best.cancelAtPeriodEnd ? best.currentPeriodEnd : null,
            cancelAtPeriodEnd: best.cancelAtPeriodEnd,
          }
        : null,
      at,
    );
  };
}
