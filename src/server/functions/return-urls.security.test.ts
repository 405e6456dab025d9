import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe } from "@tests/support/fake-stripe";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * Checkout and portal pages send the payer back to SITE_URL, never to a Host or Origin the
 * caller chose: otherwise anyone could make a real Stripe page that ends on their own site.
 */
let fake: FakeStripe;
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  fake = new FakeStripe("sk_test_fake");
  const { url } = await fake.start();
  t = await createTestApp({
    env: {
      SITE_URL: "https://coach.example.com",
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
      STRIPE_API_BASE: url,
    },
  });
  user = await createTestUser(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

/** `name` called as a caller that names another site in Host and Origin. */
const hostileCall = (name: string) =>
  t.app.request(`https://evil.example/functions/v1/${name}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      host: "evil.example",
      // http: the scheme the server itself is reached by, behind a proxy that ends TLS
      origin: "http://evil.example",
    },
  });
const lastCall = (path: string) => fake.requests.filter((r) => r.path === path).at(-1)!;

describe("return addresses with a hostile Host and Origin", () => {
  it("are SITE_URL's on a checkout", async () => {
    expect((await hostileCall("create-checkout")).status).toBe(200);
    const call = lastCall("/v1/checkout/sessions");
    expect(call.body.success_url).toBe(
      "https://coach.example.com/practice?checkout=success&session_id={CHECKOUT_SESSION_ID}",
    );
    expect(call.body.cancel_url).toBe("https://coach.example.com/practice?checkout=cancelled");
  });

  it("are SITE_URL's on the billing portal", async () => {
    expect((await hostileCall("customer-portal")).status).toBe(200);
    expect(lastCall("/v1/billing_portal/sessions").body.return_url).toBe(
      "https://coach.example.com/practice",
    );
  });
});
