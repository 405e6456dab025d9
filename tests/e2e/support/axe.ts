import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** The toaster, left out of every scan: its toasts come and go mid-scan. */
const toaster = "[data-sonner-toaster]";

/**
 * The one accessibility check of the browser tests: axe-core's findings on the page (WCAG 2.2 AA
 * and best practice) as readable lines: rule, impact, and the offending elements.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .exclude(toaster)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary}`).join("\n"),
  );
}

/** axe at a desktop's and a phone's width; the viewport is put back afterwards. */
export async function axeViolationsAtWidths(page: Page) {
  const before = page.viewportSize();
  const found: string[] = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    found.push(...(await axeViolations(page)).map((line) => `@${width}px ${line}`));
  }
  if (before) await page.setViewportSize(before);
  return found;
}
