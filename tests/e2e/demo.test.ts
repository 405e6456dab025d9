import path from "node:path";
import { describe, expect, it } from "vitest";
import { axeViolationsAtWidths } from "./support/axe";
import { openPage } from "./support/browser";
import { useJourney } from "./support/journey";

/**
 * Watch Demo in real Chromium: a modal walk-through of captioned screenshots of the product, by
 * keyboard and for screen readers, whose code and pictures are not part of the landing page's
 * first load and arrive when it is opened.
 */
const journey = useJourney();

describe("Watch Demo", () => {
  it("walks through the product in captioned screenshots, by keyboard", async () => {
    const { page, context, assertNoUnexpectedErrors } = await openPage(
      journey.browser,
      journey.server.url,
      {
        viewport: { width: 1280, height: 900 },
      },
    );
    const requests: string[] = [];
    page.on("request", (request) => requests.push(path.basename(new URL(request.url()).pathname)));
    await page.goto("/");
    // Hydrated: the header's links are React's.
    await page.waitForFunction(() => {
      const link = document.querySelector("header a[href='/']");
      return !!link && Object.keys(link).some((key) => key.startsWith("__reactProps"));
    });
    await page.waitForLoadState("networkidle");
    const firstLoad = [...requests];
    expect(firstLoad.filter((name) => /^demo-dialog|\.jpg$/.test(name))).toEqual([]);

    // Opened from the keyboard.
    const watch = page.getByRole("link", { name: "Watch Demo" });
    expect(await watch.getAttribute("aria-haspopup")).toBe("dialog");
    await watch.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "See Interview Coach at work" });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(requests.some((name) => name.startsWith("demo-dialog"))).toBe(true);

    const picture = dialog.getByRole("img");
    const caption = dialog.locator("figcaption");
    const loaded = () =>
      picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1200);
    await expect.poll(loaded, { timeout: 30_000 }).toBe(true);
    expect(await caption.textContent()).toMatch(/^Step 1 of 4: /);
    expect((await picture.getAttribute("alt"))!.length).toBeGreaterThan(30);
    expect(await caption.getAttribute("aria-live")).toBe("polite");
    expect(await axeViolationsAtWidths(page)).toEqual([]);

    // Next by button, and by arrow key; every step is a real picture with its caption.
    await dialog.getByRole("button", { name: "Next" }).click();
    expect(await caption.textContent()).toMatch(/^Step 2 of 4: /);
    await page.keyboard.press("ArrowRight");
    expect(await caption.textContent()).toMatch(/^Step 3 of 4: .*\[placeholders\]/);
    await page.keyboard.press("ArrowRight");
    expect(await caption.textContent()).toMatch(/^Step 4 of 4: /);
    await expect.poll(loaded, { timeout: 30_000 }).toBe(true);
    expect(await dialog.getByRole("button", { name: "Step 4" }).getAttribute("aria-current")).toBe(
      "step",
    );
    // At the end: the focus stays on Next (now inert), and the way to begin is offered.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Next");
    await dialog.getByRole("link", { name: "Start practising" }).waitFor();
    await page.keyboard.press("ArrowLeft");
    expect(await caption.textContent()).toMatch(/^Step 3 of 4: /);
    await dialog.getByRole("button", { name: "Step 1" }).click();
    expect(await caption.textContent()).toMatch(/^Step 1 of 4: /);
    expect(requests.filter((name) => name.endsWith(".jpg")).length).toBeGreaterThanOrEqual(4);

    // Escape closes it; the focus is back on Watch Demo, and the page did not move to a section.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      "Watch Demo",
    );
    expect(new URL(page.url()).hash).toBe("");

    // At a phone's width it fits, and Close closes it too.
    await page.setViewportSize({ width: 390, height: 844 });
    await watch.click();
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    assertNoUnexpectedErrors();
    await context.close();
  }, 120_000);
});
