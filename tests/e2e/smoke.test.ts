import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { startTestServer, type TestServer } from "./support/server";

describe("the built app in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("renders the landing page", async () => {
    const { page, context, assertNoUnexpectedErrors } = await openPage(browser, server.url);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBeTruthy();
    assertNoUnexpectedErrors();
    await context.close();
  });

  it("shows the 404 page for an unknown path, logs the path, and links home", async () => {
    const { page, context, errors, assertNoUnexpectedErrors } = await openPage(browser, server.url);
    await page.goto("/no/such/page");
    await page.getByText("Oops! Page not found").waitFor();
    expect(errors.some((e) => e.includes("/no/such/page"))).toBe(true);
    assertNoUnexpectedErrors([/non-existent route: \/no\/such\/page/]);

    await page.getByRole("link", { name: /home/i }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });
});
