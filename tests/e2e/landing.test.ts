import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
// eslint-disable-next-line no-restricted-imports -- scripts/ has no alias; the benchmark and this test share one measure
import { firstLoadAssets } from "../../scripts/bench/first-load";
import { openPage } from "./support/browser";
import { useJourney } from "./support/journey";

const artifacts = path.resolve("tests/artifacts");

describe("the landing page", () => {
  const journey = useJourney();

  /** A page at `width` that has loaded `/` and hydrated (the landing chunk has run). */
  async function openLanding(width = 1280, height = 900) {
    const watched = await openPage(journey.browser, journey.server.url, {
      viewport: { width, height },
    });
    const requests: string[] = [];
    watched.page.on("request", (request) => requests.push(request.url()));
    await watched.page.goto("/");
    await waitForHydration(watched.page);
    return { ...watched, requests };
  }

  it("is served pre-rendered: the content is in the HTML, other routes get the empty shell", async () => {
    const landing = await (await fetch(`${journey.server.url}/`)).text();
    expect(landing).toContain("AI Interviewer");
    expect(landing).not.toContain("Oops! Page not found");
    expect(landing).toMatch(/<script id="app-config" type="application\/json">/);
    expect(landing).toMatch(/<link rel="modulepreload"[^>]+landing-/);

    // What `/` needs before it runs (HTML references and their static imports): within the
    // budget, and without the other pages, supabase-js or recording code.
    const assets = await firstLoadAssets(journey.server.url, "/");
    const names = assets.map((asset) => path.basename(asset.path));
    expect(names.filter((name) => /^(auth|practice|supabase|record)/.test(name))).toEqual([]);
    const jsGzip = assets.filter((a) => a.kind === "js").reduce((sum, a) => sum + a.gzipBytes, 0);
    expect(jsGzip).toBeLessThanOrEqual(100 * 1024);

    for (const route of ["/auth", "/practice", "/no/such/page"]) {
      const html = await (await fetch(`${journey.server.url}${route}`)).text();
      expect(html, route).toContain('<div id="root"></div>');
      expect(html, route).not.toContain("AI Interviewer");
      expect(html, route).toMatch(/<script id="app-config" type="application\/json">/);
    }
  });

  it("renders every section without JavaScript", async () => {
    const { page, context } = await openPage(journey.browser, journey.server.url, {
      javaScriptEnabled: false,
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(
      /confident/i,
    );
    for (const id of ["features", "practice", "feedback", "how-it-works"]) {
      expect(await page.locator(`section#${id}`).count(), id).toBe(1);
    }
    await context.close();
  });

  it("shows every section, figure, practice mode and the sample feedback", async () => {
    const { page, context, requests, assertNoUnexpectedErrors } = await openLanding();
    const main = page.getByRole("main");
    const text = (await main.innerText()).replace(/\s+/g, " ");

    // The promise.
    expect(text).toMatch(/AI-powered/i);
    expect(text).toMatch(/instant feedback/i);
    expect(text).toMatch(/confidence/i);
    // The marketing figures.
    for (const figure of [
      "10,000+",
      "95%",
      "improvement in confidence scores",
      "10K+",
      "Practice sessions",
      "Success rate",
      "500+",
      "Companies",
      "24/7",
      "Availability",
    ]) {
      expect(text, figure).toContain(figure);
    }
    // The three practice modes.
    const practice = page.locator("#practice");
    for (const mode of ["AI Interviewer", "Quick Practice", "Company Specific"]) {
      await expect(practice.getByRole("heading", { name: mode }).count()).resolves.toBe(1);
    }
    const interviewer = practice.getByRole("listitem").filter({ hasText: "AI Interviewer" });
    const interviewerText = await interviewer.first().innerText();
    expect(interviewerText).toMatch(/full interview simulation/i);
    expect(interviewerText).toMatch(/behavioural and technical questions/i);
    expect(interviewerText).toMatch(/real-time feedback/i);
    // The sample feedback card.
    const feedback = await page.locator("#feedback").innerText();
    expect(feedback.replace(/\s+/g, "")).toContain("4.2/5");
    for (const rating of ["Clarity", "Relevance", "Timing"]) expect(feedback).toContain(rating);
    // The price, and honest positioning.
    expect(text).toContain("$11/month");
    await expect(page.getByRole("contentinfo").innerText()).resolves.toMatch(
      /not during a live interview/i,
    );

    // `/` never downloads the other pages or recording code.
    await page.waitForLoadState("networkidle");
    const scripts = requests.filter((url) => url.endsWith(".js")).map((url) => path.basename(url));
    expect(scripts.filter((name) => /^(auth|practice|record)/.test(name))).toEqual([]);
    assertNoUnexpectedErrors();
    await context.close();
  });

  it("header anchors scroll to their sections and move focus there", async () => {
    const { page, context, assertNoUnexpectedErrors } = await openLanding();
    const nav = page.getByRole("navigation", { name: "Sections" }).first();
    for (const [label, id] of [
      ["Features", "features"],
      ["Practice", "practice"],
      ["Feedback", "feedback"],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL(`**/#${id}`);
      await page.waitForFunction(
        (sectionId) => {
          const top = document.getElementById(sectionId)!.getBoundingClientRect().top;
          return top >= 0 && top < 120;
        },
        id,
        { timeout: 5_000 },
      );
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    }
    assertNoUnexpectedErrors();
    await context.close();
  });

  it("on a phone the section links are still one tap away", async () => {
    const { page, context } = await openLanding(375, 800);
    const links = page.getByRole("navigation", { name: "Sections" });
    const visible = await links.evaluateAll(
      (navs) => navs.filter((nav) => (nav as HTMLElement).offsetParent !== null).length,
    );
    expect(visible).toBe(1);
    await page
      .getByRole("banner")
      .locator("nav:visible")
      .getByRole("link", { name: "Feedback" })
      .click();
    await page.waitForURL("**/#feedback");
    await context.close();
  });

  it("signed out: Sign In, Get Started, Start and the practice modes lead to /auth", async () => {
    const { page, context, assertNoUnexpectedErrors } = await openLanding();
    const header = page.getByRole("banner");
    // Get Started opens the Sign Up tab; Sign In the sign-in one.
    for (const [name, path] of [
      ["Sign In", "/auth"],
      ["Get Started", "/auth?tab=sign-up"],
    ] as const) {
      await header.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(`${journey.server.url}${path}`);
      await page.goBack();
      await page.waitForURL(`${journey.server.url}/`);
    }
    await page
      .getByRole("link", { name: /^Start Practising/ })
      .first()
      .click();
    await page.waitForURL(`${journey.server.url}/auth`);
    await page.goBack();

    for (const action of [
      "Start an AI interview",
      "Start quick practice",
      "Prepare for a company",
    ]) {
      expect(await page.getByRole("link", { name: action }).getAttribute("href")).toBe("/auth");
    }
    assertNoUnexpectedErrors();
    await context.close();
  });

  it("signed in: the header shows the email and Sign Out; Start leads to /practice", async () => {
    const email = `landing-${Date.now()}@example.com`;
    const response = await fetch(`${journey.server.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        email,
        password: "correct horse battery",
        data: { full_name: "Lan" },
      }),
    });
    expect(response.status).toBe(200);
    const session = (await response.json()) as { access_token?: string };
    expect(session.access_token).toBeTruthy();

    const { page, context, assertNoUnexpectedErrors } = await openPage(
      journey.browser,
      journey.server.url,
      {
        viewport: { width: 1280, height: 900 },
      },
    );
    // Where supabase-js keeps the session (its default key for this host).
    await context.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem("seeded")) {
          localStorage.setItem(key!, value!);
          sessionStorage.setItem("seeded", "1");
        }
      },
      ["sb-localhost-auth-token", JSON.stringify(session)],
    );
    await page.goto("/");
    const header = page.getByRole("banner");
    await header.getByText(email).waitFor();
    expect(await header.getByRole("link", { name: "Sign In" }).count()).toBe(0);
    expect(
      await page
        .getByRole("link", { name: /^Start Practising/ })
        .first()
        .getAttribute("href"),
    ).toBe("/practice");

    await header.getByRole("button", { name: "Sign Out" }).click();
    await header.getByRole("link", { name: "Sign In" }).waitFor();
    expect(await header.getByText(email).count()).toBe(0);
    expect(
      await page
        .getByRole("link", { name: /^Start Practising/ })
        .first()
        .getAttribute("href"),
    ).toBe("/auth");
    await page.reload();
    await waitForHydration(page);
    await header.getByRole("link", { name: "Get Started" }).waitFor();
    assertNoUnexpectedErrors();
    await context.close();
  });

  it("Watch Demo opens the walk-through (without JavaScript it leads to How it works)", async () => {
    const { page, context } = await openLanding();
    const watch = page.getByRole("link", { name: "Watch Demo" });
    expect(await watch.getAttribute("href")).toBe("#how-it-works");
    await watch.click();
    await page.getByRole("dialog", { name: "See Interview Coach at work" }).waitFor();
    expect(new URL(page.url()).hash).toBe("");
    await context.close();
  });

  it("fits a 320 px screen without sideways scrolling, and does not shift while loading", async () => {
    const { page, context } = await openPage(journey.browser, journey.server.url, {
      viewport: { width: 320, height: 640 },
    });
    await page.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(
      0.01,
    );
    await context.close();
  });

  it("saves screenshots at 375 px and 1280 px (artifacts for review)", async () => {
    for (const [width, height] of [
      [375, 812],
      [1280, 900],
    ] as const) {
      const { page, context } = await openLanding(width, height);
      await page.screenshot({ path: path.join(artifacts, `landing-${width}.png`), fullPage: true });
      await context.close();
    }
    const { page, context } = await openPage(journey.browser, journey.server.url, {
      viewport: { width: 375, height: 812 },
    });
    await page.goto("/no/such/page");
    await page.getByText("Oops! Page not found").waitFor();
    await page.screenshot({ path: path.join(artifacts, "not-found-375.png") });
    await context.close();
  });

  it("a page whose code fails to download offers a refresh instead of a blank screen", async () => {
    const { page, context, assertNoUnexpectedErrors } = await openPage(
      journey.browser,
      journey.server.url,
    );
    let blocked = true;
    await page.route(/\/assets\/not-found-[^/]+\.js$/, (route) =>
      blocked ? route.abort("connectionreset") : route.continue(),
    );
    await page.goto("/missing-after-deploy");
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    blocked = false;
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByText("Oops! Page not found").waitFor();
    assertNoUnexpectedErrors([
      /Failed to load resource|Failed to fetch dynamically imported module|Page failed to render/,
      /non-existent route/,
    ]);
    await context.close();
  });

  it("the 404 page logs the unknown path and links home", async () => {
    const { page, context, errors, assertNoUnexpectedErrors } = await openPage(
      journey.browser,
      journey.server.url,
    );
    await page.goto("/pricing/enterprise");
    await page.getByRole("heading", { name: "404" }).waitFor();
    await page.getByText("Oops! Page not found").waitFor();
    expect(errors.some((e) => e.includes("/pricing/enterprise"))).toBe(true);
    assertNoUnexpectedErrors([/non-existent route: \/pricing\/enterprise/]);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByRole("heading", { level: 1, name: /confident/i }).waitFor();
    await context.close();
  });
});

/** Hydration is done once React has attached its props to the pre-rendered header link. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const link = document.querySelector("header a[href='/']");
    return !!link && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
}
