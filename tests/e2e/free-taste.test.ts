import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { fixturesDir } from "@tests/support/audio-fixtures";
import { axeViolationsAtWidths } from "./support/axe";
import { callFromPage as call, toast } from "./support/practice";
import { useJourney } from "./support/journey";

/**
 * The free taste in real Chromium on the built-in engines: a new account without Premium sees
 * how many free answers it has and what Premium adds, answers three Quick Practice questions
 * (typed, spoken, typed) with the full report, and is then refused by the server — a fourth
 * answer, a new question, the paid pages — while the upgrade screen says the answers are used.
 */
const story =
  "In my last role a client moved our launch forward by two weeks. My task was to deliver the " +
  "reporting module on the new date. I split the work into daily milestones and paired with a " +
  "junior developer on the riskiest part. As a result we shipped three days early.";

/** Refusals of the server show up as console errors for the response status; expected. */
const refused = [/status of 403/];

const journey = useJourney({
  microphone: { plays: path.join(fixturesDir, "answer-deadline.slt.wav") },
});
beforeAll(async () => {
  const { page } = journey;
  await page.goto("/auth?tab=sign-up");
  await page.getByLabel("Full Name").fill("Tess Taste");
  await page.getByLabel("Email").fill(`taste-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("a sturdy passphrase");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL(`${journey.server.url}/`);
  await page.evaluate(() => localStorage.setItem("interview-coach:microphone-checked", "1"));
}, 120_000);

const banner = (page: Page) => page.getByTestId("free-answers-banner");

async function typedAnswer(page: Page) {
  await page.getByRole("tab", { name: "Type" }).click();
  await page.getByLabel("Your answer").fill(story);
  await page.getByRole("button", { name: "Get Feedback" }).click();
  await page.getByTestId("feedback-card").waitFor({ timeout: 90_000 });
}

describe("the free taste", () => {
  it("gives three Quick Practice answers with the full report, then only Premium", async () => {
    const { page } = journey;
    await page.goto("/practice");
    await page.getByRole("heading", { name: "Upgrade to Premium" }).waitFor();
    const free = page.getByTestId("free-answers");
    await free.getByRole("heading", { name: "3 of 3 free answers left" }).waitFor();
    await page.getByRole("list", { name: "Also in Premium" }).waitFor();
    expect(await axeViolationsAtWidths(page)).toEqual([]);

    await free.getByRole("link", { name: "Try a free question" }).click();
    await page.waitForURL(/mode=quick/);
    await banner(page).getByText("3 of 3 free answers left").waitFor();
    await page.getByRole("button", { name: "Give me a question" }).click();

    // 1: typed, with the full report.
    await typedAnswer(page);
    const card = page.getByTestId("feedback-card");
    await card.getByRole("region", { name: "What to change" }).waitFor();
    await banner(page).getByText("2 of 3 free answers left").waitFor({ timeout: 30_000 });
    expect(await axeViolationsAtWidths(page)).toEqual([]);

    // 2: spoken, through the same recogniser queue as a paid answer.
    await page.getByRole("button", { name: "Another question" }).click();
    await page.getByRole("button", { name: "Record Answer" }).click();
    await toast(page, "Recording started").waitFor();
    await page.waitForTimeout(11_000);
    await page.getByRole("button", { name: "Stop Answer" }).click();
    await page.getByRole("button", { name: "Get Feedback" }).click();
    const check = page.getByTestId("check-transcript");
    await Promise.race([check.waitFor({ timeout: 120_000 }), card.waitFor({ timeout: 120_000 })]);
    if (await check.isVisible()) {
      // What was heard, scored as it is: a free answer's one correction.
      await check.getByRole("button", { name: "Score my correction" }).click();
      await card.waitFor({ timeout: 60_000 });
    }
    await banner(page).getByText("1 of 3 free answers left").waitFor({ timeout: 30_000 });

    // 3: the last, typed; its report stays, and there is no further question.
    await page.getByRole("button", { name: "Another question" }).click();
    await typedAnswer(page);
    await banner(page).getByText("That was your last free answer").waitFor({ timeout: 30_000 });
    expect(await page.getByRole("button", { name: "Another question" }).count()).toBe(0);
    await card.getByRole("region", { name: "What to change" }).waitFor();

    // The server counts: a fourth answer and a new question are refused, however asked for.
    const session = (await call(page, "start-session", { mode: "quick" })).status;
    expect(session).toBe(403);
    const fourth = await call(page, "free-question", {});
    expect(fourth).toMatchObject({
      status: 403,
      body: { error: { code: "subscription_required" } },
    });
    const own = await call(page, "evaluate-answer", { question: "Why us?", answer: story });
    expect(own.status).toBe(403);

    // The upgrade screen says so, and Quick Practice is Premium again.
    await page.goto("/practice?mode=quick");
    await page.getByRole("heading", { name: "Upgrade to Premium" }).waitFor();
    await page.getByRole("heading", { name: "You have used your 3 free answers" }).waitFor();
    expect(await page.getByRole("link", { name: "Try a free question" }).count()).toBe(0);
    // Paid pages stay paid.
    await page.goto("/history");
    await page.getByRole("heading", { name: "Upgrade to Premium" }).waitFor();
    journey.user.assertNoUnexpectedErrors(refused);
  }, 400_000);
});
