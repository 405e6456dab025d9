import { bodyLimit } from "@/server/http/body-limit";
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { webhookEvents } from "@/server/db/schema";
import type { AppEnv } from "@/server/http/env";
import type { Services } from "@/server/services";
import { ApiError, payloadTooLarge } from "@/server/http/errors";
import type { StripeProvider } from "./stripe-provider";

/** Events that can change a customer's subscription; each one triggers a full re-read. */
const subscriptionEvents = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_failed",
]);

/** The customer an event is about, for the event types above. */
function customerOfEvent(event: Stripe.Event): string | undefined {
  const object = event.data.object as { customer?: string | { id: string } | null };
  const customer = object.customer;
  if (!customer) return undefined;
  return typeof customer === "string" ? customer : customer.id;
}

/**
 * `POST /billing/stripe/webhook`: verifies the signature on the raw body, skips events already
 * handled, re-reads the customer's subscriptions from Stripe (so delivery order never matters)
 * and answers 2xx only once our row is written — a failure makes Stripe deliver again.
 */
export function stripeWebhookRoutes(services: Services) {
  const provider = services.billing.provider as StripeProvider;
  if (provider.kind !== "stripe") throw new Error("stripeWebhookRoutes needs the Stripe provider");
  const { db } = services.database;
  const router = new Hono<AppEnv>();

  router.post(
    "/webhook",
    bodyLimit(512 * 1024, () => {
      throw payloadTooLarge("Webhook payload too large");
    }),
    async (c) => {
      const signature = c.req.header("stripe-signature");
      if (!signature) throw new ApiError("invalid_signature", "Missing Stripe-Signature header");
      const payload = Buffer.from(await c.req.arrayBuffer());
      let event: Stripe.Event;
      try {
        event = provider.stripe.webhooks.constructEvent(payload, signature, provider.webhookSecret);
      } catch {
        throw new ApiError("invalid_signature", "Webhook signature verification failed");
      }
      const log = c.var.log.child({ eventId: event.id, eventType: event.type });

      if (!subscriptionEvents.has(event.type)) return c.json({ received: true, handled: false });
      const [seen] = await db
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(eq(webhookEvents.id, event.id))
        .limit(1);
      if (seen) return c.json({ received: true, duplicate: true });

      const customerId = customerOfEvent(event);
      if (customerId) {
        const result = await provider.syncCustomer(customerId);
        if (result === "unknown_customer")
          log.warn("stripe webhook for a customer we do not know; ignored");
        else log.info("stripe webhook synced");
      }
      await db
        .insert(webhookEvents)
        .values({ id: event.id, provider: "stripe", type: event.type })
        .onConflictDoNothing();
      return c.json({ received: true });
    },
  );

  return router;
}
