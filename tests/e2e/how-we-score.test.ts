import path from "node:path";
import { describe, expect, it } from "vitest";
// eslint-disable-next-line no-restricted-imports -- scripts/ has no alias; the benchmark and this test share one measure
import { firstLoadAssets } from "../../scripts/bench/first-load";
import measuredAccuracy from "@/shared/measured-accuracy.json";
import { LENGTH_TARGETS, RUBRIC } from "@/shared/rubric";
import { axeViolationsAtWidths } from "./support/axe";
import { openPage } from "./support/browser";
import { useJourney } from "./support/journey";

/**
 * The public "How we score" page: reached from the landing page's footer without the landing
 * page loading it first, and printing the weights the server scores with (src/shared/rubric.ts).
 */
describe("how we score", () => {
  const journey = useJourney();

  it("is its own chunk, linked from the landing page's footer", async () => {
    const assets = await firstLoadAssets(journey.server.url, "/");
    expect(
      assets.map((asset) => path.basename(asset.path)).filter((name) => /how-we-score/.test(name)),
    ).toEqual([]);

    const { page, context, assertNoUnexpectedErrors } = await openPage(
      journey.browser,
      journey.server.url,
      {
        viewport: { width: 1280, height: 900 },
      },
    );
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(".js")) scripts.push(path.basename(request.url()));
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((name) => /how-we-score/.test(name))).toEqual([]);

    await page.getByRole("contentinfo").getByRole("link", { name: "How we score" }).click();
    await page.waitForURL("**/how-we-score");
    await page.getByRole("heading", { level: 1, name: "How we score" }).waitFor();
    expect(scripts.filter((name) => /how-we-score/.test(name))).toHaveLength(1);
    assertNoUnexpectedErrors();
    await context.close();
  });

  it("prints the formula and length targets from the rubric, signed out, with no axe findings", async () => {
    const { page, context, assertNoUnexpectedErrors } = await openPage(
      journey.browser,
      journey.server.url,
      {
        viewport: { width: 1280, height: 900 },
      },
    );
    await page.goto("/how-we-score");
    await page.getByRole("heading", { level: 1, name: "How we score" }).waitFor();
    await expect(page.title()).resolves.toBe("How we score — Interview Coach");

    const w = RUBRIC.overall;
    const overall = page.getByRole("region", { name: "The overall score" });
    const formula = (await overall.innerText()).replace(/\s+/g, " ");
    for (const term of [
      `${w.relevance} × relevance′`,
      `${w.content} × content`,
      `${w.clarity} × clarity′`,
      `${w.timing} × timing′`,
      `relevance is under ${RUBRIC.offTopicBelow}`,
    ]) {
      expect(formula, term).toContain(term);
    }
    for (const name of ["Relevance", "Clarity", "Timing", "Content and structure"]) {
      await page.getByRole("heading", { level: 3, name }).waitFor();
    }

    const lengths = await page
      .getByRole("table", { name: "Target length by question type" })
      .innerText();
    for (const { seconds, words } of Object.values(LENGTH_TARGETS)) {
      expect(lengths).toContain(`${seconds[0]}–${seconds[1]} seconds`);
      expect(lengths).toContain(`${words[0]}–${words[1]} words`);
    }
    expect(await page.getByRole("table").count()).toBe(measuredAccuracy.figures.length > 0 ? 2 : 1);

    const accuracy = await page.getByRole("region", { name: "Our measured accuracy" }).innerText();
    if (measuredAccuracy.figures.length === 0)
      expect(accuracy).toContain("Figures are being measured");
    for (const figure of measuredAccuracy.figures) {
      expect(accuracy).toContain(figure.value);
      expect(accuracy).toContain(figure.target);
    }

    expect(await axeViolationsAtWidths(page)).toEqual([]);
    assertNoUnexpectedErrors();
    await context.close();
  });
});
