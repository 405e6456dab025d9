import { Hono } from "hono";
import type { AppEnv } from "../app";
import type { Database } from "../db/client";
import type { Billing } from "./billing";
import type { LocalProvider } from "./local-provider";
import { localBillingRoutes } from "./local-routes";
import type { StripeProvider } from "./stripe-provider";
import { stripeWebhookRoutes } from "./stripe-webhook";

/**
 * Everything under `/billing`: the Stripe webhook when Stripe is the provider, the built-in
 * checkout and portal pages when the local provider is.
 */
export function billingRoutes(billing: Billing, db: Database, siteUrl: string) {
  const router = new Hono<AppEnv>();
  const provider = billing.provider as StripeProvider | LocalProvider;
  if (provider.kind === "stripe") router.route("/stripe", stripeWebhookRoutes(provider, db));
  else router.route("/", localBillingRoutes(provider, siteUrl));
  return router;
}
