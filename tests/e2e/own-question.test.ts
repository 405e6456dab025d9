import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixturesDir } from "@tests/support/audio-fixtures";
import { axeViolationsAtWidths } from "./support/axe";
import { toast } from "./support/practice";
import { useJourney } from "./support/journey";

/**
 * A question of one's own in real Chromium on the offline engines: the recording is transcribed
 * as soon as it stops ("Transcribe again" retries, "Record again" starts over), the captured
 * question is part of step 1, and the offline sample answer is labelled as the model-answer
 * template from our library it is, its [placeholders] marked and its tips a list.
 */

const journey = useJourney({
  microphone: { plays: path.join(fixturesDir, "why-hire-you.slt.wav") },
  subscriber: "own-question",
});

describe("a question of one's own", () => {
  it("is transcribed when the recording stops, and answered with a labelled template", async () => {
    const { page } = journey;
    const transcriptions: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/functions/v1/transcribe-audio")) transcriptions.push("sent");
    });
    // The captured question is the end of step 1, not a step of its own.
    const captured = page.getByRole("region", { name: "Captured question" });
    await captured.waitFor();
    const region = await captured.elementHandle();
    const sameCard = await page
      .getByRole("heading", { name: "Record Interview Question" })
      .evaluate((heading, part) => !!heading.closest("[data-slot=card]")?.contains(part), region);
    expect(sameCard).toBe(true);
    expect(await page.getByText("Step 2", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Step 3", { exact: true }).count()).toBe(1);

    await page.getByRole("button", { name: "Start Recording" }).click();
    await toast(page, "Recording started").waitFor();
    await page.waitForTimeout(4000);
    await page.getByRole("button", { name: "Stop Recording" }).click();
    // No button to press: the question is transcribed on its own (the recogniser can take a
    // while on a busy machine, so the field is watched rather than a toast that fades).
    const question = page.getByLabel("Interview question");
    await expect
      .poll(async () => (await question.inputValue()).toLowerCase(), { timeout: 180_000 })
      .toContain("why should we hire you");
    expect(transcriptions).toHaveLength(1);

    // The button is kept for a retry, and re-recording says what it does.
    await page.getByRole("button", { name: "Transcribe again" }).click();
    await page.getByRole("button", { name: "Transcribe again" }).waitFor({ timeout: 180_000 });
    expect(transcriptions).toHaveLength(2);
    await page.getByRole("button", { name: "Record again" }).waitFor();
    expect(await page.getByRole("button", { name: "Start Recording" }).count()).toBe(0);

    await page.getByRole("button", { name: "Generate AI Answer" }).click();
    await page
      .getByRole("heading", { name: "Model-answer template" })
      .waitFor({ timeout: 120_000 });
    await page.getByRole("button", { name: "Generate AI Answer" }).waitFor();
    // Labelled for what it is: a template from our library, offline.
    await page.getByRole("heading", { name: "Model-answer template" }).waitFor();
    await page.getByText("From our interview library · offline").waitFor();
    expect(await page.getByRole("heading", { name: "AI-Generated Answer" }).count()).toBe(0);
    const answer = page.getByTestId("answer-text");
    const placeholders = await answer.locator("mark[data-placeholder]").allTextContents();
    expect(placeholders.length).toBeGreaterThan(0);
    for (const text of placeholders) expect(text).toMatch(/^\[[^\]]+\]$/);
    // Its tips are a list, not lines starting with "-".
    await answer.getByRole("heading", { name: "Tips" }).waitFor();
    const tips = await answer.getByRole("listitem").allTextContents();
    expect(tips.length).toBeGreaterThanOrEqual(2);
    for (const tip of tips) expect(tip).not.toMatch(/^-/);
    expect(await answer.textContent()).not.toContain("Tips:");

    // From the top: scrolled, the sticky header covers whichever button is under it (axe's
    // target-size counts that), and the toasts cover the bottom of a phone's screen while they last.
    await expect.poll(() => toast(page).count(), { timeout: 30_000 }).toBe(0);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    journey.user.assertNoUnexpectedErrors();
  }, 480_000);
});
