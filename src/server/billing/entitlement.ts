import { createMiddleware } from "hono/factory";
import { notSubscribed, premiumPlan, type SubscriptionStatus } from "@/shared/billing";
import type { subscriptions } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import { days } from "./periods";

/** What entitlement needs of our copy of a user's best subscription (the billing sync writes it). */
export type SubscriptionRow = Pick<
  typeof subscriptions.$inferSelect,
  | "provider"
  | "status"
  | "tier"
  | "currentPeriodStart"
  | "currentPeriodEnd"
  | "cancelAt"
  | "cancelAtPeriodEnd"
  | "syncedAt"
>;

/**
 * How long a `past_due` subscription keeps Premium, counted from the start of the unpaid period
 * (the renewal whose payment failed). Stripe keeps retrying the card meanwhile; see
 * docs/decisions/0041-past-due-grace-period.md.
 */
export const PAST_DUE_GRACE_MS = days(3);

/**
 * The one subscription of a user's several (at the provider) that decides access and becomes our
 * row: active or trialing first, then past_due, then the newest (docs/contracts/billing.md).
 */
export function bestSubscription<T extends { status: string }>(
  subs: readonly T[],
  createdMs: (sub: T) => number,
): T | undefined {
  const rank = (status: string) =>
    status === "active" || status === "trialing" ? 0 : status === "past_due" ? 1 : 2;
  return [...subs].sort(
    (a, b) => rank(a.status) - rank(b.status) || createdMs(b) - createdMs(a),
  )[0];
}

/** When access ends for a row, or null when nothing ends it (an active, renewing plan). */
function subscriptionEnd(row: SubscriptionRow): Date | null {
  return row.cancelAt ?? row.currentPeriodEnd ?? null;
}

/**
 * What `check-subscription` answers for a row at `now` (docs/contracts/billing.md): subscribed while
 * `active` or `trialing` (until `cancel_at` when a cancellation is scheduled), and during the
 * grace period of a `past_due` renewal. Everything else is not subscribed.
 */
export function entitlementOf(row: SubscriptionRow | undefined, now: Date): SubscriptionStatus {
  if (!row) return notSubscribed;
  const end = subscriptionEnd(row);
  let subscribed = false;
  if (row.status === "active" || row.status === "trialing") {
    const cancelsAt = row.cancelAt ?? (row.cancelAtPeriodEnd ? row.currentPeriodEnd : null);
    subscribed = !cancelsAt || now.getTime() < cancelsAt.getTime();
  } else if (row.status === "past_due") {
    const unpaidSince = row.currentPeriodStart;
    subscribed = unpaidSince !== null && now.getTime() < unpaidSince.getTime() + PAST_DUE_GRACE_MS;
  }
  if (!subscribed) return notSubscribed;
  return {
    subscribed: true,
    subscription_tier: row.tier || premiumPlan.tier,
    subscription_end: end ? end.toISOString() : null,
  };
}

/**
 * Whether our row should be refreshed from the provider before answering: a boundary (period
 * end, scheduled cancellation, end of the past_due grace) has passed since the last sync, or the
 * row is older than the provider's `staleAfterMs`.
 */
export function needsSync(row: SubscriptionRow, now: Date, staleAfterMs: number): boolean {
  const syncedAt = row.syncedAt.getTime();
  if (now.getTime() - syncedAt >= staleAfterMs) return true;
  const boundaries = [row.currentPeriodEnd, row.cancelAt];
  if (row.status === "past_due" && row.currentPeriodStart) {
    boundaries.push(new Date(row.currentPeriodStart.getTime() + PAST_DUE_GRACE_MS));
  }
  return boundaries.some(
    (boundary) =>
      boundary !== null && boundary.getTime() <= now.getTime() && syncedAt < boundary.getTime(),
  );
}

/** True when the user has a subscription the provider still bills (so a new checkout would double it). */
export function hasLiveSubscription(row: SubscriptionRow | undefined, now: Date): boolean {
  if (!row) return false;
  if (entitlementOf(row, now).subscribed) return true;
  return row.status === "past_due" || row.status === "unpaid";
}

type EntitlementSource = {
  status(userId: string): Promise<SubscriptionStatus>;
};

/**
 * Middleware for routes only subscribers may use; mount it after `requireUser`. A signed-in
 * user without Premium gets 403 `subscription_required` in our error envelope. The answer is
 * kept in `c.var.subscription` for the handler.
 */
export function requireSubscription(billing: EntitlementSource) {
  return createMiddleware<{
    Variables: { user: { id: string }; subscription: SubscriptionStatus };
  }>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw new ApiError("unauthorized", "Sign in to continue.");
    const status = await billing.status(user.id);
    if (!status.subscribed) {
      throw new ApiError(
        "subscription_required",
        "This feature needs an active Premium subscription.",
      );
    }
    c.set("subscription", status);
    await next();
  });
}
