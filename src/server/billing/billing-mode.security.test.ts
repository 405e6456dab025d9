import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/server/config";
import type { SpaAssets } from "@/server/static";
import { invoke, pathOf } from "@tests/support/billing";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";

/**
 * The built-in test checkout gives Premium to anyone who types the published test card, so a
 * public site runs it only when asked for by name, and then says so on every page
 * (docs/decisions/0077).
 */
const publicSite = { SITE_URL: "https://coach.example.com" };

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join("\n");
    throw error;
  }
  return "";
};

describe("billing on a public site", () => {
  it("refuses to start without Stripe, naming the variables to set", () => {
    const problems = problemsOf(publicSite);
    expect(problems).toMatch(/^STRIPE_SECRET_KEY: /);
    expect(problems).toContain("BILLING=test");
    expect(problems).toContain("https://coach.example.com");
    // beside the site's other problems, not instead of them
    expect(problemsOf({ ...publicSite, AUTH_CONFIRM_EMAIL: "true" })).toMatch(
      /AUTH_CONFIRM_EMAIL[\s\S]*STRIPE_SECRET_KEY/,
    );
  });

  it("runs the test checkout as a demo only with BILLING=test", () => {
    expect(loadConfig({ ...publicSite, BILLING: "test" }).billing).toEqual({
      provider: "local",
      publicDemo: true,
    });
    // this machine only: the test checkout as before, no banner
    expect(loadConfig({ SITE_URL: "http://127.0.0.1:8080" }).billing).toEqual({
      provider: "local",
      publicDemo: false,
    });
    expect(loadConfig({ BILLING: "test" }).billing).toEqual({
      provider: "local",
      publicDemo: false,
    });
  });

  it("takes Stripe with a key, and refuses contradictions and unknown modes", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_abc" };
    expect(loadConfig({ ...publicSite, ...stripe }).billing.provider).toBe("stripe");
    expect(loadConfig({ ...publicSite, ...stripe, BILLING: "stripe" }).billing.provider).toBe(
      "stripe",
    );
    expect(problemsOf({ ...publicSite, BILLING: "stripe" })).toMatch(/^BILLING: .*STRIPE_SECRET/);
    expect(problemsOf({ ...stripe, BILLING: "test" })).toMatch(/^BILLING: .*STRIPE_SECRET_KEY/);
    expect(problemsOf({ BILLING: "free" })).toMatch(/^BILLING: /);
  });
});

const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;
const spa = (): SpaAssets => ({
  indexHtml: page('<div id="root"><h1>Practise interviews</h1></div>'),
  files: new Map([
    [
      "/shell.html",
      {
        body: Buffer.from(page('<div id="root"></div>')),
        type: "text/html; charset=utf-8",
        immutable: false,
      },
    ],
  ]),
});
const banner =
  /<body><aside class="test-mode-banner" aria-label="Test mode"><strong>TEST MODE<\/strong>/;

describe("a public demo (BILLING=test) says so on every page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ spa: spa(), env: { ...publicSite, BILLING: "test" } });
  });
  afterAll(() => t.close());

  it("on the pre-rendered landing page and every app page, before any script runs", async () => {
    for (const route of ["/", "/practice", "/account", "/auth?mode=signup"]) {
      const res = await t.app.request(route, { headers: { "accept-encoding": "identity" } });
      expect(res.status, route).toBe(200);
      const html = await res.text();
      expect(html, route).toMatch(banner);
      expect(html, route).toContain("anyone can subscribe to Premium for free");
      // markup only: the app's CSP (no inline scripts or styles) is untouched
      expect(html, route).not.toMatch(/<aside[^>]*style=/);
    }
    const gzipped = await t.app.request("/practice", { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toMatch(banner);
  });

  it("on the test checkout's own pages", async () => {
    const user = await createTestUser(t);
    const checkout = await invoke(t, "create-checkout", user.accessToken);
    expect(checkout.status).toBe(200);
    const res = await t.app.request(pathOf(checkout.json.url as string));
    expect(await res.text()).toContain("TEST MODE");
  });
});

describe("a site on this machine shows no banner", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ spa: spa(), env: { SITE_URL: "http://localhost:3000" } });
  });
  afterAll(() => t.close());

  it("serves the pages as built", async () => {
    for (const route of ["/", "/practice"]) {
      expect(await (await t.app.request(route)).text()).not.toContain("test-mode-banner");
    }
  });
});
