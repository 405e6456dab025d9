import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { premiumPlan } from "@/shared/billing";
import type { Database } from "@/server/db/client";
import { customers } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import type { Logger } from "@/server/logger";
import {
  callWithRetries,
  Deadline,
  ProviderBusyError,
  retryAfterMs,
  type RetryVerdict,
} from "@/server/provider-calls";
import { bestSubscription } from "./entitlement";
import type { BillingProvider, BillingUser, Clock } from "./provider";
import {
  readCustomer,
  userIdForCustomer,
  type SubscriptionSnapshot,
  type SubscriptionStore,
} from "./subscription-store";

/**
 * Stripe Checkout, Billing Portal and subscription sync (docs/contracts/billing.md). Stripe holds the
 * truth; `sync` copies the customer's best subscription into our row, from the webhook and
 * eagerly when the user returns from checkout or asks for a refresh
 * (docs/decisions/0043-stripe-sync.md).
 */

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  priceId: string | undefined;
  apiBase: string | undefined;
};

export type StripeProvider = BillingProvider & {
  readonly kind: "stripe";
  readonly stripe: Stripe;
  readonly webhookSecret: string;
  /** Re-reads one Stripe customer's subscriptions into our row; unknown customers are ignored. */
  syncCustomer(customerId: string): Promise<"synced" | "unknown_customer">;
};

/**
 * A Stripe call, retries included, ends within this: the user is waiting on a button
 * (docs/decisions/0066-provider-deadlines.md).
 */
const STRIPE_DEADLINE_MS = 15_000;

function createStripeClient(settings: Pick<StripeSettings, "secretKey" | "apiBase">): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    // Ours, inside the deadline (`call` below): the SDK's retries would add their own waits.
    maxNetworkRetries: 0,
    timeout: STRIPE_DEADLINE_MS,
    appInfo: { name: "interview-coach" },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? "443" : "80"),
      protocol: base.protocol === "http:" ? "http" : "https",
    }),
  });
}

/** 429, 5xx and connection failures may succeed on another try, unless Stripe says not to. */
function retryableStripeError(error: unknown): RetryVerdict {
  if (!(error instanceof Stripe.errors.StripeError)) return { retry: false };
  if (error.headers?.["stripe-should-retry"] === "false") return { retry: false };
  const status = error.statusCode;
  const retry =
    error instanceof Stripe.errors.StripeConnectionError ||
    status === 429 ||
    (status !== undefined && status >= 500);
  if (!retry) return { retry: false };
  const header = error.headers?.["retry-after"];
  return {
    retry: true,
    afterMs: retryAfterMs({ get: (name) => (name === "retry-after" ? (header ?? null) : null) }),
  };
}

/** Our error for a failed Stripe call: the user sees a retryable message, the log the details. */
function stripeFailure(error: unknown, logger: Logger, action: string): unknown {
  if (error instanceof ProviderBusyError) {
    logger.warn({ retryAfterSeconds: error.retryAfterSeconds }, `stripe busy: ${action}`);
    return new ApiError(
      "unavailable",
      `Billing is busy right now. Please try again in ${error.retryAfterSeconds} seconds.`,
      { headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const detail = {
    type: error.type,
    code: error.code,
    status: error.statusCode,
    requestId: error.requestId,
  };
  if (error instanceof Stripe.errors.StripeRateLimitError || error.statusCode === 429) {
    logger.warn(detail, `stripe rate-limited ${action}`);
    return new ApiError("unavailable", "Billing is busy right now. Please try again in a moment.", {
      headers: { "Retry-After": "2" },
    });
  }
  const upstream = error.statusCode === undefined || error.statusCode >= 500;
  // A 4xx from Stripe means our request or our configuration is wrong, not the user's input.
  logger[upstream ? "warn" : "error"](
    { ...detail, message: error.message },
    `stripe failed to ${action}`,
  );
  return new ApiError(
    upstream ? "bad_gateway" : "billing_provider_error",
    upstream
      ? "The payment provider is not responding. Please try again in a moment."
      : "The payment provider refused the request. Please try again later.",
  );
}

function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot {
  // Current API versions keep the period on the item, not on the subscription.
  const item = sub.items.data[0];
  const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
  const customerId = typeof sub.customer === "string" ? sub.customer : sub.customer.id;
  return {
    provider: "stripe",
    subscriptionId: sub.id,
    customerId,
    status: sub.status,
    priceId: item?.price.id ?? null,
    currentPeriodStart: seconds(item?.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAt:
      seconds(sub.cancel_at) ??
      (sub.cancel_at_period_end ? seconds(item?.current_period_end) : null),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

export function createStripeProvider(deps: {
  db: Database;
  /** Our copy of each user's subscription, which `sync` writes. */
  subscriptions: SubscriptionStore;
  settings: StripeSettings;
  siteUrl: string;
  logger: Logger;
  now: Clock;
  stripe?: Stripe;
}): StripeProvider {
  const { db, settings, siteUrl, logger, now } = deps;
  const stripe = deps.stripe ?? createStripeClient(settings);

  // Against a stand-in (`STRIPE_API_BASE`), every failure is the one the test scripted.
  const maxRetries = settings.apiBase ? 0 : 2;
  /** One Stripe call: retried on 429, 5xx and lost connections, every attempt within the deadline. */
  const call = async <T>(
    action: string,
    fn: (options: { timeout: number }) => Promise<T>,
  ): Promise<T> => {
    const deadline = new Deadline(STRIPE_DEADLINE_MS);
    try {
      return await callWithRetries({
        deadline,
        maxRetries,
        classify: retryableStripeError,
        attempt: () => fn({ timeout: Math.max(1, deadline.remainingMs()) }),
      });
    } catch (error) {
      throw stripeFailure(error, logger, action);
    } finally {
      deadline.clear();
    }
  };

  /** One Stripe customer per user, made once: the idempotency key absorbs concurrent requests. */
  const ensureCustomer = async (user: BillingUser): Promise<string> => {
    const existing = await readCustomer(db, user.id);
    if (existing?.provider === "stripe") return existing.customerId;
    const customer = await call("create a customer", (options) =>
      stripe.customers.create(
        { email: user.email, metadata: { user_id: user.id } },
        { ...options, idempotencyKey: `customer-for-user-${user.id}` },
      ),
    );
    if (existing) {
      // The user had a local test customer from before Stripe was configured.
      await db
        .update(customers)
        .set({ provider: "stripe", customerId: customer.id })
        .where(eq(customers.userId, user.id));
      return customer.id;
    }
    await db
      .insert(customers)
      .values({ userId: user.id, provider: "stripe", customerId: customer.id })
      .onConflictDoNothing();
    const stored = await readCustomer(db, user.id);
    return stored?.customerId ?? customer.id;
  };

  const syncCustomer = async (customerId: string): Promise<"synced" | "unknown_customer"> => {
    const userId = await userIdForCustomer(db, "stripe", customerId);
    if (!userId) return "unknown_customer";
    const list = await call("list subscriptions", (options) =>
      stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100 }, options),
    );
    const best = bestSubscription(list.data, (sub) => sub.created);
    await deps.subscriptions.write(userId, best ? snapshotOf(best) : null, now());
    return "synced";
  };

  return {
    kind: "stripe",
    stripe,
    webhookSecret: settings.webhookSecret,
    // Webhooks keep our row current; an hourly re-read covers a lost or misconfigured webhook.
    staleAfterMs: 60 * 60 * 1000,
    syncCustomer,

    async sync(userId) {
      const customer = await readCustomer(db, userId);
      if (customer?.provider !== "stripe") return;
      await syncCustomer(customer.customerId);
    },

    async createCheckout(user, origin = siteUrl) {
      const customer = await ensureCustomer(user);
      const lineItem = settings.priceId
        ? { price: settings.priceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: premiumPlan.currency,
              unit_amount: premiumPlan.amount,
              recurring: { interval: premiumPlan.interval },
              product_data: { name: `Interview Coach ${premiumPlan.tier}` },
            },
          };
      const session = await call("create a checkout session", (options) =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer,
            line_items: [lineItem],
            client_reference_id: user.id,
            subscription_data: { metadata: { user_id: user.id } },
            success_url: `${origin}/practice?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${origin}/practice?checkout=cancelled`,
          },
          options,
        ),
      );
      if (!session.url)
        throw new ApiError("bad_gateway", "The payment provider returned no checkout page.");
      return session.url;
    },

    async cancelNow(userId) {
      const customer = await readCustomer(db, userId);
      if (customer?.provider !== "stripe") return;
      const list = await call("list subscriptions", (options) =>
        stripe.subscriptions.list(
          { customer: customer.customerId, status: "all", limit: 100 },
          options,
        ),
      );
      for (const sub of list.data) {
        if (sub.status === "canceled" || sub.status === "incomplete_expired") continue;
        // Now, not at period end; no proration credit and no final invoice: nothing more to pay.
        await call("cancel a subscription", (options) =>
          stripe.subscriptions.cancel(sub.id, { invoice_now: false, prorate: false }, options),
        );
        logger.info({ userId, subscriptionId: sub.id }, "stripe subscription cancelled now");
      }
    },

    async createPortal(user, origin = siteUrl) {
      const customer = await readCustomer(db, user.id);
      if (customer?.provider !== "stripe") {
        throw new ApiError(
          "no_customer",
          "There is no subscription to manage yet: subscribe first.",
        );
      }
      const session = await call("create a portal session", (options) =>
        stripe.billingPortal.sessions.create(
          { customer: customer.customerId, return_url: `${origin}/practice` },
          options,
        ),
      );
      return session.url;
    },
  };
}
