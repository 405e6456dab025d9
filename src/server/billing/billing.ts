import type { SubscriptionStatus } from "@/shared/billing";
import type { Logger } from "@/server/logger";
import { entitlementOf, hasLiveSubscription, needsSync, type SubscriptionRow } from "./entitlement";
import type { BillingProvider, BillingUser, Clock } from "./provider";
import type { SubscriptionStore } from "./subscription-store";

/**
 * The billing service the routes use: answers from our own `subscriptions` row (read at each
 * call, see SubscriptionStore), re-syncing from the provider only when the row is stale or the
 * caller asks.
 */
export type Billing = {
  readonly provider: BillingProvider;
  readonly now: Clock;
  status(userId: string, options?: { refresh?: boolean }): Promise<SubscriptionStatus>;
  /** Checkout URL, or the portal URL when the user already has a subscription. */
  checkout(user: BillingUser, origin?: string): Promise<string>;
  portal(user: BillingUser, origin?: string): Promise<string>;
  /** Cancels the user's subscriptions at the provider now (before the account is deleted). */
  cancelNow(userId: string): Promise<void>;
};

export function createBilling(deps: {
  subscriptions: SubscriptionStore;
  provider: BillingProvider;
  logger: Logger;
  now?: Clock;
}): Billing {
  const { subscriptions, provider, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /** Our row for the active provider; rows another provider wrote (e.g. test ones) grant nothing. */
  const read = async (userId: string): Promise<SubscriptionRow | undefined> => {
    const row = await subscriptions.read(userId);
    return row?.provider === provider.kind ? row : undefined;
  };

  const current = async (userId: string, refresh: boolean) => {
    let row = await read(userId);
    if (refresh || (row && needsSync(row, now(), provider.staleAfterMs))) {
      try {
        await provider.sync(userId);
        row = await read(userId);
      } catch (error) {
        // An explicit refresh reports the failure; a background re-sync answers from our copy.
        if (refresh) throw error;
        logger.warn({ err: error, userId }, "subscription re-sync failed; answering from our copy");
      }
    }
    return row;
  };

  return {
    provider,
    now,
    async status(userId, options = {}) {
      return entitlementOf(await current(userId, options.refresh ?? false), now());
    },
    async checkout(user, origin) {
      // Re-sync first: a payment that has not reached us yet must not lead to a second plan.
      const row = await current(user.id, true);
      if (hasLiveSubscription(row, now())) return provider.createPortal(user, origin);
      return provider.createCheckout(user, origin);
    },
    portal: (user, origin) => provider.createPortal(user, origin),
    cancelNow: (userId) => provider.cancelNow(userId),
  };
}
