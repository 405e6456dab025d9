import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { premiumPlan } from "@/shared/billing";
import type { Database } from "../db/client";
import {
  localCheckoutSessions,
  localPayments,
  localPortalSessions,
  localSubscriptions,
  users,
} from "../db/schema";
import { ApiError } from "../http/errors";
import type { Logger } from "../logger";
import { checkCard, type CardCheck, type CardInput } from "./cards";
import { entitlementOf } from "./entitlement";
import { addMonths, nextPeriodEnd } from "./periods";
import type { BillingProvider, BillingUser, Clock } from "./provider";
import {
  readCustomer,
  readSubscription,
  saveCustomer,
  type SubscriptionStore,
} from "./subscription-store";

/**
 * The built-in payment simulator (offline default): checkout sessions, subscriptions with monthly
 * renewal, payments and portal links, kept in our own tables the way Stripe keeps them on its
 * side. Nothing is charged and card numbers are never stored — only brand and last four.
 */

export const CHECKOUT_SESSION_TTL_MS = 60 * 60 * 1000;
export const PORTAL_LINK_TTL_MS = 30 * 60 * 1000;

type LocalSubscription = typeof localSubscriptions.$inferSelect;
type LocalPayment = typeof localPayments.$inferSelect;

export type CheckoutLookup =
  { state: "open"; email: string; userId: string } | { state: "complete" | "expired" | "missing" };

export type PayResult =
  | { outcome: "paid" }
  /** The session was already paid (a double submit) or the user is already subscribed. */
  | { outcome: "already_paid" }
  | { outcome: "closed"; state: "expired" | "missing" }
  | Exclude<CardCheck, { ok: true }>;

export type PortalState = {
  userId: string;
  email: string;
  subscription: LocalSubscription | null;
  entitled: boolean;
  payments: LocalPayment[];
};

export type LocalProvider = BillingProvider & {
  readonly kind: "local";
  lookupCheckout(sessionId: string): Promise<CheckoutLookup>;
  pay(sessionId: string, card: CardInput): Promise<PayResult>;
  /** The portal's user and data for a link token, or null when the token is unknown or expired. */
  portal(token: string): Promise<PortalState | "expired" | null>;
  cancel(token: string): Promise<"done" | "expired" | null>;
  resume(token: string): Promise<"done" | "expired" | null>;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Ids and tokens in URLs are base64url of random bytes; anything else is rejected unread. */
const plausibleId = (value: string) => /^[A-Za-z0-9_-]{10,100}$/.test(value);

export function createLocalProvider(deps: {
  db: Database;
  /** Our copy of each user's subscription, which `sync` writes. */
  subscriptions: SubscriptionStore;
  siteUrl: string;
  logger: Logger;
  now: Clock;
}): LocalProvider {
  const { db, siteUrl, logger, now } = deps;

  const ensureCustomer = async (userId: string) => {
    const existing = await readCustomer(db, userId);
    if (existing?.provider === "local") return existing.customerId;
    if (existing) {
      // Switched from Stripe to the local provider (development against a production copy).
      return existing.customerId;
    }
    return saveCustomer(db, userId, "local", newId("cus_local"));
  };

  /** Applies renewals and scheduled cancellations that fell due, then writes our row. */
  const sync = async (userId: string) => {
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
    const best = pickBest(subs);
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

  const reload = async (id: string, tx: Pick<Database, "select"> = db) => {
    const [row] = await tx
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.id, id))
      .limit(1);
    return row;
  };

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
    kind: "local",
    // Our own tables are the truth: a row only goes stale at a period boundary (needsSync).
    staleAfterMs: Number.POSITIVE_INFINITY,
    sync,

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

    async lookupCheckout(sessionId) {
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
    },

    async pay(sessionId, input) {
      const lookup = await this.lookupCheckout(sessionId);
      if (lookup.state === "complete") return { outcome: "already_paid" };
      if (lookup.state !== "open") return { outcome: "closed", state: lookup.state };
      const { userId } = lookup;
      const at = now();

      await sync(userId);
      if (entitlementOf(await readSubscription(db, userId), at).subscribed) {
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

    async portal(token) {
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
      const row = await readSubscription(db, userId);
      return {
        userId,
        email: user?.email ?? "",
        subscription: subscription ?? null,
        entitled: entitlementOf(row?.provider === "local" ? row : undefined, now()).subscribed,
        payments,
      };
    },

    cancel: (token) => setCancelAtPeriodEnd(token, true),
    resume: (token) => setCancelAtPeriodEnd(token, false),
  };
}

/** active/trialing first, then past_due, then the newest. */
export function pickBest<T extends { status: string; createdAt: Date }>(subs: T[]): T | undefined {
  const rank = (status: string) =>
    status === "active" || status === "trialing" ? 0 : status === "past_due" ? 1 : 2;
  return [...subs].sort(
    (a, b) => rank(a.status) - rank(b.status) || b.createdAt.getTime() - a.createdAt.getTime(),
  )[0];
}
