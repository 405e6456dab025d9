import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { createBilling, type Billing } from "./billing";
import { createLocalProvider } from "./local-provider";
import type { Clock } from "./provider";
import { createStripeProvider } from "./stripe-provider";

/** The billing service for this configuration: Stripe when a secret key is set, else local. */
export function createBillingFromConfig(
  config: Config,
  db: Database,
  logger: Logger,
  options: { now?: Clock } = {},
): Billing {
  const now = options.now ?? (() => new Date());
  const log = logger.child({ module: "billing" });
  const provider =
    config.billing.provider === "stripe"
      ? createStripeProvider({
          db,
          settings: config.billing,
          siteUrl: config.siteUrl,
          logger: log,
          now,
        })
      : createLocalProvider({ db, siteUrl: config.siteUrl, logger: log, now });
  return createBilling({ db, provider, logger: log, now });
}
