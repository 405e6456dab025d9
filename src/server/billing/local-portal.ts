import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { localPayments, localPortalSessions, localSubscriptions, users } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import type { Logger } from "@/server/logger";
import { entitlementOf } from "./entitlement";
import { hashToken, plausibleId } from "./local-ids";
import type { LocalSubscription } from "./local-renewals";
import type { BillingUser, Clock } from "./provider";
import { readCustomer, type SubscriptionStore } from "./subscription-store";

const PORTAL_LINK_TTL_MS = 30 * 60 * 1000;

type LocalPayment = typeof localPayments.$inferSelect;

export type PortalState = {
  userId: string;
  email: string;
  subscription: LocalSubscription | null;
  entitled: boolean;
  payments: LocalPayment[];
};

/**
 * The local provider's customer portal: short-lived links bound to a user (the token is stored
 * hashed), showing the plan and payment history, with cancel at period end and resume.
 */
export function createLocalPortal(deps: {
  db: Database;
  subscriptions: SubscriptionStore;
  siteUrl: string;
  logger: Logger;
  now: Clock;
  sync: (userId: string) => Promise<void>;
}) {
  const { db, subscriptions, siteUrl, logger, now, sync } = deps;

  /** The link's user; null for an unknown token. */
  const portalUser = async (token: string) => {
    if (!plausibleId(token)) return null;
    const [link] = await db
      .select()
      .from(localPortalSessions)
      .where(eq(localPortalSessions.tokenHash, hashToken(token)))
      .limit(1);
    if (!link) return null;
    if (link.expiresAt <= now()) return "expired" as const;
    return link.userId;
  };

  const liveSubscription = async (userId: string) => {
    const [sub] = await db
      .select()
      .from(localSubscriptions)
      .where(and(eq(localSubscriptions.userId, userId), eq(localSubscriptions.status, "active")))
      .orderBy(desc(localSubscriptions.createdAt))
      .limit(1);
    return sub;
  };

  const setCancelAtPeriodEnd = async (token: string, cancel: boolean) => {
    const userId = await portalUser(token);
    if (userId === null || userId === "expired") return userId;
    await sync(userId);
    const sub = await liveSubscription(userId);
    if (sub && sub.cancelAtPeriodEnd !== cancel) {
      const at = now();
      await db
        .update(localSubscriptions)
        .set({ cancelAtPeriodEnd: cancel, canceledAt: cancel ? at : null, updatedAt: at })
        .where(and(eq(localSubscriptions.id, sub.id), eq(localSubscriptions.status, "active")));
      logger.info(
        { userId, subscriptionId: sub.id, cancel },
        "local subscription cancellation changed",
      );
    }
    await sync(userId);
    return "done" as const;
  };

  return {
    async createPortal(user: BillingUser, origin = siteUrl) {
      const customer = await readCustomer(db, user.id);
      if (!customer) {
        throw new ApiError(
          "no_customer",
          "There is no subscription to manage yet: subscribe first.",
        );
      }
      const token = randomBytes(32).toString("base64url");
      await db.insert(localPortalSessions).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(now().getTime() + PORTAL_LINK_TTL_MS),
        createdAt: now(),
      });
      return `${origin}/billing/portal/${token}`;
    },

    /** The portal's user and data for a link token, or null when the token is unknown. */
    async portal(token: string): Promise<PortalState | "expired" | null> {
      const userId = await portalUser(token);
      if (userId === null || userId === "expired") return userId;
      await sync(userId);
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      const [subscription] = await db
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.userId, userId))
        .orderBy(desc(localSubscriptions.createdAt))
        .limit(1);
      const payments = await db
        .select()
        .from(localPayments)
        .where(eq(localPayments.userId, userId))
        .orderBy(desc(localPayments.createdAt))
        .limit(50);
      const row = await subscriptions.read(userId);
      return {
        userId,
        email: user?.email ?? "",
        subscription: subscription ?? null,
        entitled: entitlementOf(row?.provider === "local" ? row : undefined, now()).subscribed,
        payments,
      };
    },

    /** Ends the user's live subscriptions now (the account is being deleted). */
    async cancelNow(userId: string) {
      const at = now();
      const ended = await db
        .update(localSubscriptions)
        .set({ status: "canceled", cancelAtPeriodEnd: false, canceledAt: at, updatedAt: at })
        .where(and(eq(localSubscriptions.userId, userId), eq(localSubscriptions.status, "active")))
        .returning({ id: localSubscriptions.id });
      for (const { id } of ended) {
        logger.info({ userId, subscriptionId: id }, "local subscription cancelled now");
      }
      await sync(userId);
    },

    cancel: (token: string) => setCancelAtPeriodEnd(token, true),
    resume: (token: string) => setCancelAtPeriodEnd(token, false),
  };
}
