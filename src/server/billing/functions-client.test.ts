import { FunctionsClient, FunctionsHttpError } from "@supabase/functions-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";
import { pathOf, postForm } from "@tests/support/billing";

/**
 * The billing functions through the real supabase-js functions client (what the browser uses),
 * with its fetch routed into the app in-process, plus CORS for other allowed origins.
 */
describe("billing functions through @supabase/functions-js", () => {
  let t: TestApp;
  let user: TestUser;
  const client = (token: string) =>
    new FunctionsClient("http://localhost:3000/functions/v1", {
      headers: { Authorization: `Bearer ${token}`, apikey: "public-key" },
      customFetch: async (input, init) => t.app.fetch(new Request(input, init)),
    });

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SITE_URL: "http://localhost:3000",
        CORS_ALLOWED_ORIGINS: "https://app.example",
        RATE_LIMIT_SIGN_IN_SIGN_UPS: "100",
      },
    });
    user = await createTestUser(t);
  });
  afterAll(() => t.close());

  it("answers invoke() with and without a body", async () => {
    const functions = client(user.accessToken);
    const plain = await functions.invoke("check-subscription");
    expect(plain.error).toBeNull();
    expect(plain.data).toEqual({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
    });
    const refreshed = await functions.invoke("check-subscription", { body: { refresh: true } });
    expect(refreshed.data).toEqual(plain.data);

    const checkout = await functions.invoke<{ url: string }>("create-checkout");
    expect(checkout.data?.url).toMatch(/\/billing\/checkout\//);
    await postForm(t, pathOf(checkout.data!.url), {
      number: "4242424242424242",
      expiry: "12/40",
      cvc: "123",
    });
    const after = await functions.invoke("check-subscription", { body: { refresh: true } });
    expect(after.data).toMatchObject({ subscribed: true, subscription_tier: "Premium" });
    const portal = await functions.invoke<{ url: string }>("customer-portal");
    expect(portal.data?.url).toMatch(/\/billing\/portal\//);
  });

  it("gives the client a FunctionsHttpError whose context carries our error envelope", async () => {
    const { data, error } = await client("expired.or.bogus").invoke("check-subscription");
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get("x-relay-error")).toBeNull();
    expect(await response.json()).toEqual({
      error: {
        code: "unauthorized",
        message: expect.any(String),
        requestId: response.headers.get("x-request-id"),
      },
    });
  });

  it("answers CORS preflights for allowed origins only", async () => {
    const preflight = (origin: string) =>
      t.app.request("/functions/v1/create-checkout", {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, apikey, content-type, x-client-info",
        },
      });
    const allowed = await preflight("https://app.example");
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(allowed.headers.get("access-control-allow-headers")).toMatch(/authorization/);
    const other = await preflight("https://evil.example");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
