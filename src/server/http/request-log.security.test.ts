import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";
import type { SpaAssets } from "@/server/static";
import { invoke, pathOf } from "@tests/support/billing";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";

/**
 * A path can be a capability (the built-in billing pages' `/billing/portal/{token}`, like Stripe's
 * hosted pages): the request log names the route, never the token.
 */
let t: TestApp;
const lines: string[] = [];
const spa: SpaAssets = {
  indexHtml: "<!doctype html><html><head></head><body></body></html>",
  files: new Map(),
};
beforeAll(async () => {
  t = await createTestApp({
    spa,
    logger: createLogger("info", { write: (line: string) => void lines.push(line) }),
    env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000" },
  });
});
afterAll(() => t.close());

const requestLines = () =>
  lines
    .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number })
    .filter((line) => line.msg === "request");

describe("the request log", () => {
  it("logs the route template of the billing pages, never their token", async () => {
    const user = await createTestUser(t);
    const checkout = await invoke(t, "create-checkout", user.accessToken);
    const checkoutPath = pathOf(checkout.json.url as string);
    const checkoutId = checkoutPath.split("/").at(-1)!;
    const token = randomBytes(24).toString("base64url");
    lines.length = 0;

    await t.app.request(checkoutPath);
    await t.app.request(`/billing/portal/${token}`);
    await t.app.request(`/billing/portal/${token}/cancel`, {
      method: "POST",
      headers: { origin: t.config.siteUrl, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    await t.app.request(`/billing/portal/${token}/resume`, { method: "POST" });

    const all = lines.join("\n");
    expect(all).not.toContain(token);
    expect(all).not.toContain(checkoutId);
    expect(requestLines().map((line) => line.path)).toEqual([
      "/billing/checkout/:id",
      "/billing/portal/:token",
      "/billing/portal/:token/cancel",
      "/billing/portal/:token/resume",
    ]);
  });

  it("masks what could be a token in a path no route names", async () => {
    const token = randomBytes(24).toString("base64url");
    lines.length = 0;
    await t.app.request(`/billing/portal/${token}/unknown`);
    await t.app.request(`/reset-password/${token}`);
    await t.app.request(`/functions/v1/${token}`, { method: "POST" });
    await t.app.request("/practice");
    expect(lines.join("\n")).not.toContain(token);
    expect(requestLines().map((line) => line.path)).toEqual([
      "/billing/portal/:redacted/unknown",
      "/reset-password/:redacted",
      "/functions/v1/:redacted",
      "/practice",
    ]);
  });
});
