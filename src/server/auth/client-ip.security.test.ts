import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_RATE_LIMIT_WINDOW_MS } from "@/server/auth/auth-limits";
import { ConfigError, loadConfig } from "@/server/config";
import { inOneWindow } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";

/**
 * Behind proxies the client's address is what our own proxies wrote at the right of
 * X-Forwarded-For; whatever the client wrote at the left is never its key (docs/decisions/0078).
 * Every request here comes from 127.0.0.1, the proxy that connects to the server.
 */
let database: TestApp["database"] | undefined;
const apps: TestApp[] = [];
const appWith = async (env: Record<string, string>) => {
  const t = await createTestApp({ database, env });
  database ??= t.database;
  apps.push(t);
  return t;
};
afterAll(async () => {
  // the first app owns the database: close it last
  for (const t of apps.reverse()) await t.close();
});

/**
 * A failed password sign-in as a client behind the proxies, with this X-Forwarded-For; a new
 * address each time, so only the per-client limit counts.
 */
const failedSignIn = (t: TestApp, forwardedFor: string) =>
  t.app.request("/auth/v1/token?grant_type=password", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({
      email: `nobody-${randomUUID()}@example.com`,
      password: "wrong password",
    }),
  });

/**
 * Statuses of 40 failed sign-ins, the n-th with `forwardedFor(n)`, all in one of the limit's
 * windows.
 */
const fortySignIns = async (t: TestApp, forwardedFor: (n: number) => string) => {
  await inOneWindow(AUTH_RATE_LIMIT_WINDOW_MS, 20);
  const statuses: number[] = [];
  for (let n = 1; n <= 40; n++) statuses.push((await failedSignIn(t, forwardedFor(n))).status);
  return statuses;
};

describe("TRUST_PROXY", () => {
  // The default limit: 30 sign-ins and sign-ups per client per 5 minutes.
  it("=1 (one proxy): a client rotating the left of X-Forwarded-For still hits the limit", async () => {
    const t = await appWith({ TRUST_PROXY: "1" });
    const statuses = await fortySignIns(t, (n) => `10.0.0.${n}, 203.0.113.10`);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // another client behind the same proxy has its own count
    expect((await failedSignIn(t, "10.0.0.1, 203.0.113.11")).status).toBe(400);
  });

  it("=2 (two proxies): the entry the outer proxy wrote is the client", async () => {
    const t = await appWith({ TRUST_PROXY: "2" });
    const statuses = await fortySignIns(t, (n) => `10.0.1.${n}, 203.0.113.20, 192.0.2.1`);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it("a list of proxies: the first address from the right that is not one of ours", async () => {
    const t = await appWith({ TRUST_PROXY: "127.0.0.1, 192.0.2.0/24, 2001:db8:ffff::/48" });
    const statuses = await fortySignIns(
      t,
      (n) => `10.0.2.${n}, 203.0.113.30, 2001:db8:ffff::${n}, 192.0.2.${n}`,
    );
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it("counts an IPv6 client by its /64, however it rotates the rest", async () => {
    const t = await appWith({ TRUST_PROXY: "1" });
    const statuses = await fortySignIns(t, (n) => `2001:db8:1:2:${n.toString(16)}::${n}`);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    expect((await failedSignIn(t, "2001:db8:1:3::1")).status).toBe(400);
  });

  it("refuses true, which trusted whatever the client wrote first", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: .*number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(
      /TRUST_PROXY: .*10\.0\.0\.0\/33/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "proxy.internal" })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: "false" }).auth.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).auth.trustProxy).toBe(false);
  });
});

describe("without TRUST_PROXY", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({});
  });

  it("ignores X-Forwarded-For altogether", async () => {
    const statuses = await fortySignIns(t, (n) => `198.51.100.${n}`);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });
});
