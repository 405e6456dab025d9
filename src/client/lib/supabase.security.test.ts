// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";
import { createSupabase } from "./supabase";

/**
 * The SPA's client never takes a session from a URL fragment (docs/decisions/0082): a crafted
 * `#access_token=…` link would otherwise sign the victim into the attacker's account, whose
 * practice history and typed answers the attacker then reads.
 */
let t: TestApp;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000" } });
  // The page's origin is jsdom's; its requests go to the test server.
  const origin = window.location.origin;
  globalThis.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return realFetch(url.replace(origin, t.url), init);
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await t?.close();
});

describe("a session in the URL fragment", () => {
  it("does not replace the signed-in user's session", async () => {
    const victim = await createTestUser(t);
    const attacker = await createTestUser(t);
    const first = createSupabase();
    const signedIn = await first.auth.signInWithPassword({
      email: victim.email,
      password: victim.password,
    });
    expect(signedIn.error).toBeNull();

    // The victim opens the attacker's link.
    const fragment = new URLSearchParams({
      access_token: attacker.accessToken,
      refresh_token: attacker.refreshToken,
      expires_in: "3600",
      expires_at: String(Math.floor(Date.now() / 1000) + 3600),
      token_type: "bearer",
      type: "recovery",
    });
    window.history.replaceState(null, "", `/reset-password#${fragment}`);
    const page = createSupabase();
    const { data } = await page.auth.getSession();
    expect(data.session?.user.email).toBe(victim.email);
    expect(data.session?.access_token).not.toBe(attacker.accessToken);
  });
});
