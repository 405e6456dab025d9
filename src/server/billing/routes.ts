import { Hono } from "hono";
import type { AppEnv } from "@/server/http/env";
import type { Services } from "@/server/services";
import { localBillingRoutes } from "./local-routes";
import { stripeWebhookRoutes } from "./stripe-webhook";

/**
 * Everything under `/billing`: the Stripe webhook when Stripe is the provider, the built-in
 * checkout and portal pages when the local provider is.
 */
export function billingRoutes(services: Services) {
  const router = new Hono<AppEnv>();
  if (services.billing.provider.kind === "stripe") {
    router.route("/stripe", stripeWebhookRoutes(services));
  } else {
    router.route("/", localBillingRoutes(services));
  }
  return router;
}
