import { describe, expect, it } from "vitest";
import { openPage } from "./support/browser";
import { useJourney } from "./support/journey";

describe("the built app in Chromium", () => {
  const journey = useJourney();

  it("renders the landing page", async () => {
    const { page, context, assertNoUnexpectedErrors } = await openPage(
      journey.browser,
      journey.server.url,
    );
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBeTruthy();
    assertNoUnexpectedErrors();
    await context.close();
  });

  it("shows the 404 page for an unknown path, logs the path, and links home", async () => {
    const { page, context, errors, assertNoUnexpectedErrors } = await openPage(
      journey.browser,
      journey.server.url,
    );
    await page.goto("/no/such/page");
    await page.getByText("Oops! Page not found").waitFor();
    expect(errors.some((e) => e.includes("/no/such/page"))).toBe(true);
    assertNoUnexpectedErrors([/non-existent route: \/no\/such\/page/]);

    await page.getByRole("link", { name: /home/i }).click();
    await page.waitForURL(`${journey.server.url}/`);
    await context.close();
  });
});
