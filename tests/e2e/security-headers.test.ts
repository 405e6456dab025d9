import { describe, expect, it } from "vitest";
import { openPage } from "./support/browser";
import { takeSecurityPolicyViolations } from "./support/csp";
import { useJourney } from "./support/journey";

/**
 * The policies at work in Chromium (decision 0068), and the watcher every browser test relies on
 * to fail on a violation: it must see one when there is one. Each test takes the violations it
 * caused, so the setup file's check after it finds none left.
 */
describe("security headers in Chromium", () => {
  const journey = useJourney();

  /** Waits until the watcher has reported something matching `pattern`; answers all it saw. */
  async function violationsMatching(pattern: RegExp) {
    const seen: string[] = [];
    await expect
      .poll(() => {
        seen.push(...takeSecurityPolicyViolations());
        return seen.join("\n");
      })
      .toMatch(pattern);
    return seen;
  }

  it("refuses to run a script injected into the page, and the watcher reports it", async () => {
    const { page, context } = await openPage(journey.browser, journey.server.url);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.head.append(script);
    });
    const seen = await violationsMatching(
      /securitypolicyviolation: script-src-elem blocked inline/,
    );
    expect(seen.join("\n")).toMatch(/console: .*Content Security Policy/);
    expect(await page.evaluate(() => "__injected" in window)).toBe(false);
    await context.close();
  });

  it("cannot be framed by another page", async () => {
    const { page, context } = await openPage(journey.browser, journey.server.url);
    await page.setContent(`<iframe src="${journey.server.url}/practice"></iframe>`);
    await violationsMatching(/frame-ancestors 'none'/);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.locator("#root").count()).not.toBe(1);
    await context.close();
  });
});
