import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * axe-core's findings on the page as readable lines: rule, impact, and the offending elements.
 * `exclude`: selectors to leave out (e.g. the toaster, whose toasts come and go mid-scan).
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary}`).join("\n"),
  );
}

/** axe at a desktop's and a phone's width; the viewport is put back afterwards. */
export async function axeViolationsAtWidths(page: Page, exclude: string[] = []) {
  const before = page.viewportSize();
  const found: string[] = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    found.push(...(await axeViolations(page, exclude)).map((line) => `@${width}px ${line}`));
  }
  if (before) await page.setViewportSize(before);
  return found;
}
