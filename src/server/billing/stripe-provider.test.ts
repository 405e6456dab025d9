import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { customers, subscriptions, webhookEvents } from "@/server/db/schema";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";
import { FakeStripe } from "@tests/support/fake-stripe";
import { invoke } from "@tests/support/billing";

const WEBHOOK_SECRET = "whsec_test_secret";
const DAY = 24 * 3600;

describe("Stripe provider against a wire-compatible fake Stripe (real SDK, no network)", () => {
  let fake: FakeStripe;
  let t: TestApp;
  /** The real SDK, used only to sign webhook payloads offline as Stripe does. */
  const signer = new Stripe("sk_test_fake");

  beforeAll(async () => {
    fake = new FakeStripe("sk_test_fake");
    const { url } = await fake.start();
    t = await createTestApp({
      env: {
        SITE_URL: "https://coach.example",
        RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000",
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => {
    fake.latencyMs = 0;
  });

  const deliver = async (payload: string, header?: string) => {
    const res = await t.app.request("/billing/stripe/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature":
          header ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const status = async (user: TestUser, refresh = false) => {
    const res = await invoke(
      t,
      "check-subscription",
      user.accessToken,
      refresh ? { refresh: true } : undefined,
    );
    expect(res.status).toBe(200);
    return res.json;
  };
  const checkout = async (user: TestUser) => {
    const res = await invoke(t, "create-checkout", user.accessToken);
    expect(res.status).toBe(200);
    const sessionId = /\/(cs_test_\w+)$/.exec(res.json.url as string)?.[1];
    return { url: res.json.url as string, sessionId: sessionId! };
  };
  const subscribed = async (user: TestUser) => {
    const { sessionId } = await checkout(user);
    const { subscription, session } = fake.completeCheckout(sessionId);
    return { subscription, session };
  };
  const subscriptionListCalls = () =>
    fake.requests.filter((r) => r.path === "/v1/subscriptions").length;

  it("creates one customer per user, then a subscription Checkout with the contract's parameters", async () => {
    const user = await createTestUser(t);
    const { url, sessionId } = await checkout(user);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    const customerCall = fake.requests.find(
      (r) =>
        r.path === "/v1/customers" &&
        (r.body.metadata as Record<string, string>).user_id === user.id,
    )!;
    expect(customerCall.idempotencyKey).toBe(`customer-for-user-${user.id}`);
    expect(customerCall.body.email).toBe(user.email);
    const [stored] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.userId, user.id));
    expect(stored).toMatchObject({ provider: "stripe" });

    const sessionCall = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(sessionCall.body).toEqual({
      mode: "subscription",
      customer: stored!.customerId,
      client_reference_id: user.id,
      subscription_data: { metadata: { user_id: user.id } },
      line_items: [
        {
          quantity: "1",
          price_data: {
            currency: "usd",
            unit_amount: "1100",
            recurring: { interval: "month" },
            product_data: { name: "Interview Coach Premium" },
          },
        },
      ],
      success_url:
        "https://coach.example/practice?checkout=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://coach.example/practice?checkout=cancelled",
    });
    expect(sessionCall.body).not.toHaveProperty("customer_email");
    expect(sessionCall.body).not.toHaveProperty("payment_method_types");

    // A second checkout reuses the stored customer.
    await checkout(user);
    const created = fake.requests.filter(
      (r) =>
        r.path === "/v1/customers" &&
        (r.body.metadata as Record<string, string>).user_id === user.id,
    );
    expect(created).toHaveLength(1);
  });

  it("never creates two customers under concurrent create-checkout calls", async () => {
    const user = await createTestUser(t);
    fake.latencyMs = 40;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => invoke(t, "create-checkout", user.accessToken)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const forUser = [...fake.customers.values()].filter(
      (c) => (c.metadata as Record<string, string>).user_id === user.id,
    );
    expect(forUser).toHaveLength(1);
    const rows = await t.database.db.select().from(customers).where(eq(customers.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ customerId: forUser[0]!.id })]);
  });

  it("shows Premium on return from Checkout before the webhook arrives (refresh), then absorbs the webhook", async () => {
    const user = await createTestUser(t);
    const { subscription } = await subscribed(user);
    // No webhook yet and no refresh: our copy does not know.
    expect((await status(user)).subscribed).toBe(false);
    // The success page asks for a refresh: synced eagerly from Stripe.
    const periodEnd = new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString();
    expect(await status(user, true)).toEqual({
      subscribed: true,
      subscription_tier: "Premium",
      subscription_end: periodEnd,
    });
    const res = await deliver(
      fake.event("checkout.session.completed", {
        object: "checkout.session",
        customer: subscription.customer,
      }),
    );
    expect(res).toEqual({ status: 200, json: { received: true } });
    expect((await status(user)).subscription_end).toBe(periodEnd);
    // An existing subscriber asking for a checkout gets the portal instead.
    expect((await invoke(t, "create-checkout", user.accessToken)).json.url).toMatch(
      /^https:\/\/billing\.stripe\.com\//,
    );
  });

  it("syncs from the webhook alone, skips duplicate deliveries, and is immune to event order", async () => {
    const user = await createTestUser(t);
    const { subscription } = await subscribed(user);
    const created = fake.event("customer.subscription.created", subscription);

    expect((await deliver(created)).status).toBe(200);
    expect((await status(user)).subscribed).toBe(true);

    // The same event again is acknowledged without another read from Stripe.
    const before = subscriptionListCalls();
    expect(await deliver(created)).toEqual({
      status: 200,
      json: { received: true, duplicate: true },
    });
    expect(subscriptionListCalls()).toBe(before);

    // The subscription ends; the "deleted" event arrives before a late "updated" event that
    // still carries the old, active state: we re-read Stripe, so the older event cannot revive it.
    const stale = structuredClone(subscription);
    fake.updateSubscription(subscription.id, { status: "canceled" });
    expect((await deliver(fake.event("customer.subscription.deleted", subscription))).status).toBe(
      200,
    );
    expect((await status(user)).subscribed).toBe(false);
    expect((await deliver(fake.event("customer.subscription.updated", stale))).status).toBe(200);
    expect((await status(user)).subscribed).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(row?.status).toBe("canceled");
  });

  it("keeps Premium until the period end after a cancellation at period end", async () => {
    const user = await createTestUser(t);
    const { subscription } = await subscribed(user);
    const end = subscription.items.data[0]!.current_period_end;
    fake.updateSubscription(subscription.id, { cancel_at_period_end: true });
    expect((await deliver(fake.event("customer.subscription.updated", subscription))).status).toBe(
      200,
    );
    expect(await status(user)).toEqual({
      subscribed: true,
      subscription_tier: "Premium",
      subscription_end: new Date(end * 1000).toISOString(),
    });
    // cancel_at, when set, is the end even if it differs from the period end.
    fake.updateSubscription(subscription.id, { cancel_at: end - 5 * DAY });
    await deliver(fake.event("customer.subscription.updated", subscription));
    expect((await status(user)).subscription_end).toBe(
      new Date((end - 5 * DAY) * 1000).toISOString(),
    );
  });

  it("applies the past_due grace period: 3 days from the unpaid renewal, then the portal to fix the card", async () => {
    const user = await createTestUser(t);
    const { subscription } = await subscribed(user);
    const renewal = Math.floor(Date.now() / 1000) - 1 * DAY;
    fake.updateSubscription(subscription.id, {
      status: "past_due",
      currentPeriodStart: renewal,
      currentPeriodEnd: renewal + 30 * DAY,
    });
    await deliver(
      fake.event("invoice.payment_failed", { object: "invoice", customer: subscription.customer }),
    );
    expect((await status(user)).subscribed).toBe(true);

    fake.updateSubscription(subscription.id, { currentPeriodStart: renewal - 3 * DAY });
    await deliver(
      fake.event("invoice.payment_failed", { object: "invoice", customer: subscription.customer }),
    );
    expect((await status(user)).subscribed).toBe(false);
    // Still billed by Stripe: a new checkout would double it, so the user is sent to the portal.
    expect((await invoke(t, "create-checkout", user.accessToken)).json.url).toMatch(
      /billing\.stripe\.com/,
    );

    // Paid after all: active again.
    fake.updateSubscription(subscription.id, { status: "active" });
    await deliver(
      fake.event("invoice.paid", { object: "invoice", customer: subscription.customer }),
    );
    expect((await status(user)).subscribed).toBe(true);
  });

  it("prefers an active subscription over a newer canceled one", async () => {
    const user = await createTestUser(t);
    const { subscription } = await subscribed(user);
    fake.createSubscription(subscription.customer, {
      status: "canceled",
      created: subscription.created + 10,
    });
    expect((await status(user, true)).subscribed).toBe(true);
  });

  it("rejects bad, stale and missing signatures with 400 and changes nothing", async () => {
    const user = await createTestUser(t);
    const { subscription } = await subscribed(user);
    const payload = fake.event("customer.subscription.created", subscription);
    const wrongSecret = signer.webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_other",
    });
    expect(await deliver(payload, wrongSecret)).toEqual({
      status: 400,
      json: {
        error: {
          code: "invalid_signature",
          message: expect.any(String),
          requestId: expect.any(String),
        },
      },
    });
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await deliver(payload, stale)).status).toBe(400);
    // A body altered after signing.
    const signed = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await deliver(payload.replace("active", "trialing"), signed)).status).toBe(400);
    const missing = await t.app.request("/billing/stripe/webhook", {
      method: "POST",
      body: payload,
    });
    expect(missing.status).toBe(400);
    expect((await status(user)).subscribed).toBe(false);
    const events = await t.database.db.select().from(webhookEvents);
    expect(events.find((e) => payload.includes(e.id))).toBeUndefined();
  });

  it("answers 5xx while the sync fails so Stripe redelivers, and records the event only once handled", async () => {
    const user = await createTestUser(t);
    const { subscription } = await subscribed(user);
    const payload = fake.event("customer.subscription.created", subscription);
    fake.failNext(500);
    const failed = await deliver(payload);
    expect(failed.status).toBe(502);
    expect((await status(user)).subscribed).toBe(false);
    expect((await deliver(payload)).status).toBe(200);
    expect((await status(user)).subscribed).toBe(true);
  });

  it("ignores events it does not handle and customers that are not ours", async () => {
    expect(
      (await deliver(fake.event("charge.refunded", { object: "charge", customer: "cus_x" }))).json,
    ).toEqual({
      received: true,
      handled: false,
    });
    expect(
      (
        await deliver(
          fake.event("customer.subscription.updated", {
            object: "subscription",
            customer: "cus_unknown",
          }),
        )
      ).status,
    ).toBe(200);
  });

  it("maps Stripe failures to our errors: 5xx → 502, 4xx → 502 billing_provider_error, 429 → 503", async () => {
    const user = await createTestUser(t);
    fake.failNext(500);
    let res = await invoke(t, "create-checkout", user.accessToken);
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe("bad_gateway");
    fake.failNext(400, { message: "No such price: 'price_x'", code: "resource_missing" });
    res = await invoke(t, "create-checkout", user.accessToken);
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe("billing_provider_error");
    expect(res.text).not.toContain("price_x");
    fake.failNext(429);
    res = await invoke(t, "create-checkout", user.accessToken);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    // The user's explicit refresh reports the failure; a background re-sync of a stale row
    // answers from our copy.
    await subscribed(user);
    expect((await status(user, true)).subscribed).toBe(true);
    fake.failNext(503);
    expect(
      (await invoke(t, "check-subscription", user.accessToken, { refresh: true })).status,
    ).toBe(502);
    await t.database.db
      .update(subscriptions)
      .set({ syncedAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(subscriptions.userId, user.id));
    fake.failNext(503);
    const fromCopy = await invoke(t, "check-subscription", user.accessToken);
    expect(fromCopy.status).toBe(200);
    expect(fromCopy.json.subscribed).toBe(true);
    expect(fake.pendingFailures).toBe(0);
  });

  it("opens the Billing Portal for a customer, 404 no_customer otherwise", async () => {
    const stranger = await createTestUser(t);
    const none = await invoke(t, "customer-portal", stranger.accessToken);
    expect(none.status).toBe(404);
    expect(none.json.error.code).toBe("no_customer");
    const user = await createTestUser(t);
    await checkout(user);
    const res = await invoke(t, "customer-portal", user.accessToken);
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const call = fake.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1)!;
    expect(call.body.return_url).toBe("https://coach.example/practice");
  });

  it("does not serve the local test checkout when Stripe is the provider", async () => {
    expect(
      (await t.app.request("/billing/checkout/cs_local_abcdefghijklmnop", { method: "POST" }))
        .status,
    ).toBe(404);
  });
});
