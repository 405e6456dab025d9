import { describe, expect, it } from "vitest";
import { openPage } from "./support/browser";
import { useJourney } from "./support/journey";

/**
 * A public site running the test checkout on purpose (BILLING=test, docs/decisions/0077): the
 * banner is on every page, above the app, styled by the app's stylesheet and within its CSP (the
 * e2e setup fails any test that leaves a violation).
 */
describe("a public demo site", () => {
  const journey = useJourney({ env: { SITE_URL: "https://coach.example.com", BILLING: "test" } });

  it("says TEST MODE on the landing page and the app's pages, after React has started", async () => {
    const { page } = await openPage(journey.browser, journey.server.url);
    for (const route of ["/", "/auth", "/practice"]) {
      await page.goto(route);
      await page.waitForFunction(() => {
        const root = document.getElementById("root");
        return (
          !!root?.firstElementChild && Object.keys(root).some((key) => key.startsWith("__react"))
        );
      });
      const banner = page.getByRole("complementary", { name: "Test mode" });
      expect(await banner.isVisible(), route).toBe(true);
      expect(await banner.textContent(), route).toContain("anyone can subscribe");
      // styled by the stylesheet (amber), not left as bare text
      const background = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background, route).toBe("rgb(255, 251, 235)");
    }
  });
});
