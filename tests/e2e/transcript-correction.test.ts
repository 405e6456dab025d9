import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fixturesDir } from "@tests/support/audio-fixtures";
import { axeViolationsAtWidths } from "./support/axe";
import { toast } from "./support/practice";
import { useJourney } from "./support/journey";

/**
 * Feedback people can trust (docs/decisions/0092, 0093), in real Chromium on the offline engines:
 * an unsure spoken answer opens on its transcript before any score; a report's transcript is
 * corrected in place, keeping the recording's delivery on the same try; low-anxiety mode hides
 * every number on reports and in the history. The fake microphone plays answer-deadline.slt,
 * which the offline recogniser hears with some words wrong (so it is marked approximate).
 */
const answerWav = path.join(fixturesDir, "answer-deadline.slt.wav");
const question = "Tell me about a time you worked under a tight deadline.";
const corrected =
  "In my last job, um, a client moved our deadline forward by a week. I split the work into " +
  "small pieces, checked progress every morning, and we delivered on time.";
/** Screenshots of the new states, for a person to look at (not compared). */
const shots = process.env.SCREENSHOT_DIR;

const journey = useJourney({ microphone: { plays: answerWav }, subscriber: "correction" });

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

/** Records the fake microphone's answer to `question` on /practice and asks for feedback. */
async function answerOutLoud(page: Page) {
  await page.goto("/practice");
  await page.getByLabel("Interview question").fill(question);
  await page.getByRole("button", { name: "Record Answer" }).click();
  await toast(page, "Recording started").waitFor();
  await page.waitForTimeout(11_000);
  await page.getByRole("button", { name: "Stop Answer" }).click();
  await page.getByRole("button", { name: "Get Feedback" }).click();
  await page.getByTestId("check-transcript").waitFor({ timeout: 60_000 });
}

async function screenshots(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The history list's answers. */
async function historyAnswers(page: Page) {
  await page.goto("/history");
  const list = page.getByRole("list", { name: "Your answers" });
  await list.waitFor();
  return list.getByRole("listitem");
}

describe("transcript first", () => {
  it("shows an unsure transcript before any score, and scores the correction", async () => {
    const { page } = journey;
    await answerOutLoud(page);
    await toast(page, "Check what we heard").waitFor();
    const check = page.getByTestId("check-transcript");
    // No score yet; the focus is on the check, and the words heard are in an editable box.
    expect(await page.getByTestId("feedback-card").count()).toBe(0);
    expect(await focused(page)).toBe("Check what we heard");
    const box = check.getByRole("textbox", { name: "What we heard" });
    expect((await box.inputValue()).length).toBeGreaterThan(20);
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    await screenshots(page, "check-what-we-heard");

    await box.fill(corrected);
    await check.getByRole("button", { name: "Score my correction" }).click();
    const card = page.getByTestId("feedback-card");
    await card.waitFor({ timeout: 30_000 });
    expect(await focused(page)).toBe("Your feedback");
    await card.getByText("Corrected transcript", { exact: true }).waitFor();
    expect(await card.getByTestId("feedback-transcript").textContent()).toContain(
      "a client moved our deadline forward by a week",
    );
    // Spoken, so the delivery figures are there, from the recording.
    expect(await card.getByRole("region", { name: "Delivery" }).textContent()).toMatch(
      /Duration0:(0[5-9]|1\d)/,
    );
    const marks = await card.locator("mark[data-highlight]").allTextContents();

    // One try in the history, said to be corrected, re-opened with the same highlights.
    const answers = await historyAnswers(page);
    expect(await answers.count()).toBe(1);
    await answers.first().getByText("Corrected transcript", { exact: true }).waitFor();
    await answers.first().getByRole("link").first().click();
    const reopened = page.getByTestId("feedback-card");
    await reopened.getByText("Corrected transcript", { exact: true }).waitFor();
    expect(await reopened.locator("mark[data-highlight]").allTextContents()).toEqual(marks);
    journey.user.assertNoUnexpectedErrors();
  }, 180_000);
});

describe("correcting the transcript in the report", () => {
  it("re-scores the same try, keeping the recording's delivery", async () => {
    const { page } = journey;
    const before = await historyAnswers(page);
    const answersBefore = await before.count();
    const triesBefore = Number(
      /(\d+) tr(y|ies)/.exec((await before.first().textContent()) ?? "")![1],
    );
    await answerOutLoud(page);
    // By keyboard: from the focused check, Tab to the box, its two buttons, and take the second.
    expect(await focused(page)).toBe("Check what we heard");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("Score it as heard");
    await page.keyboard.press("Enter");

    const card = page.getByTestId("feedback-card");
    await card.waitFor();
    const delivery = card.getByRole("region", { name: "Delivery" });
    const figure = async (label: string) =>
      (
        await delivery
          .getByRole("term")
          .filter({ hasText: label })
          .locator("xpath=following-sibling::dd")
          .allTextContents()
      ).join(" ");
    const duration = await figure("Duration");
    const pause = await figure("Longest pause");
    expect(duration).toMatch(/0:\d\d/);

    // The report itself takes the correction, with the focus in the box.
    await card.getByRole("button", { name: "Correct the Transcript" }).click();
    const box = card.getByRole("textbox", { name: "Correct what we heard" });
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshots(page, "correct-in-report");
    await box.fill(corrected);
    await box.press("Control+Enter");
    await card.getByText("Corrected transcript", { exact: true }).waitFor({ timeout: 30_000 });
    expect(await focused(page)).toBe("Your feedback");
    // Measured from the recording: kept. The fillers are counted from the corrected words.
    expect(await figure("Duration")).toBe(duration);
    expect(await figure("Longest pause")).toBe(pause);
    expect(await figure("Filler words")).toMatch(/^1 “um” ×1/);
    expect(await card.getByTestId("feedback-transcript").textContent()).toContain(
      "checked progress every morning",
    );
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    await screenshots(page, "corrected-report");

    // One try: the question's entry counts one try more than before it, not two.
    const answers = await historyAnswers(page);
    expect(await answers.count()).toBe(answersBefore);
    await answers
      .first()
      .getByText(`${triesBefore + 1} tries`)
      .waitFor();
    await answers.first().getByText("Corrected transcript", { exact: true }).waitFor();
    journey.user.assertNoUnexpectedErrors();
  }, 180_000);
});

describe("low-anxiety mode", () => {
  it("hides every number on the report and in the history, and is kept by the account", async () => {
    const { page } = journey;
    await page.goto("/account");
    const setting = page.getByRole("checkbox", { name: "Low-anxiety mode" });
    await setting.check();
    await toast(page, "Scores hidden").waitFor();
    expect(await setting.isChecked()).toBe(true);
    await screenshots(page, "account-low-anxiety");

    await page.goto("/practice");
    await page.getByLabel("Interview question").fill(question);
    await page.getByRole("tab", { name: "Type" }).click();
    await page.getByLabel("Your answer").fill(corrected);
    await page.getByRole("button", { name: "Get Feedback" }).click();
    const card = page.getByTestId("feedback-card");
    await card.getByText("Your answer", { exact: true }).waitFor({ timeout: 30_000 });
    await card.getByTestId("overall-word").waitFor();
    const report = (await card.textContent()) ?? "";
    expect(report).toMatch(/(Strong|Solid|Needs work)overall/);
    expect(report).not.toMatch(/\d\.\d|\/5|Last try/);
    // The advice stays.
    expect(await card.getByRole("region", { name: "What to change" }).textContent()).not.toBe("");
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    await screenshots(page, "low-anxiety-report");

    const answers = await historyAnswers(page);
    for (const text of await answers.allTextContents()) {
      expect(text).toMatch(/^(Strong|Solid|Needs work) overall/);
      expect(text).not.toMatch(/\d\.\d|out of 5/);
    }
    await page.getByText("Scores are hidden in low-anxiety mode").waitFor();
    expect(await page.getByTestId("progress-chart").count()).toBe(0);
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    await screenshots(page, "low-anxiety-history");

    // Kept by the account: signed out and in again, the numbers stay hidden.
    const email = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith("-auth-token"))!;
      return (JSON.parse(localStorage.getItem(key)!) as { user: { email: string } }).user.email;
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a sturdy passphrase");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${journey.server.url}/`);
    await (await historyAnswers(page)).first().waitFor();
    await page.getByText("Scores are hidden in low-anxiety mode").waitFor();
    journey.user.assertNoUnexpectedErrors();
  });
});
