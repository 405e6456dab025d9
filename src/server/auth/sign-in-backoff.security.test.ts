import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRequest } from "@tests/support/supabase-test-client";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";
import { FREE_FAILURES } from "./sign-in-backoff";

/**
 * Nobody can lock an owner out by typing wrong passwords for their address (docs/decisions/
 * 0081): failures count per address and IP, and one IP backs off exponentially; the owner from
 * another IP still signs in, even when many IPs have guessed.
 */
let t: TestApp;

beforeAll(async () => {
  // TRUST_PROXY: each request names its client in X-Forwarded-For (one proxy hop).
  t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000", TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await t?.close();
});

const signIn = (user: TestUser, password: string, ip: string) =>
  authRequest(t, "/token?grant_type=password", { body: { email: user.email, password }, ip });

describe("wrong passwords", () => {
  it("slow down the guessing IP, with Retry-After, and never lock out the owner elsewhere", async () => {
    const user = await createTestUser(t);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 25; i++) {
      const res = await signIn(user, `wrong guess ${i}`, "203.0.113.7");
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get("retry-after");
    }
    expect(statuses.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(400));
    expect(statuses[FREE_FAILURES]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // Even the right password waits on the guessing IP…
    expect((await signIn(user, user.password, "203.0.113.7")).status).toBe(429);
    // …but not the owner elsewhere.
    expect((await signIn(user, user.password, "198.51.100.20")).status).toBe(200);
  });

  it("from many IPs, refuse those that guessed while a clean IP still signs in", async () => {
    const user = await createTestUser(t);
    for (let i = 1; i <= 30; i++) {
      await signIn(user, `spread guess ${i}`, `192.0.2.${i}`);
    }
    expect((await signIn(user, "one more guess", "192.0.2.1")).status).toBe(429);
    expect((await signIn(user, user.password, "198.51.100.30")).status).toBe(200);
  });
});
