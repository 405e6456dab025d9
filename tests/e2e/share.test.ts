import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixturesDir } from "@tests/support/audio-fixtures";
import { axeViolationsAtWidths } from "./support/axe";
import { openPage } from "./support/browser";
import { useJourney } from "./support/journey";

/**
 * Share with your coach in real Chromium: a finished interview's report shared, the link opened
 * in a signed-out browser, a comment left there (shown as text, never as markup), the comment
 * seen on the owner's report, the link listed on /account with its last opening, revoked there,
 * and the page answering 404 after; then one answer shared from the history, opened at it.
 */

const story =
  "In my last role a client moved our launch forward by two weeks. My task was to deliver the " +
  "reporting module on the new date. I split the work into daily milestones because the risk " +
  "was in the integration, I renegotiated the scope of two features, and I paired with a junior " +
  "developer on the riskiest part. As a result we shipped three days early.";

let shareUrl = "";
let sessionId = "";

const journey = useJourney({
  microphone: { plays: path.join(fixturesDir, "answer-deadline.slt.wav") },
  subscriber: "share",
});

describe("share with your coach", () => {
  it("shares a finished interview's report as a link", async () => {
    const { page } = journey;
    await page.goto("/practice?mode=interview");
    await page.getByLabel("Length").selectOption("3");
    await page.getByRole("button", { name: "Start the interview" }).click();
    await page.getByRole("button", { name: "Start", exact: true }).click();
    const report = page.getByTestId("session-report");
    // Every turn typed (follow-ups included) until the report comes.
    for (let turn = 0; turn < 8 && !(await report.isVisible()); turn++) {
      const listening = page.getByTestId("listening");
      await Promise.race([
        listening.waitFor({ timeout: 120_000 }),
        report.waitFor({ timeout: 120_000 }),
      ]);
      if (await report.isVisible()) break;
      await page.getByLabel("Or type your answer").fill(story);
      const yours = page.getByTestId("interview-transcript").locator('[data-speaker="you"]');
      const before = await yours.count();
      await page.getByRole("button", { name: "Send typed answer" }).click();
      // The turn has ended once the answer joins the transcript, or once the report has taken
      // the interview's place after its last answer; the listening state cannot tell, since the
      // next turn's may be back before a look sees it go.
      await yours.nth(before).or(report).first().waitFor({ timeout: 120_000 });
    }
    await report.waitFor({ timeout: 120_000 });

    await report.getByRole("heading", { name: "Share with your coach" }).waitFor();
    const created = page.waitForResponse((res) => res.url().endsWith("/functions/v1/create-share"));
    await report.getByRole("button", { name: "Create a share link" }).click();
    const link = (await (await created).json()) as { url: string; sessionId: string };
    sessionId = link.sessionId;
    const field = report.getByLabel("Share link");
    await expect.poll(() => field.inputValue()).toBe(link.url);
    shareUrl = link.url;
    expect(shareUrl).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
    journey.user.assertNoUnexpectedErrors();
  });

  it("opens signed out, read-only, and takes a comment shown as text", async () => {
    const coach = await openPage(journey.browser, journey.server.url, {
      viewport: { width: 390, height: 844 },
    });
    try {
      const { page } = coach;
      const opened = await page.goto(shareUrl);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
      expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
      await page.getByRole("heading", { name: "Report" }).waitFor();
      await page.getByText("we shipped three days early").first().waitFor();
      expect(await page.content()).not.toMatch(/share-\d+@example\.com/);
      expect(await axeViolationsAtWidths(page)).toEqual([]);

      const form = page.getByRole("form", { name: "Comment on the answer to question 1" });
      await form.getByLabel("Your name").fill("Coach Kim");
      await form.getByLabel("Comment").fill("<b>Strong close.</b> Say why you chose milestones.");
      await form.getByRole("button", { name: "Leave a comment" }).click();
      await page.getByText("<b>Strong close.</b> Say why you chose milestones.").waitFor();
      expect(await page.locator("b", { hasText: "Strong close." }).count()).toBe(0);
      coach.assertNoUnexpectedErrors();
    } finally {
      await coach.context.close();
    }
  });

  it("shows the owner the comment on the report, lets them delete it, list and revoke the link", async () => {
    const { page } = journey;
    await page.goto(`/history?session=${sessionId}`);
    const report = page.getByTestId("session-report");
    await report.getByRole("heading", { name: "Comments from your coach" }).waitFor();
    await report.getByText("<b>Strong close.</b> Say why you chose milestones.").waitFor();
    await report.getByRole("button", { name: "Delete the comment from Coach Kim" }).click();
    await report
      .getByRole("heading", { name: "Comments from your coach" })
      .waitFor({ state: "detached" });

    await page.goto("/account");
    const links = page.getByRole("region", { name: "Shared links" });
    await links.getByText(/last opened/).waitFor();
    await links.getByText("Active").waitFor();
    await links.getByRole("button", { name: /Revoke the link/ }).click();
    await links.getByText("Revoked").waitFor();

    const after = await journey.user.context.request.get(shareUrl);
    expect(after.status()).toBe(404);

    // One answer shared: the session's link, opened at that answer.
    await page.goto(`/history?session=${sessionId}`);
    await page.getByRole("link", { name: "See the answer" }).first().click();
    await page.getByRole("button", { name: "Share this answer" }).click();
    const answerLink = page.getByLabel("Share link to this answer");
    await expect.poll(() => answerLink.inputValue()).toMatch(/\/shared\/[\w-]{43}#answer-[\w-]+$/);
    const [address, anchor] = (await answerLink.inputValue()).split("#");
    const opened = await journey.user.context.request.get(address!);
    expect(opened.status()).toBe(200);
    expect(await opened.text()).toContain(`id="${anchor}"`);
    journey.user.assertNoUnexpectedErrors();
  });
});
