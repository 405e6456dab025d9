import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { say, speakUtterance, type Utterance } from "@tests/support/scripted-microphone";
import { axeViolationsAtWidths } from "./support/axe";
import { useJourney } from "./support/journey";

/**
 * The AI Interviewer as a spoken conversation (docs/decisions/0104) in real Chromium: after one
 * Start the interviewer asks, the microphone listens, a silence ends each turn, and a story
 * without its result draws a follow-up that is answered by voice; leaving and reloading offers
 * the interview back; "I'm done" by keyboard; a typed answer; the report lists every answer.
 */
const clips = path.join(os.tmpdir(), "interview-coach-interview-clips");
const intro: Utterance = {
  parts: [
    "I lead a customer support team, and I have eight years of experience in software companies.",
    1.5,
    "I like fixing the cause of a problem because customers remember how we treated them.",
  ],
};
/** A story with no result: the interviewer asks how it ended. */
const noResult: Utterance = {
  parts: [
    "Last year a large customer was angry about repeated outages.",
    2.0,
    "I called them every morning, I wrote a recovery plan with our engineers, and I shared an update every day.",
  ],
};
const outcome: Utterance = {
  parts: [
    "In the end the outages stopped and the customer renewed their contract for two more years.",
    0.8,
    "I was proud of that.",
  ],
};

const journey = useJourney({ microphone: "scripted", subscriber: "interview" });
let page: Page;
const wav = (utterance: Utterance) => speakUtterance(utterance, clips);

beforeAll(() => {
  ({ page } = journey);
});

const listening = () => page.getByTestId("listening").waitFor({ timeout: 90_000 });
const heading = () => page.getByRole("heading", { level: 2 }).first().textContent();

async function openInterview(length: "3" | "5") {
  await page.goto("/practice?mode=interview");
  await page.getByRole("heading", { name: "AI Interviewer", level: 1 }).waitFor();
  await page.getByLabel("Role").selectOption("customer-support");
  await page.getByLabel("Level").selectOption("senior");
  await page.getByLabel("Length").selectOption(length);
  await page.getByRole("button", { name: "Start the interview" }).click();
}

/** Answers the turn now listening out loud; then, when a follow-up is asked, its answer too. */
async function answerByVoice(utterance: Utterance): Promise<boolean> {
  await listening();
  const before = await page.getByTestId("interview-transcript").locator("li").count();
  await say(page, wav(utterance));
  // The turn ends by itself, the interviewer acknowledges, then asks on.
  // The turn ends by itself, the interviewer acknowledges, then asks on (or the report comes).
  await page
    .getByTestId("interview-transcript")
    .locator("li")
    .nth(before + 2)
    .or(page.getByTestId("session-report"))
    .first()
    .waitFor({ timeout: 90_000 });
  return answerFollowUp();
}

/** When the interviewer asks a follow-up, answers it out loud; whether it did. */
async function answerFollowUp(): Promise<boolean> {
  await page.getByTestId("listening").or(page.getByTestId("session-report")).first().waitFor({
    timeout: 90_000,
  });
  if (!(await page.getByText("Follow-up", { exact: true }).isVisible())) return false;
  await say(page, wav(outcome));
  await page
    .getByText("Follow-up", { exact: true })
    .waitFor({ state: "detached", timeout: 90_000 });
  return true;
}

describe("AI Interviewer, hands-free", () => {
  it("runs a 3-question interview with no click after Start and reports every answer", async () => {
    await openInterview("3");
    await page.getByRole("button", { name: "Start", exact: true }).click();
    const asked: string[] = [];
    for (let turn = 0; turn < 3; turn++) {
      await listening();
      asked.push((await heading()) ?? "");
      if (turn === 1) {
        await page.screenshot({ path: "tests/artifacts/interview-listening.png", fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: "tests/artifacts/interview-phone.png", fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await answerByVoice(turn === 0 ? intro : noResult);
    }
    expect(asked[0]).toContain("yourself");
    const report = page.getByTestId("interview-answers");
    await report.waitFor({ timeout: 90_000 });
    const items = report.locator(":scope > li");
    await expect(items.count()).resolves.toBe(3);
    for (let k = 0; k < 3; k++) {
      await expect(items.nth(k).textContent()).resolves.toContain(asked[k]!.slice(0, 30));
      await expect(items.nth(k).textContent()).resolves.not.toContain("Skipped");
    }
    await page.screenshot({ path: "tests/artifacts/interview-report.png", fullPage: true });
    const transcript = await items.nth(0).textContent();
    expect(transcript).toMatch(/customer|support|experience/);
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    journey.user.assertNoUnexpectedErrors();
  }, 400_000);

  it("asks a follow-up, survives a reload, takes 'I'm done' by keyboard and a typed answer", async () => {
    await openInterview("5");
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await answerByVoice(intro);

    // Leaving mid-interview: the browser asks first; after the reload the interview is offered back.
    await listening();
    const second = await heading();
    // A link inside the app asks first; staying keeps the interview. Reloading asks too (the
    // browser's own prompt); after it the interview is offered back.
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.type());
      void (dialog.type() === "confirm" ? dialog.dismiss() : dialog.accept());
    });
    await page.getByRole("link", { name: "History" }).first().click();
    expect(page.url()).toContain("mode=interview");
    // The Back button asks too; staying keeps the interview where it was.
    await page.goBack();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(page.url()).toContain("mode=interview");
    expect(await heading()).toBe(second);
    await page.reload();
    expect(dialogs).toEqual(["confirm", "confirm", "beforeunload"]);
    page.removeAllListeners("dialog");
    await page.getByRole("button", { name: "Resume interview" }).first().click();
    await page.getByRole("button", { name: "Resume interview" }).click();
    await listening();
    expect(await heading()).toBe(second);
    await expect(page.getByTestId("interview-transcript").textContent()).resolves.toMatch(
      /customer|support|experience/,
    );
    expect(await axeViolationsAtWidths(page)).toEqual([]);

    // Question 2: "I'm done" by keyboard, straight after speaking.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await say(page, wav(intro));
    await page.keyboard.press("Space");
    await page.getByTestId("listening").waitFor({ state: "detached", timeout: 90_000 });
    await answerFollowUp();

    // Question 3 is the general story question; typed, without its result, it always draws the
    // follow-up (a spoken one could be misheard as giving one), which is answered out loud.
    await listening();
    await page
      .getByLabel("Or type your answer")
      .fill(noResult.parts.filter((part) => typeof part === "string").join(" "));
    await page.getByRole("button", { name: "Send typed answer" }).click();
    await page.getByTestId("listening").waitFor({ state: "detached", timeout: 90_000 });
    const heard = () => page.getByTestId("interview-transcript").innerText();
    expect(await answerFollowUp(), `no follow-up was asked in:\n${await heard()}`).toBe(true);

    // Questions 4 and 5 out loud, hands-free.
    await answerByVoice(noResult);
    await answerByVoice(noResult);
    const report = page.getByTestId("interview-answers");
    await report.waitFor({ timeout: 90_000 });
    await expect(report.locator(":scope > li").count()).resolves.toBe(5);
    await expect(report.textContent()).resolves.toContain("Follow-up:");
    await expect(report.textContent()).resolves.toMatch(/renewed|contract|outages stopped/);
    journey.user.assertNoUnexpectedErrors();
  }, 400_000);
});
