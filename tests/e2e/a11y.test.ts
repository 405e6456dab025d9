import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { openPage } from "./support/browser";
import { useJourney } from "./support/journey";

describe("accessibility", () => {
  const journey = useJourney();

  for (const [name, route, ready] of [
    ["the landing page", "/", "h1"],
    ["the auth page", "/auth", "h1"],
    ["the 404 page", "/no/such/page", "text=Oops! Page not found"],
  ] as const) {
    for (const width of [375, 1280]) {
      it(`axe finds no violations on ${name} at ${width} px`, async () => {
        const { page, context } = await openPage(journey.browser, journey.server.url, {
          viewport: { width, height: 900 },
        });
        await page.goto(route);
        await page.locator(ready).first().waitFor();
        await page.waitForLoadState("networkidle");
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }

  it("every control on the landing page is reachable by Tab, with a visible focus ring", async () => {
    const { page, context } = await openPage(journey.browser, journey.server.url, {
      viewport: { width: 1280, height: 900 },
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");

    const tabbable = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>("a[href], button, input, [tabindex='0']")]
          .filter((el) => !el.hasAttribute("disabled") && el.getClientRects().length > 0)
          .filter((el) => getComputedStyle(el).visibility !== "hidden").length,
    );
    expect(tabbable).toBeGreaterThan(10);

    const reached = new Set<string>();
    for (let i = 0; i < tabbable + 5; i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring =
          (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) ||
          style.boxShadow !== "none";
        const box = el.getBoundingClientRect();
        const path: string[] = [];
        for (let node: Element | null = el; node; node = node.parentElement) {
          path.unshift(
            `${node.tagName}:${[...(node.parentElement?.children ?? [])].indexOf(node)}`,
          );
        }
        return {
          key: path.join("/"),
          label: `${el.tagName} "${(el.textContent ?? "").trim().slice(0, 40)}"`,
          ring,
          onScreen: box.width > 0 && box.height > 0,
        };
      });
      if (!focused) continue;
      expect(focused.ring, `focus ring on ${focused.label}`).toBe(true);
      expect(focused.onScreen, `${focused.label} is on screen when focused`).toBe(true);
      reached.add(focused.key);
    }
    expect(reached.size).toBeGreaterThanOrEqual(tabbable);
    await context.close();
  });

  it("the skip link, section links and buttons work from the keyboard", async () => {
    const { page, context } = await openPage(journey.browser, journey.server.url, {
      viewport: { width: 1280, height: 900 },
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");

    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      "Skip to content",
    );
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main");

    await page.getByRole("banner").getByRole("link", { name: "Feedback" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/#feedback");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("feedback");

    await page.getByRole("banner").getByRole("link", { name: "Get Started" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${journey.server.url}/auth?tab=sign-up`);
    await context.close();
  });
});
