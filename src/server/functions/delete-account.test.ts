import { randomUUID } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  attempts,
  customers,
  identities,
  localCheckoutSessions,
  localPayments,
  localPortalSessions,
  localSubscriptions,
  oneTimeTokens,
  outboxMails,
  refreshTokens,
  sessions,
  subscriptions,
  users,
} from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import { invoke } from "@tests/support/billing";
import { FakeStripe } from "@tests/support/fake-stripe";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * Closing an account (POST /functions/v1/delete-account) and changing the password from the
 * account page (PUT /auth/v1/user with current_password), through the real app on both billing
 * providers; Stripe through the fake that speaks its wire format (docs/decisions/0071).
 */
const env = {
  RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000",
  RATE_LIMIT_EMAIL_SENT: "10000",
  RATE_LIMIT_VERIFY: "10000",
};

const close = (t: TestApp, user: TestUser, confirm: { email?: string; password?: string } = {}) =>
  invoke(t, "delete-account", user.accessToken, {
    email: confirm.email ?? user.email,
    password: confirm.password ?? user.password,
  });

const auth = (t: TestApp, path: string, init: RequestInit = {}) =>
  t.app.request(`/auth/v1${path}`, {
    ...init,
    headers: { "content-type": "application/json", ...init.headers },
  });

const signIn = (t: TestApp, email: string, password: string) =>
  auth(t, "/token?grant_type=password", {
    method: "POST",
    body: JSON.stringify({ email, password }),
  });

/** How many rows of the user each table holds (the outbox by address). */
async function rowsOf(t: TestApp, user: TestUser) {
  const db = t.database.db;
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
  const sessionIds = (
    await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))
  ).map((row) => row.id);
  return {
    users: await n(db.select({ n: count() }).from(users).where(eq(users.id, user.id))),
    identities: await n(
      db.select({ n: count() }).from(identities).where(eq(identities.userId, user.id)),
    ),
    sessions: sessionIds.length,
    refreshTokens:
      sessionIds.length === 0
        ? 0
        : await n(
            db
              .select({ n: count() })
              .from(refreshTokens)
              .where(inArray(refreshTokens.sessionId, sessionIds)),
          ),
    oneTimeTokens: await n(
      db.select({ n: count() }).from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id)),
    ),
    outboxMails: await n(
      db.select({ n: count() }).from(outboxMails).where(eq(outboxMails.to, user.email)),
    ),
    customers: await n(
      db.select({ n: count() }).from(customers).where(eq(customers.userId, user.id)),
    ),
    subscriptions: await n(
      db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ),
    localCheckoutSessions: await n(
      db
        .select({ n: count() })
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.userId, user.id)),
    ),
    localSubscriptions: await n(
      db
        .select({ n: count() })
        .from(localSubscriptions)
        .where(eq(localSubscriptions.userId, user.id)),
    ),
    localPayments: await n(
      db.select({ n: count() }).from(localPayments).where(eq(localPayments.userId, user.id)),
    ),
    localPortalSessions: await n(
      db
        .select({ n: count() })
        .from(localPortalSessions)
        .where(eq(localPortalSessions.userId, user.id)),
    ),
    attempts: await n(db.select({ n: count() }).from(attempts).where(eq(attempts.userId, user.id))),
  };
}

const none = (rows: Record<string, number>) =>
  Object.fromEntries(Object.keys(rows).map((table) => [table, 0]));

/** A scored attempt, as evaluate-answer stores one. */
const addAttempt = (t: TestApp, user: TestUser) =>
  t.database.db.insert(attempts).values({
    userId: user.id,
    question: "Tell me about yourself.",
    transcript: "I build things.",
    transcriber: "typed",
    evaluator: "offline",
    approximate: true,
    overall: 3,
    clarity: 3,
    relevance: 3,
    timing: 3,
    strengths: [],
    improvements: [],
    summary: "Fine.",
  });

/** A reset mail (one-time token and outbox mail) for the user. */
async function askForReset(t: TestApp, user: TestUser) {
  const res = await auth(t, "/recover", {
    method: "POST",
    body: JSON.stringify({ email: user.email }),
  });
  expect(res.status).toBe(200);
  await vi.waitFor(async () => expect((await rowsOf(t, user)).outboxMails).toBe(1));
}

/** Nothing of the user changed since `before`, and they are still a subscriber. */
async function expectUntouched(t: TestApp, user: TestUser, before: Record<string, number>) {
  expect(await rowsOf(t, user)).toEqual(before);
  expect((await invoke(t, "check-subscription", user.accessToken)).json.subscribed).toBe(true);
}

/** The deleted user's tokens and password no longer work anywhere on `t`. */
async function expectGone(t: TestApp, user: TestUser) {
  expect((await invoke(t, "check-subscription", user.accessToken)).status).toBe(401);
  const me = await auth(t, "/user", { headers: { authorization: `Bearer ${user.accessToken}` } });
  expect(me.status).toBe(403);
  const refreshed = await auth(t, "/token?grant_type=refresh_token", {
    method: "POST",
    body: JSON.stringify({ refresh_token: user.refreshToken }),
  });
  expect(refreshed.status).toBe(400);
  expect((await signIn(t, user.email, user.password)).status).toBe(400);
}

describe("delete-account on the local billing provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
    expect(t.services.billing.provider.kind).toBe("local");
  });
  afterAll(() => t?.close());

  it("cancels the subscription first, then deletes every row of the user; the token is refused at once", async () => {
    const user = await createTestUser(t);
    await subscribeTestUser(t, user);
    expect((await invoke(t, "check-subscription", user.accessToken)).json.subscribed).toBe(true);
    expect((await invoke(t, "customer-portal", user.accessToken)).status).toBe(200);
    await addAttempt(t, user);
    await askForReset(t, user);
    const before = await rowsOf(t, user);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    // What the provider holds when the deletion starts: the subscription, already cancelled.
    const cancelNow = t.services.billing.cancelNow;
    let atDeletion: string[] = [];
    t.services.billing.cancelNow = async (userId) => {
      await cancelNow(userId);
      atDeletion = (
        await t.database.db
          .select({ status: localSubscriptions.status })
          .from(localSubscriptions)
          .where(eq(localSubscriptions.userId, userId))
      ).map((row) => row.status);
    };
    try {
      const res = await close(t, user, { email: `  ${user.email.toUpperCase()} ` });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ deleted: true });
    } finally {
      t.services.billing.cancelNow = cancelNow;
    }
    expect(atDeletion).toEqual(["canceled"]);
    expect(await rowsOf(t, user)).toEqual(none(before));
    await expectGone(t, user);
  });

  it("signs out every session of the user, not only the one that asked", async () => {
    const user = await createTestUser(t);
    const other = await signIn(t, user.email, user.password);
    const { access_token } = (await other.json()) as { access_token: string };
    expect((await close(t, user)).status).toBe(200);
    expect((await invoke(t, "check-subscription", access_token)).status).toBe(401);
  });

  it("closes the account of a user who never subscribed", async () => {
    const user = await createTestUser(t);
    expect((await close(t, user)).status).toBe(200);
    await expectGone(t, user);
  });

  it("refuses a wrong password or another email with 400 invalid_credentials and deletes nothing", async () => {
    const user = await createTestUser(t);
    await subscribeTestUser(t, user);
    const before = await rowsOf(t, user);
    for (const confirm of [
      { password: `${user.password}x` },
      { email: `someone-else-${randomUUID()}@example.com` },
    ]) {
      const res = await close(t, user, confirm);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("invalid_credentials");
    }
    await expectUntouched(t, user, before);
  });

  it("refuses missing fields (400 validation_failed) and a missing token (401)", async () => {
    const user = await createTestUser(t);
    const missing = await invoke(t, "delete-account", user.accessToken, { email: user.email });
    expect(missing.status).toBe(400);
    expect(missing.json.error.code).toBe("validation_failed");
    const anonymous = await invoke(t, "delete-account", undefined, {
      email: user.email,
      password: user.password,
    });
    expect(anonymous.status).toBe(401);
    expect((await rowsOf(t, user)).users).toBe(1);
  });

  it("deletes nothing when the provider's cancellation fails", async () => {
    const user = await createTestUser(t);
    await subscribeTestUser(t, user);
    const before = await rowsOf(t, user);
    const cancelNow = t.services.billing.cancelNow;
    t.services.billing.cancelNow = () =>
      Promise.reject(new ApiError("bad_gateway", "The payment provider is not responding."));
    try {
      const res = await close(t, user);
      expect(res.status).toBe(502);
      expect(res.json.error.code).toBe("bad_gateway");
    } finally {
      t.services.billing.cancelNow = cancelNow;
    }
    await expectUntouched(t, user, before);
  });

  it("counts wrong passwords against the address's failed sign-ins", async () => {
    const app = await createTestApp({
      database: t.database,
      env: { ...env, RATE_LIMIT_FAILED_SIGN_INS_PER_EMAIL: "2" },
    });
    try {
      const user = await createTestUser(app);
      const wrong = { password: "not it at all" };
      expect((await close(app, user, wrong)).status).toBe(400);
      expect((await close(app, user, wrong)).status).toBe(400);
      const limited = await close(app, user);
      expect(limited.status).toBe(429);
      expect(limited.json.error.code).toBe("rate_limited");
      // Retry-After is when the address's 5-minute window of failures ends, not a fixed 300.
      const windowMs = 5 * 60 * 1000;
      const left = Math.ceil((windowMs - (Date.now() % windowMs)) / 1000);
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(Math.abs(retryAfter - left) <= 1 || Math.abs(retryAfter - left) >= 298).toBe(true);
      expect((await rowsOf(app, user)).users).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("a second instance on the same database refuses the token as soon as the first answers", async () => {
    const a = await createTestApp({ database: t.database, env });
    const b = await createTestApp({ database: t.database, env });
    try {
      const user = await createTestUser(a);
      // Asked twice first: an instance that kept its answer in memory would give it again.
      expect((await invoke(b, "check-subscription", user.accessToken)).status).toBe(200);
      expect((await invoke(b, "check-subscription", user.accessToken)).status).toBe(200);
      expect((await close(a, user)).status).toBe(200);
      expect((await invoke(b, "check-subscription", user.accessToken)).status).toBe(401);
      const me = await auth(b, "/user", {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(me.status).toBe(403);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("PUT /auth/v1/user from the account page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(() => t?.close());

  const update = (user: TestUser, body: object) =>
    auth(t, "/user", {
      method: "PUT",
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: JSON.stringify(body),
    });
  const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

  it("a password change needs the current password, and a wrong one is refused", async () => {
    const user = await createTestUser(t);
    const missing = await update(user, { password: "a new passphrase" });
    expect(missing.status).toBe(422);
    expect(await codeOf(missing)).toBe("current_password_required");
    const wrong = await update(user, {
      password: "a new passphrase",
      current_password: "not the password",
    });
    expect(wrong.status).toBe(422);
    expect(await codeOf(wrong)).toBe("current_password_mismatch");
    expect((await signIn(t, user.email, user.password)).status).toBe(200);

    const right = await update(user, {
      password: "a new passphrase",
      current_password: user.password,
    });
    expect(right.status).toBe(200);
    expect((await signIn(t, user.email, user.password)).status).toBe(400);
    expect((await signIn(t, user.email, "a new passphrase")).status).toBe(200);
  });

  it("an email or name change needs no password", async () => {
    const user = await createTestUser(t);
    const res = await update(user, { data: { full_name: "New Name" } });
    expect(res.status).toBe(200);
  });
});

describe("delete-account on Stripe (the wire-compatible fake)", () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = new FakeStripe("sk_test_fake");
    const { url } = await fake.start();
    t = await createTestApp({
      env: {
        ...env,
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
        STRIPE_API_BASE: url,
      },
    });
    expect(t.services.billing.provider.kind).toBe("stripe");
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  /** Checkout on the fake, paid, and synced back as the return from Checkout does. */
  async function subscribe(user: TestUser) {
    const checkout = await invoke(t, "create-checkout", user.accessToken);
    const sessionId = /\/(cs_test_\w+)$/.exec(checkout.json.url as string)![1]!;
    const { subscription } = fake.completeCheckout(sessionId);
    const status = await invoke(t, "check-subscription", user.accessToken, { refresh: true });
    expect(status.json.subscribed).toBe(true);
    return subscription;
  }

  it("cancels the subscription now at Stripe (no proration, no invoice), then deletes the user", async () => {
    const user = await createTestUser(t);
    const subscription = await subscribe(user);
    // An old, already-ended subscription is left alone.
    const ended = fake.createSubscription(subscription.customer, { status: "canceled" });
    const before = await rowsOf(t, user);
    expect(before.customers).toBe(1);
    expect(before.subscriptions).toBe(1);

    const res = await close(t, user);
    expect(res.status).toBe(200);
    const cancels = fake.requests.filter((r) => r.method === "DELETE");
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatchObject({
      path: `/v1/subscriptions/${subscription.id}`,
      query: { invoice_now: "false", prorate: "false" },
    });
    expect(fake.subscriptions.get(subscription.id)!.status).toBe("canceled");
    expect(fake.subscriptions.get(ended.id)!.status).toBe("canceled");
    expect(await rowsOf(t, user)).toEqual(none(before));
    await expectGone(t, user);
  });

  it("deletes nothing and says so when Stripe fails to cancel", async () => {
    const user = await createTestUser(t);
    const subscription = await subscribe(user);
    const before = await rowsOf(t, user);
    fake.failNext(500);
    const res = await close(t, user);
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe("bad_gateway");
    expect(res.json.error.message).toMatch(/payment provider/);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe("active");
    await expectUntouched(t, user, before);

    // Trying again once Stripe answers closes it.
    expect((await close(t, user)).status).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe("canceled");
  });

  it("refuses a wrong password without calling Stripe", async () => {
    const user = await createTestUser(t);
    await subscribe(user);
    const calls = fake.requests.length;
    const res = await close(t, user, { password: "wrong password" });
    expect(res.status).toBe(400);
    expect(fake.requests.length).toBe(calls);
    expect((await rowsOf(t, user)).subscriptions).toBe(1);
  });
});
