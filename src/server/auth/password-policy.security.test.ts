import { isAuthWeakPasswordError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRequest, testClient } from "@tests/support/supabase-test-client";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";

/**
 * Weak passwords are refused at sign-up and on every change (docs/decisions/0083): at least 8
 * characters, a zxcvbn-ts score of 3 or more, never the email or its name part, answered with
 * GoTrue's `422 weak_password` and its reasons, which supabase-js turns into
 * AuthWeakPasswordError.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000" } });
});
afterAll(async () => {
  await t?.close();
});

type WeakBody = { code: string; message: string; weak_password: { reasons: string[] } };

describe("password policy", () => {
  it.each([
    ["123456", "length"],
    ["aaaaaa", "length"],
    ["12345678", "pwned"],
    ["password1", "pwned"],
    ["aaaaaaaaaa", "pwned"],
    ["qwertyuiop", "pwned"],
  ])("refuses %s at sign-up (%s)", async (password, reason) => {
    const res = await authRequest(t, "/signup", {
      body: { email: `weak-${password}-${Date.now()}@example.com`, password },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as WeakBody;
    expect(body.code).toBe("weak_password");
    expect(body.weak_password.reasons).toEqual([reason]);
    expect(body.message.length).toBeGreaterThan(10);
  });

  it("refuses the email and its name part as the password", async () => {
    const email = `margaret.hamilton.${Date.now()}@example.com`;
    for (const password of [email, email.split("@")[0]!, email.toUpperCase()]) {
      const res = await authRequest(t, "/signup", { body: { email, password } });
      expect(res.status).toBe(422);
      expect(((await res.json()) as WeakBody).weak_password.reasons).toEqual(["pwned"]);
    }
  });

  it("refuses a weak new password, and supabase-js reports it as AuthWeakPasswordError", async () => {
    const user = await createTestUser(t);
    const supabase = testClient(t);
    await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
    const { error } = await supabase.auth.updateUser({
      password: "password1",
      current_password: user.password,
    });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(isAuthWeakPasswordError(error) && error.reasons).toEqual(["pwned"]);
    const signUp = await testClient(t).auth.signUp({
      email: `weak-client-${Date.now()}@example.com`,
      password: "12345678",
    });
    expect(isAuthWeakPasswordError(signUp.error)).toBe(true);
  });

  it("accepts a long passphrase", async () => {
    const res = await authRequest(t, "/signup", {
      body: { email: `strong-${Date.now()}@example.com`, password: "a sturdy passphrase" },
    });
    expect(res.status).toBe(200);
  });
});
