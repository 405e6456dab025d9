import { and, eq, sql } from "drizzle-orm";
import { premiumPlan } from "@/shared/billing";
import type { Database } from "@/server/db/client";
import { customers, subscriptions } from "@/server/db/schema";
import type { SubscriptionRow } from "./entitlement";

/** Reads and writes of our copy of each user's subscription and billing customer. */

export type SubscriptionStore = {
  /**
   * The user's row for the hot path (every `check-subscription` and guarded practice call): one
   * prepared primary-key read (docs/decisions/0155). `null` when the user has none.
   */
  read(userId: string): Promise<SubscriptionRow | null>;
  /**
   * Replaces the user's row with the provider's best subscription, or removes it when there is
   * none; every instance reads the new row from then on.
   */
  write(userId: string, snapshot: SubscriptionSnapshot | null, syncedAt: Date): Promise<void>;
};

export function createSubscriptionStore(db: Database): SubscriptionStore {
  const byUser = db
    .select({
      userId: subscriptions.userId,
      provider: subscriptions.provider,
      status: subscriptions.status,
      tier: subscriptions.tier,
      currentPeriodStart: subscriptions.currentPeriodStart,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAt: subscriptions.cancelAt,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      syncedAt: subscriptions.syncedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, sql.placeholder("userId")))
    .prepare("billing_subscription_of_user");

  return {
    async read(userId) {
      const [row] = await byUser.execute({ userId });
      return row ?? null;
    },

    async write(userId, snapshot, syncedAt) {
      if (!snapshot) {
        await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
      } else {
        const values = { ...snapshot, tier: premiumPlan.tier, syncedAt, updatedAt: syncedAt };
        await db
          .insert(subscriptions)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: subscriptions.userId, set: values });
      }
    },
  };
}

export type SubscriptionSnapshot = {
  provider: "stripe" | "local";
  subscriptionId: string;
  customerId: string;
  status: string;
  priceId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
  cancelAtPeriodEnd: boolean;
};

export async function readCustomer(db: Database, userId: string) {
  const [row] = await db.select().from(customers).where(eq(customers.userId, userId)).limit(1);
  return row;
}

/** The user a provider customer belongs to, if it is one of ours. */
export async function userIdForCustomer(
  db: Database,
  provider: "stripe" | "local",
  customerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: customers.userId })
    .from(customers)
    .where(and(eq(customers.provider, provider), eq(customers.customerId, customerId)))
    .limit(1);
  return row?.userId;
}

/**
 * Stores the user's customer id unless one is already stored (unique per user and per
 * provider customer); returns the id that is stored, which wins a race between two requests.
 */
export async function saveCustomer(
  db: Database,
  userId: string,
  provider: "stripe" | "local",
  customerId: string,
): Promise<string> {
  await db.insert(customers).values({ userId, provider, customerId }).onConflictDoNothing();
  const stored = await readCustomer(db, userId);
  if (!stored) throw new Error("customer row vanished after insert");
  return stored.customerId;
}
