import { and, eq, sql } from "drizzle-orm";
import { premiumPlan } from "@/shared/billing";
import type { Database } from "@/server/db/client";
import {
  localCheckoutSessions,
  localPayments,
  localSubscriptions,
  users,
} from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import { checkCard, type CardCheck, type CardInput } from "./cards";
import { entitlementOf } from "./entitlement";
import { newId, plausibleId } from "./local-ids";
import { addMonths } from "./periods";
import type { BillingUser, Clock } from "./provider";
import { readCustomer, saveCustomer, type SubscriptionStore } from "./subscription-store";

const CHECKOUT_SESSION_TTL_MS = 60 * 60 * 1000;

export type CheckoutLookup =
  { state: "open"; email: string; userId: string } | { state: "complete" | "expired" | "missing" };

export type PayResult =
  | { outcome: "paid" }
  /** The session was already paid (a double submit) or the user is already subscribed. */
  | { outcome: "already_paid" }
  | { outcome: "closed"; state: "expired" | "missing" }
  | Exclude<CardCheck, { ok: true }>;

/**
 * The local provider's checkout: a session per `create-checkout`, shown by our checkout page,
 * paid with a test card. A successful payment starts a monthly subscription and records the
 * first month's payment; a declined card records a failed payment. Card numbers are never
 * stored, only brand and last four.
 */
export function createLocalCheckout(deps: {
  db: Database;
  subscriptions: SubscriptionStore;
  siteUrl: string;
  logger: Logger;
  now: Clock;
  sync: (userId: string) => Promise<void>;
}) {
  const { db, subscriptions, siteUrl, logger, now, sync } = deps;

  const ensureCustomer = async (userId: string) => {
    const existing = await readCustomer(db, userId);
    // A Stripe customer is kept too: a switch from Stripe to the local provider (development
    // against a production copy) must not lose it.
    if (existing) return existing.customerId;
    return saveCustomer(db, userId, "local", newId("cus_local"));
  };

  const lookupCheckout = async (sessionId: string): Promise<CheckoutLookup> => {
    if (!plausibleId(sessionId)) return { state: "missing" };
    const [row] = await db
      .select({ session: localCheckoutSessions, email: users.email })
      .from(localCheckoutSessions)
      .innerJoin(users, eq(users.id, localCheckoutSessions.userId))
      .where(eq(localCheckoutSessions.id, sessionId))
      .limit(1);
    if (!row) return { state: "missing" };
    const { session } = row;
    if (session.status === "complete") return { state: "complete" };
    if (session.status === "expired" || session.expiresAt <= now()) return { state: "expired" };
    return { state: "open", email: row.email, userId: session.userId };
  };

  return {
    async createCheckout(user: BillingUser, origin = siteUrl) {
      await ensureCustomer(user.id);
      const id = newId("cs_local");
      await db.insert(localCheckoutSessions).values({
        id,
        userId: user.id,
        amount: premiumPlan.amount,
        currency: premiumPlan.currency,
        expiresAt: new Date(now().getTime() + CHECKOUT_SESSION_TTL_MS),
        createdAt: now(),
      });
      return `${origin}/billing/checkout/${id}`;
    },

    lookupCheckout,

    async pay(sessionId: string, input: CardInput): Promise<PayResult> {
      const lookup = await lookupCheckout(sessionId);
      if (lookup.state === "complete") return { outcome: "already_paid" };
      if (lookup.state !== "open") return { outcome: "closed", state: lookup.state };
      const { userId } = lookup;
      const at = now();

      await sync(userId);
      if (entitlementOf((await subscriptions.read(userId)) ?? undefined, at).subscribed) {
        await db
          .update(localCheckoutSessions)
          .set({ status: "expired" })
          .where(
            and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, "open")),
          );
        return { outcome: "already_paid" };
      }

      const check = checkCard(input, at);
      if (!check.ok) {
        if (check.kind === "declined") {
          await db.insert(localPayments).values({
            id: newId("py_local"),
            userId,
            amount: premiumPlan.amount,
            currency: premiumPlan.currency,
            status: "failed",
            description: "Premium — first month",
            cardBrand: check.card.brand,
            cardLast4: check.card.last4,
            failureMessage: check.message,
            createdAt: at,
          });
        }
        return check;
      }

      const paid = await db.transaction(async (tx) => {
        // One payment per user at a time: two open checkouts paid at once must not make two plans.
        await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
        const [session] = await tx
          .update(localCheckoutSessions)
          .set({ status: "complete", completedAt: at })
          .where(
            and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, "open")),
          )
          .returning();
        if (!session) return false;
        const [active] = await tx
          .select({ id: localSubscriptions.id })
          .from(localSubscriptions)
          .where(
            and(eq(localSubscriptions.userId, userId), eq(localSubscriptions.status, "active")),
          )
          .limit(1);
        if (active) return false;
        const subscriptionId = newId("sub_local");
        await tx.insert(localSubscriptions).values({
          id: subscriptionId,
          userId,
          status: "active",
          currentPeriodStart: at,
          currentPeriodEnd: addMonths(at, 1),
          cardBrand: check.card.brand,
          cardLast4: check.card.last4,
          createdAt: at,
          updatedAt: at,
        });
        await tx.insert(localPayments).values({
          id: newId("py_local"),
          userId,
          subscriptionId,
          amount: premiumPlan.amount,
          currency: premiumPlan.currency,
          status: "succeeded",
          description: "Premium — first month",
          cardBrand: check.card.brand,
          cardLast4: check.card.last4,
          createdAt: at,
        });
        return true;
      });
      await sync(userId);
      if (paid) logger.info({ userId }, "local checkout paid");
      return paid ? { outcome: "paid" } : { outcome: "already_paid" };
    },
  };
}
