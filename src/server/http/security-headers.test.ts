import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSpaAssets } from "@/server/static";
import { invoke, pathOf } from "@tests/support/billing";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";

/**
 * Over real HTTP: every answer carries the baseline (decision 0068), the app's HTML its own
 * policy, the local billing pages a fresh nonce each time, and HSTS only on an https site.
 */
let dir: string;
let spaDir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ic-headers-"));
  spaDir = path.join(dir, "client");
  await mkdir(path.join(spaDir, "assets"), { recursive: true });
  await writeFile(path.join(spaDir, "index.html"), "<html><head></head><body></body></html>");
  await writeFile(path.join(spaDir, "assets", "main-abc123.js"), "console.log(1);");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const directives = (res: Response) =>
  Object.fromEntries(
    (res.headers.get("content-security-policy") ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe("security headers on an http site", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      spa: await loadSpaAssets(spaDir),
      env: { SITE_URL: "http://localhost:3000", RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000" },
    });
  });
  afterAll(() => t.close());

  it("gives API answers, errors and assets a policy that loads nothing and cannot be framed", async () => {
    const user = await createTestUser(t);
    for (const headers of [
      (await t.app.request("/health")).headers,
      (await t.app.request("/auth/v1/user", { headers: { authorization: "Bearer nonsense" } }))
        .headers,
      (await t.app.request("/functions/v1/nope", { method: "POST" })).headers,
      (await invoke(t, "check-subscription", user.accessToken)).headers,
      (await t.app.request("/assets/main-abc123.js")).headers,
      (await t.app.request("/assets/missing-123.js")).headers,
    ]) {
      expect(headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("x-frame-options")).toBe("DENY");
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("strict-transport-security")).toBeNull();
      expect(headers.get("permissions-policy")).toBeNull();
    }
  });

  it("gives the app's HTML a strict policy: our scripts only, the microphone for us only", async () => {
    for (const route of ["/", "/practice", "/auth"]) {
      for (const method of ["GET", "HEAD"]) {
        const res = await t.app.request(route, { method });
        expect(res.headers.get("content-type")).toContain("text/html");
        expect(directives(res)).toEqual({
          "default-src": ["'none'"],
          "base-uri": ["'none'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          // WebAssembly for the interviewer's speech detector, and no other eval.
          "script-src": ["'self'", "'wasm-unsafe-eval'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'"],
          "connect-src": ["'self'", "http://localhost:3000"],
          "media-src": ["blob:"],
        });
        expect(res.headers.get("x-frame-options")).toBe("DENY");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
        expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
        expect(res.headers.get("permissions-policy")).toBe(
          "camera=(), display-capture=(), geolocation=(), microphone=(self), payment=(), usb=()",
        );
        expect(res.headers.get("strict-transport-security")).toBeNull();
        // One value per header: the page's policy replaces the baseline, never adds to it.
        expect(res.headers.get("content-security-policy")).not.toContain(",");
      }
    }
  });

  it("gives each local billing page its own nonce, the one its <style> carries", async () => {
    const user = await createTestUser(t);
    const { json } = await invoke(t, "create-checkout", user.accessToken);
    const checkout = pathOf(json.url as string);
    const nonces = new Set<string>();
    for (const route of [checkout, checkout, "/billing/portal/no-such-token"]) {
      const res = await t.app.request(route);
      const policy = directives(res);
      const nonce = /^'nonce-([\w+/=]{24})'$/.exec(policy["style-src"]?.[0] ?? "")?.[1];
      expect(nonce).toBeDefined();
      expect(await res.text()).toContain(`<style nonce="${nonce}">`);
      nonces.add(nonce!);
      expect(policy).toEqual({
        "default-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "style-src": [`'nonce-${nonce}'`],
        "img-src": ["'self'"],
      });
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("permissions-policy")).toContain("microphone=(self)");
    }
    expect(nonces.size).toBe(3);
  });
});

describe("security headers on an https site", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      spa: await loadSpaAssets(spaDir),
      env: { SITE_URL: "https://coach.example.com", BILLING: "test" },
    });
  });
  afterAll(() => t.close());

  it("tells browsers to use https only, on every answer", async () => {
    for (const route of ["/", "/health", "/auth/v1/settings", "/assets/main-abc123.js"]) {
      const res = await t.app.request(route);
      expect(res.headers.get("strict-transport-security")).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
    const page = await t.app.request("/practice");
    expect(directives(page)["connect-src"]).toEqual(["'self'", "https://coach.example.com"]);
  });
});
