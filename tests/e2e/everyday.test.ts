import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fixturesDir } from "@tests/support/audio-fixtures";
import { axeViolationsAtWidths } from "./support/axe";
import { launchBrowser, openPage } from "./support/browser";
import { toast } from "./support/practice";
import { deniedMicrophone, useJourney } from "./support/journey";

/**
 * The everyday experience in real Chromium on the built-in engines: a first run from "Get
 * Started" through checkout to a first mock interview; one app frame on every signed-in page at
 * a phone's width; the microphone check before a first recording, and a blocked microphone that
 * explains itself and offers typing; and /practice restored after a reload.
 */
const email = `everyday-${Date.now()}@example.com`;
const password = "a sturdy passphrase";
const story =
  "In my last role a client moved our launch forward by two weeks. My task was to deliver the " +
  "reporting module on the new date. I split the work into daily milestones and paired with a " +
  "junior developer on the riskiest part. As a result we shipped three days early.";

const journey = useJourney({
  microphone: { plays: path.join(fixturesDir, "answer-deadline.slt.wav") },
});

async function pay(page: Page) {
  await page.getByRole("button", { name: "Subscribe for $11/month" }).click();
  await page.waitForURL(/\/billing\/checkout\//);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill(`12 / ${(new Date().getFullYear() + 3) % 100}`);
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay $11.00" }).click();
  await page.waitForURL(/\/practice/);
}

describe("a first run", () => {
  it("goes from Get Started to sign-up, checkout, the welcome and a first mock interview", async () => {
    const { page } = journey;
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL(/\/auth/);
    const signUp = page.getByRole("tab", { name: "Sign Up" });
    await signUp.waitFor();
    expect(await signUp.getAttribute("aria-selected")).toBe("true");
    await page.getByLabel("Full Name").fill("Pat Practice");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${journey.server.url}/`);

    // Not back from checkout: no "Check Status" note.
    await page.goto("/practice");
    await page.getByRole("heading", { name: "Upgrade to Premium" }).waitFor();
    expect(await page.getByText(/If you just completed a purchase/).count()).toBe(0);

    await pay(page);
    await page.getByRole("heading", { name: "Start with a mock interview" }).waitFor({
      timeout: 20_000,
    });
    expect(new URL(page.url()).search).toBe("");
    const main = page.getByRole("main");
    // One primary action, the other modes below it; no mode is marked current.
    await main.getByRole("link", { name: "Quick Practice" }).waitFor();
    await main.getByRole("link", { name: "Company Specific" }).waitFor();
    await main.getByRole("link", { name: "Your own question" }).waitFor();
    expect(await page.getByRole("heading", { name: "Record Interview Question" }).count()).toBe(0);
    expect(
      await page
        .getByRole("navigation", { name: "Practice modes" })
        .locator("[aria-current]")
        .count(),
    ).toBe(0);
    // A reload still welcomes: the return from checkout is kept in the history entry.
    await page.reload();
    await page.getByRole("heading", { name: "Start with a mock interview" }).waitFor();
    expect(await axeViolationsAtWidths(page)).toEqual([]);

    await main.getByLabel("Role").selectOption("nurse");
    await main.getByLabel("Level").selectOption("entry");
    await page.getByRole("button", { name: "Start your first mock interview" }).click();
    await page.waitForURL(/mode=interview/);
    await page.getByText("Question 1 of 3").waitFor({ timeout: 20_000 });

    // The choice is remembered for the next setup.
    await page.goto("/practice?mode=company");
    expect(await page.getByLabel("Role").inputValue()).toBe("nurse");
    expect(await page.getByLabel("Level").inputValue()).toBe("entry");
    journey.user.assertNoUnexpectedErrors();
  });
});

describe("the app frame", () => {
  it("is the same on practice, history and account, and fits a 390-px phone", async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [url, heading] of [
      ["/practice?mode=quick", "Quick Practice"],
      ["/history", "History and progress"],
      ["/account", "Your account"],
    ] as const) {
      await page.goto(url);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor({ timeout: 20_000 });
      const banner = page.getByRole("banner");
      await banner.getByRole("link", { name: "Interview Coach" }).waitFor();
      expect(
        await banner.getByRole("navigation", { name: "Practice modes" }).getByRole("link").count(),
      ).toBe(4);
      await banner.getByRole("link", { name: "History" }).waitFor();
      const header = (await banner.boundingBox())!;
      expect(header.height).toBeLessThan(844 / 6);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${url} scrolls sideways`).toBe(0);

      await banner.getByRole("button", { name: `Account menu for ${email}` }).click();
      const menu = page.getByRole("menu");
      await menu.getByRole("menuitem", { name: "Manage subscription" }).waitFor();
      expect(await menu.getByRole("menuitem").allTextContents()).toEqual([
        "Account",
        "Manage subscription",
        "Sign out",
      ]);
      await menu.getByText("Premium").waitFor();
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
      expect(await axeViolationsAtWidths(page), url).toEqual([]);
    }

    // A new page starts at its top.
    await page.goto("/account");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("banner").getByRole("link", { name: "History" }).click();
    await page.getByRole("heading", { name: "History and progress" }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    journey.user.assertNoUnexpectedErrors();
  });
});

describe("the microphone", () => {
  it("is checked before the first recording: a level meter, then 'We hear you'", async () => {
    const { page } = journey;
    await page.goto("/practice?mode=quick");
    await page.getByRole("button", { name: "Give me a question" }).click();
    await page.getByRole("button", { name: "Record Answer" }).click();
    const check = page.getByRole("region", { name: "Microphone check" });
    await check.getByTestId("level-meter").waitFor();
    await check.getByText("We hear you").waitFor({ timeout: 15_000 });
    await check.getByRole("button", { name: "Start my answer" }).click();
    await page.getByTestId("recording-indicator").waitFor();
    // Stopped at once, a recording can hold no audio at all ("Nothing was recorded"): two seconds.
    await page
      .getByRole("timer")
      .filter({ hasText: /^0:0[2-9]/ })
      .waitFor();
    await page.getByRole("button", { name: "Stop Answer" }).click();
    await page.getByLabel("Your answer").first().waitFor();

    // Once per device: the next recording starts at once.
    await page.getByRole("button", { name: "Record Again" }).click();
    await page.getByTestId("recording-indicator").waitFor();
    expect(await check.count()).toBe(0);
    await page.getByRole("button", { name: "Stop Answer" }).click();
    journey.user.assertNoUnexpectedErrors();
  });

  it("when blocked, says how to allow it on the card and offers 'Type instead'", async () => {
    const denying = await launchBrowser(deniedMicrophone);
    try {
      const other = await openPage(denying, journey.server.url, {
        viewport: { width: 1280, height: 900 },
        storageState: await journey.user.context.storageState(),
      });
      const { page } = other;
      await page.goto("/practice?mode=quick");
      await page.getByRole("button", { name: "Give me a question" }).click();
      await page.getByRole("button", { name: "Record Answer" }).click();
      const problem = page.getByRole("alert").filter({ hasText: "Microphone access is blocked" });
      await problem.waitFor();
      await problem.getByText(/address bar/).waitFor();
      // It stays: not a toast that fades.
      await page.waitForTimeout(5000);
      expect(await problem.isVisible()).toBe(true);
      expect(await axeViolationsAtWidths(page)).toEqual([]);

      await problem.getByRole("button", { name: "Type instead" }).click();
      expect(await page.getByRole("tab", { name: "Type" }).getAttribute("aria-selected")).toBe(
        "true",
      );
      await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        await page.getByLabel("Your answer").getAttribute("id"),
      );
      await page.keyboard.type("I keep a short list of what went well each day.");
      expect(await page.getByRole("button", { name: "Get Feedback" }).isEnabled()).toBe(true);
      other.assertNoUnexpectedErrors([/status of 4\d\d/]);
      await other.context.close();
    } finally {
      await denying.close();
    }
  });
});

describe("/practice after a reload", () => {
  it("brings back the question, the sample answer and the last report", async () => {
    const { page } = journey;
    await page.goto("/practice");
    await page.getByRole("heading", { name: "Record Interview Question" }).waitFor();
    const question = "Tell me about a time you met a tight deadline.";
    await page.getByLabel("Interview question").fill(question);
    await page.getByRole("button", { name: "Generate AI Answer" }).click();
    await toast(page, "Answer generated").waitFor({ timeout: 30_000 });
    const answer = await page.getByTestId("answer-text").textContent();
    expect(answer?.length).toBeGreaterThan(50);
    await page.getByRole("tab", { name: "Type" }).click();
    await page.getByLabel("Your answer").fill(story);
    await page.getByRole("button", { name: "Get Feedback" }).click();
    const report = page.getByTestId("feedback-card");
    await report.waitFor({ timeout: 60_000 });
    const summary = await report.textContent();

    await page.reload();
    await page.getByRole("heading", { name: "Record Interview Question" }).waitFor();
    expect(await page.getByLabel("Interview question").inputValue()).toBe(question);
    expect(await page.getByTestId("answer-text").textContent()).toBe(answer);
    await report.waitFor();
    expect(await report.textContent()).toBe(summary);
    journey.user.assertNoUnexpectedErrors();
  });
});
