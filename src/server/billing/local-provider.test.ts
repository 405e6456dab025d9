import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { requireUser } from "@/server/auth/guard";
import { loadConfig } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import { localPayments } from "@/server/db/schema";
import { ApiError, sendError } from "@/server/http/errors";
import { createLogger } from "@/server/logger";
import { createServices } from "@/server/services";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestDatabase } from "@tests/support/test-database";
import { createTestUser, type TestUser } from "@tests/support/test-users";
import { createBillingFromConfig } from "./create-billing";
import { requireSubscription } from "./entitlement";
import { invoke, pathOf, postForm } from "@tests/support/billing";

const env = {
  SITE_URL: "http://localhost:3000",
  RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000",
};

describe("local billing provider (the built-in test checkout)", () => {
  let t: TestApp;
  let database: DatabaseHandle;
  /** The billing clock; the auth clock stays real. */
  let now = new Date("2027-01-31T10:00:00.000Z");
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));
  const DAY = 24 * 3600 * 1000;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
    const logger = createLogger("silent");
    const services = await createServices(config, database, logger);
    services.billing = createBillingFromConfig(
      config,
      { db: database.db, logger },
      { now: () => now },
    );
    t = await createTestApp({ env, services, database });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  const status = async (user: TestUser, body?: unknown) => {
    const res = await invoke(t, "check-subscription", user.accessToken, body);
    expect(res.status).toBe(200);
    return res.json as {
      subscribed: boolean;
      subscription_tier: string | null;
      subscription_end: string | null;
    };
  };
  const startCheckout = async (user: TestUser) => {
    const res = await invoke(t, "create-checkout", user.accessToken);
    expect(res.status).toBe(200);
    return res.json.url as string;
  };
  const pay = (
    checkoutUrl: string,
    card: Partial<Record<"number" | "expiry" | "cvc", string>> = {},
  ) =>
    postForm(t, pathOf(checkoutUrl), {
      email: "ignored@example.com",
      number: "4242 4242 4242 4242",
      expiry: "12 / 34",
      cvc: "123",
      ...card,
    });
  const subscribe = async (user: TestUser) => {
    const res = await pay(await startCheckout(user));
    expect(res.status).toBe(303);
    return res;
  };
  const openPortal = async (user: TestUser) => {
    const res = await invoke(t, "customer-portal", user.accessToken);
    expect(res.status).toBe(200);
    return res.json.url as string;
  };

  it("starts unsubscribed and serves a clearly marked test checkout for $11.00 a month", async () => {
    const user = await createTestUser(t);
    expect(await status(user)).toEqual({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
    });

    const url = await startCheckout(user);
    expect(url).toMatch(/^http:\/\/localhost:3000\/billing\/checkout\/cs_local_[\w-]{20,}$/);
    const res = await t.app.request(pathOf(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    const html = await res.text();
    expect(html).toContain("TEST MODE");
    expect(html).toContain("Premium — $11.00 / month");
    expect(html).toContain("Pay $11.00");
    expect(html).toMatch(new RegExp(`id="email"[^>]*value="${user.email}"[^>]*readonly`));
    for (const label of ["Email", "Card number", "Expiry", "CVC"])
      expect(html).toContain(`>${label}</label>`);
  });

  it("subscribes with 4242 4242 4242 4242 for one month and sends the user back to /practice", async () => {
    const user = await createTestUser(t);
    const res = await subscribe(user);
    expect(res.location).toBe("/practice?checkout=success");
    expect(await status(user)).toEqual({
      subscribed: true,
      subscription_tier: "Premium",
      // Anchored on 31 January: the first period ends on the last day of February.
      subscription_end: "2027-02-28T10:00:00.000Z",
    });
    const payments = await database.db
      .select()
      .from(localPayments)
      .where(eq(localPayments.userId, user.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: "succeeded",
      amount: 1100,
      cardLast4: "4242",
      cardBrand: "visa",
    });
    // Only the last four digits are kept.
    expect(JSON.stringify(payments)).not.toContain("4242424242424242");
  });

  it("declines 4000 0000 0000 0002 with Stripe's message and leaves the user unsubscribed", async () => {
    const user = await createTestUser(t);
    const url = await startCheckout(user);
    const res = await pay(url, { number: "4000 0000 0000 0002" });
    expect(res.status).toBe(402);
    expect(res.html).toContain("Your card was declined.");
    expect(res.html).toContain('role="alert"');
    expect(res.html).not.toMatch(/name="cvc"[^>]*value="123"/);
    expect((await status(user)).subscribed).toBe(false);

    // The same checkout can be retried with a good card.
    expect((await pay(url)).status).toBe(303);
    expect((await status(user)).subscribed).toBe(true);
  });

  it.each([
    [{ number: "4242 4242 4242 4241" }, "number", "Your card number is invalid."],
    [{ number: "4242 4242" }, "number", "Your card number is incomplete."],
    [{ number: "abcd efgh ijkl mnop" }, "number", "Your card number is invalid."],
    [{ expiry: "01 / 20" }, "expiry", "Your card's expiration year is in the past."],
    [{ expiry: "12 / 26" }, "expiry", "Your card's expiration year is in the past."],
    [{ expiry: "13 / 30" }, "expiry", "Your card's expiration date is invalid."],
    [{ expiry: "1" }, "expiry", "Your card's expiration date is incomplete."],
    [{ cvc: "12" }, "cvc", "Your card's security code is incomplete."],
    [{ cvc: "" }, "cvc", "Your card's security code is incomplete."],
    [{ cvc: "12a" }, "cvc", "Your card's security code is invalid."],
  ])("rejects %o with a field error on %s", async (card, field, message) => {
    const user = await createTestUser(t);
    const res = await pay(await startCheckout(user), card);
    expect(res.status).toBe(400);
    expect(res.html).toContain(message.replace(/'/g, "&#39;"));
    const id = { number: "card-number", expiry: "card-expiry", cvc: "card-cvc" }[field]!;
    expect(res.html).toMatch(
      new RegExp(`id="${id}"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*${id}-error`),
    );
    expect((await status(user)).subscribed).toBe(false);
  });

  it("gives a subscriber the portal instead of a second checkout, and never charges twice", async () => {
    const user = await createTestUser(t);
    const first = await startCheckout(user);
    const second = await startCheckout(user); // two tabs
    await pay(first);
    expect(await startCheckout(user)).toMatch(
      /^http:\/\/localhost:3000\/billing\/portal\/[\w-]{40,}$/,
    );
    // Paying the other open checkout, or the same one again, does not make a second plan.
    expect((await pay(second)).location).toBe("/practice?checkout=success");
    expect((await pay(first)).location).toBe("/practice?checkout=success");
    const payments = await database.db
      .select()
      .from(localPayments)
      .where(eq(localPayments.userId, user.id));
    expect(payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
  });

  it("cancels at period end (Premium until then), resumes, renews monthly and ends after a cancellation", async () => {
    now = new Date("2027-03-31T09:00:00.000Z");
    const user = await createTestUser(t);
    await subscribe(user);
    const portalUrl = await openPortal(user);
    expect(portalUrl).toMatch(/^http:\/\/localhost:3000\/billing\/portal\//);

    let page = await (
      await t.app.request(pathOf(portalUrl), { headers: { "accept-language": "en-US" } })
    ).text();
    expect(page).toContain("Premium — $11.00 / month");
    expect(page).toContain("Renews on");
    expect(page).toContain("April 30, 2027");
    expect(page).toContain("Visa ending in 4242");
    expect(page).toContain("$11.00");
    expect(page).toContain("Cancel subscription");
    expect(page).toContain("Back to practice");

    const cancelled = await postForm(t, `${pathOf(portalUrl)}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`${pathOf(portalUrl)}?notice=canceled`);
    expect(await status(user)).toEqual({
      subscribed: true,
      subscription_tier: "Premium",
      subscription_end: "2027-04-30T09:00:00.000Z",
    });
    page = await (await t.app.request(cancelled.location!)).text();
    expect(page).toContain("Resume subscription");
    expect(page).toContain("You keep Premium until the end of the period");

    expect((await postForm(t, `${pathOf(portalUrl)}/resume`)).status).toBe(303);
    expect((await status(user)).subscription_end).toBe("2027-04-30T09:00:00.000Z");

    // The period passes: renewed for another month (anchored on the 31st), with a second payment.
    advance(31 * DAY);
    expect(await status(user)).toEqual({
      subscribed: true,
      subscription_tier: "Premium",
      subscription_end: "2027-05-31T09:00:00.000Z",
    });
    const payments = await database.db
      .select()
      .from(localPayments)
      .where(eq(localPayments.userId, user.id));
    expect(payments.map((p) => p.description).sort()).toEqual([
      "Premium — first month",
      "Premium — monthly renewal",
    ]);

    // Cancel, and the plan ends at the period end instead of renewing.
    const portal2 = await openPortal(user);
    await postForm(t, `${pathOf(portal2)}/cancel`);
    advance(20 * DAY);
    expect((await status(user)).subscribed).toBe(true);
    advance(15 * DAY);
    expect(await status(user)).toEqual({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
    });
    const after = await database.db
      .select()
      .from(localPayments)
      .where(eq(localPayments.userId, user.id));
    expect(after).toHaveLength(2);
    // An ended plan can be bought again.
    expect(await startCheckout(user)).toMatch(/\/billing\/checkout\//);
  });

  it("answers check-subscription with refresh:true and rejects a malformed body", async () => {
    const user = await createTestUser(t);
    expect((await status(user, { refresh: true })).subscribed).toBe(false);
    expect((await status(user, {})).subscribed).toBe(false);
    const viaGet = await t.app.request("/functions/v1/check-subscription", {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(await viaGet.json()).toEqual({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
    });
    const bad = await invoke(t, "check-subscription", user.accessToken, "{not json");
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("bad_json");
    const wrong = await invoke(t, "check-subscription", user.accessToken, { refresh: "yes" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe("validation_failed");
    expect(wrong.json.error.details).toEqual([{ path: "refresh", message: expect.any(String) }]);
    // Any Content-Type: the body is read as JSON whatever the label says.
    const plain = await t.app.request("/functions/v1/check-subscription", {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "text/plain" },
      body: '{"refresh":false}',
    });
    expect(plain.status).toBe(200);
    const huge = await invoke(t, "check-subscription", user.accessToken, {
      pad: "x".repeat(10_000),
    });
    expect(huge.status).toBe(413);
  });

  it("links back to the address the browser used when it is this server, else to SITE_URL", async () => {
    const user = await createTestUser(t);
    const call = (origin: string) =>
      t.app.request("http://127.0.0.1:3000/functions/v1/create-checkout", {
        method: "POST",
        headers: { authorization: `Bearer ${user.accessToken}`, origin, host: "127.0.0.1:3000" },
      });
    const same = (await (await call("http://127.0.0.1:3000")).json()) as { url: string };
    expect(same.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/billing\/checkout\//);
    const foreign = (await (await call("https://evil.example")).json()) as { url: string };
    expect(foreign.url).toMatch(/^http:\/\/localhost:3000\/billing\/checkout\//);
    // The page's form, posted from that address, is accepted.
    const res = await postForm(
      t,
      pathOf(same.url),
      { number: "4242424242424242", expiry: "12/34", cvc: "123" },
      {
        origin: "http://127.0.0.1:3000",
        host: "127.0.0.1:3000",
      },
    );
    expect(res.status).toBe(303);
  });

  it("has no portal for a user who never started a checkout", async () => {
    const user = await createTestUser(t);
    const res = await invoke(t, "customer-portal", user.accessToken);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("no_customer");
  });

  describe("security", () => {
    it("requires a valid, unexpired bearer token for every billing function", async () => {
      const user = await createTestUser(t);
      for (const name of ["check-subscription", "create-checkout", "customer-portal"]) {
        const none = await invoke(t, name, undefined);
        expect(none.status).toBe(401);
        expect(none.json.error.code).toBe("unauthorized");
        expect((await invoke(t, name, "not-a-jwt")).status).toBe(401);
      }
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(Date.now() + 2 * 3600 * 1000);
        const expired = await invoke(t, "check-subscription", user.accessToken);
        expect(expired.status).toBe(401);
        expect(expired.json.error.code).toBe("unauthorized");
      } finally {
        vi.useRealTimers();
      }
    });

    it("binds a portal link to its user, expires it, and rejects forged links", async () => {
      const alice = await createTestUser(t);
      const bob = await createTestUser(t);
      await subscribe(alice);
      await subscribe(bob);
      const bobPortal = pathOf(await openPortal(bob));

      // Bob's link shows and changes only Bob's subscription.
      const page = await (await t.app.request(bobPortal)).text();
      expect(page).toContain(bob.email);
      expect(page).not.toContain(alice.email);
      await postForm(t, `${bobPortal}/cancel`);
      expect((await status(alice)).subscription_end).not.toBeNull();
      const aliceRow = await status(alice);
      const bobRow = await status(bob);
      expect(aliceRow.subscribed && bobRow.subscribed).toBe(true);
      const alicePortal = pathOf(await openPortal(alice));
      expect(await (await t.app.request(alicePortal)).text()).toContain("Cancel subscription");

      // Forged and expired links get nothing.
      const forged = await t.app.request(
        "/billing/portal/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      );
      expect(forged.status).toBe(404);
      expect((await postForm(t, "/billing/portal/not-a-real-token-at-all/cancel")).status).toBe(
        404,
      );
      advance(31 * 60 * 1000);
      expect((await t.app.request(alicePortal)).status).toBe(410);
      expect((await postForm(t, `${alicePortal}/cancel`)).status).toBe(410);
      expect((await status(alice)).subscribed).toBe(true);
    });

    it("refuses checkout and portal form posts from another origin (CSRF)", async () => {
      const user = await createTestUser(t);
      const url = await startCheckout(user);
      const foreign = await postForm(
        t,
        pathOf(url),
        { number: "4242424242424242", expiry: "12/34", cvc: "123" },
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      );
      expect(foreign.status).toBe(403);
      expect((await status(user)).subscribed).toBe(false);
      const json = await t.app.request(pathOf(url), {
        method: "POST",
        headers: { "content-type": "application/json", origin: t.config.siteUrl },
        body: JSON.stringify({ number: "4242424242424242" }),
      });
      expect(json.status).toBe(415);
    });

    it("shows unknown and expired checkouts as such", async () => {
      expect((await t.app.request("/billing/checkout/cs_local_doesnotexist00000")).status).toBe(
        404,
      );
      expect((await t.app.request("/billing/checkout/<script>")).status).toBe(404);
      const user = await createTestUser(t);
      const url = await startCheckout(user);
      advance(2 * 3600 * 1000);
      expect((await t.app.request(pathOf(url))).status).toBe(410);
      expect((await pay(url)).status).toBe(410);
      expect((await status(user)).subscribed).toBe(false);
    });

    it("lets only subscribers through requireSubscription (403 subscription_required)", async () => {
      const probe = new Hono();
      probe.onError((error, c) =>
        error instanceof ApiError ? sendError(c, error) : c.text("boom", 500),
      );
      probe.post(
        "/probe",
        requireUser(t.services.auth),
        requireSubscription(t.services.billing),
        (c) => c.json({ ok: true }),
      );
      const user = await createTestUser(t);
      const call = (token?: string) =>
        probe.request("/probe", {
          method: "POST",
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });

      expect((await call()).status).toBe(401);
      const denied = await call(user.accessToken);
      expect(denied.status).toBe(403);
      expect(await denied.json()).toEqual({
        error: { code: "subscription_required", message: expect.any(String) },
      });
      await subscribe(user);
      const allowed = await call(user.accessToken);
      expect(allowed.status).toBe(200);
      expect(await allowed.json()).toEqual({ ok: true });
    });
  });
});
