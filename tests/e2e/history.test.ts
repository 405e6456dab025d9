import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolationsAtWidths } from "./support/axe";
import { callFromPage } from "./support/practice";
import { useJourney } from "./support/journey";

/**
 * The history in real Chromium on the built-in engines: a question's tries together with the
 * latest score, the number of tries and the trend; an interview's answers under the interview;
 * "Practise again" on an answer (answered again in place, counted as one more try) and on a
 * session (a new interview with the same choices); the chart's points named by their question;
 * a time axis for answers all from one day; and a phone's layout.
 */
const own = "Tell me about a time you handled a tight deadline at work and what you learned.";
const story =
  "In my last role a client moved our launch forward by two weeks. My task was to deliver the " +
  "reporting module on the new date. I split the work into daily milestones and paired with a " +
  "junior developer on the riskiest part. As a result we shipped three days early.";

let interviewQuestion = "";

/** A function called from the page; it must succeed. */
async function call(page: Page, name: string, body: unknown) {
  const res = await callFromPage(page, name, body);
  if (res.status >= 300) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const journey = useJourney({ subscriber: "history" });
beforeAll(async () => {
  const { page } = journey;
  // Two tries of one question (a weak one, then a strong one), and a 3-question interview with
  // two answers.
  await call(page, "evaluate-answer", { question: own, answer: "I worked hard and it was fine." });
  await call(page, "evaluate-answer", { question: own, answer: story });
  const session = (await call(page, "start-session", {
    mode: "interview",
    role: "data-analyst",
    level: "senior",
    length: 3,
  })) as { id: string; questions: { question: string }[] };
  interviewQuestion = session.questions[0]!.question;
  await call(page, "evaluate-answer", {
    question: interviewQuestion,
    answer: story,
    attemptOf: `${session.id}:0`,
  });
  await call(page, "evaluate-answer", {
    question: session.questions[1]!.question,
    answer: "I like data.",
    attemptOf: `${session.id}:1`,
  });
}, 240_000);

const entries = (page: Page) =>
  page.getByRole("list", { name: "Your answers" }).locator(":scope > li");

describe("history you can use", () => {
  it("groups a question's tries and a session's answers, and practises one again", async () => {
    const { page } = journey;
    await page.goto("/history");
    await entries(page).nth(1).waitFor({ timeout: 30_000 });
    expect(await entries(page).count()).toBe(2);

    // Newest first: the interview, with its two answers under it.
    const interview = entries(page).first();
    await interview
      .getByRole("link", { name: /^AI Interviewer · Data analyst · senior level$/ })
      .waitFor();
    await interview.getByText("2 of 3 questions answered").waitFor();
    const sessionAnswers = interview
      .getByRole("list", { name: "Answers in this session" })
      .getByRole("listitem");
    expect(await sessionAnswers.count()).toBe(2);
    expect(await sessionAnswers.getByRole("link", { name: /^Practise again/ }).count()).toBe(2);

    // The question answered twice: one entry, its latest score, 2 tries, the trend up.
    const question = entries(page).nth(1);
    await question.getByRole("link", { name: own, exact: true }).waitFor();
    await question.getByText("2 tries", { exact: true }).waitFor();
    expect(await question.getByTestId("question-trend").textContent()).toMatch(/^up \d\.\d/);
    await question.getByText("Own question", { exact: true }).waitFor();
    expect(await axeViolationsAtWidths(page)).toEqual([]);

    // Practise it again, typed: the answer is one more try of the same entry.
    await question.getByRole("link", { name: `Practise again: ${own}` }).click();
    const again = page.getByRole("heading", { name: `Practise again: ${own}` });
    await again.waitFor();
    expect(await again.evaluate((el) => el === document.activeElement)).toBe(true);
    const panel = page.getByTestId("practise-again");
    await panel.getByRole("tab", { name: "Type" }).click();
    await panel.getByLabel("Your answer").fill(story);
    await panel.getByRole("button", { name: "Get Feedback" }).click();
    await panel.getByTestId("feedback-card").waitFor({ timeout: 60_000 });
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    await panel.getByRole("button", { name: "Done" }).click();
    await page.getByRole("link", { name: "All answers" }).click();
    await entries(page).first().getByText("3 tries", { exact: true }).waitFor({ timeout: 30_000 });
    expect(await entries(page).count()).toBe(2);

    // A session's answer practised again stays with its session.
    await entries(page)
      .nth(1)
      .getByRole("link", { name: `Practise again: ${interviewQuestion}` })
      .click();
    const sessionPanel = page.getByTestId("practise-again");
    await sessionPanel.getByRole("tab", { name: "Type" }).click();
    await sessionPanel.getByLabel("Your answer").fill(story);
    await sessionPanel.getByRole("button", { name: "Get Feedback" }).click();
    await sessionPanel.getByTestId("feedback-card").waitFor({ timeout: 60_000 });
    await sessionPanel.getByRole("button", { name: "Done" }).click();
    await page.getByRole("link", { name: "All answers" }).click();
    const interviewNow = entries(page).first();
    await interviewNow
      .getByRole("list", { name: "Answers in this session" })
      .getByRole("listitem")
      .nth(2)
      .waitFor({ timeout: 30_000 });
    expect(await entries(page).count()).toBe(2);

    // Practise the session again: a new interview with the same choices starts at once.
    await interviewNow.getByRole("link", { name: /^Practise again: a new AI Interviewer/ }).click();
    await page.waitForURL(/\/practice\?mode=interview/);
    await page.getByText("Question 1 of 3").waitFor({ timeout: 30_000 });
    journey.user.assertNoUnexpectedErrors();
  }, 300_000);

  it("labels the chart's points with their questions, on a time axis for one day", async () => {
    const { page } = journey;
    await page.goto("/history");
    const chart = page.getByTestId("progress-chart");
    await chart.waitFor();
    // Every answer is from today: the axis gives times, and names the day once.
    expect(await page.getByTestId("time-axis-title").textContent()).toMatch(/^Time of day, /);
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2);
    const tooltip = page.getByTestId("chart-tooltip");
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain(interviewQuestion);
    expect(await tooltip.textContent()).toMatch(/\d\.\d overall/);

    await page.getByText("Show the scores as a table").click();
    const table = page.getByRole("table");
    expect(await table.getByRole("columnheader", { name: "Question" }).count()).toBe(1);
    expect(await table.getByRole("cell", { name: own, exact: true }).count()).toBe(3);
    expect(await table.getByRole("cell", { name: interviewQuestion, exact: true }).count()).toBe(2);
    journey.user.assertNoUnexpectedErrors();
  });

  it("on a phone, shows the mode under the whole question", async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto("/history");
      const question = entries(page).nth(1);
      const link = question.getByRole("link", { name: own, exact: true });
      await link.waitFor();
      const badge = question.getByText("Own question", { exact: true });
      const [linkBox, badgeBox] = [(await link.boundingBox())!, (await badge.boundingBox())!];
      expect(badgeBox.y).toBeGreaterThanOrEqual(linkBox.y + linkBox.height);
      // Not cut: the whole question is laid out, on as many lines as it needs.
      expect(
        await link.evaluate(
          (el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
        ),
      ).toBe(true);
      expect(linkBox.width).toBeGreaterThan(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    journey.user.assertNoUnexpectedErrors();
  });
});
