import type { Config } from "@/server/config";
import type { Database } from "@/server/db/client";
import type { Logger } from "@/server/logger";
import { createBilling, type Billing } from "./billing";
import { createLocalProvider } from "./local-provider";
import type { Clock } from "./provider";
import { createStripeProvider } from "./stripe-provider";
import { createSubscriptionStore } from "./subscription-store";

/** The billing service for this configuration: Stripe when a secret key is set, else local. */
export function createBillingFromConfig(
  config: Config,
  deps: { db: Database; logger: Logger },
  options: { now?: Clock } = {},
): Billing {
  const { db } = deps;
  const now = options.now ?? (() => new Date());
  const logger = deps.logger.child({ module: "billing" });
  const subscriptions = createSubscriptionStore(db);
  const provider =
    config.billing.provider === "stripe"
      ? createStripeProvider({
          db,
          subscriptions,
          settings: config.billing,
          siteUrl: config.siteUrl,
          logger,
          now,
        })
      : createLocalProvider({ db, subscriptions, siteUrl: config.siteUrl, logger, now });
  return createBilling({ subscriptions, provider, logger, now });
}
