import { describe, expect, it } from "vitest";
import { evalCvs } from "@tests/data/cvs";
import { fileOf } from "@tests/support/cv-eval";
import { scannedPdf } from "@tests/support/cv-files";
import { axeViolationsAtWidths } from "./support/axe";
import { toast } from "./support/practice";
import { useJourney } from "./support/journey";

/**
 * The CV in real Chromium on the built-in engines: a scanned PDF refused with "paste it
 * instead", a PDF uploaded on the AI Interviewer's setup, its text reviewed and saved, and an
 * interview that opens with it; a DOCX replacing it on Company Specific, whose questions name the
 * CV's employer; the CV on /account, deleted there.
 */

const priya = evalCvs[0]!;
const grace = evalCvs[1]!;

const journey = useJourney({ subscriber: "cv" });

describe("a CV", () => {
  it("is uploaded as a PDF on the AI Interviewer's setup, reviewed, and opens the interview", async () => {
    const { page } = journey;
    await page.goto("/practice?mode=interview");
    await page.getByRole("heading", { name: "Questions from your CV (optional)" }).waitFor();
    await page.getByText("Your CV stays on this server").waitFor();
    const fileField = page.getByLabel("Your CV (PDF, Word .docx or text, up to 2 MB)");

    // A scanned CV has no text: the page says to paste it instead.
    await fileField.setInputFiles({
      name: "scan.pdf",
      mimeType: "application/pdf",
      buffer: scannedPdf(),
    });
    await page
      .getByRole("alert")
      .getByText(/could not find text.*paste/i)
      .waitFor();

    await fileField.setInputFiles({
      name: "priya.pdf",
      mimeType: "application/pdf",
      buffer: fileOf(priya),
    });
    const review = page.getByLabel("Check the text we found");
    await expect.poll(() => review.inputValue()).toContain("Northwind Payments");
    // The review is editable: a correction is what gets saved.
    await review.fill(
      (await review.inputValue()).replace("Brightleaf Labs", "Brightleaf Labs Ltd"),
    );
    await page.getByRole("button", { name: "Save CV" }).click();
    await toast(page, "CV saved");
    await page.getByText("Senior Software Engineer at Northwind Payments").waitFor();
    await page.getByText("Software Engineer at Brightleaf Labs Ltd").waitFor();
    expect(await page.getByLabel("Ask me questions from my CV").isChecked()).toBe(true);
    expect(await axeViolationsAtWidths(page)).toEqual([]);

    await page.getByLabel("Length").selectOption("3");
    await page.getByRole("button", { name: "Start the interview" }).click();
    await page.getByText("Question 1 of 3").waitFor();
    await page.getByRole("heading", { name: "Walk me through your CV.", level: 2 }).waitFor();
    await page.getByText("From your CV", { exact: true }).waitFor();
    journey.user.assertNoUnexpectedErrors([/422/]);
  });

  it("is replaced by a DOCX on Company Specific, whose questions name its employer", async () => {
    const page = await journey.user.context.newPage();
    await page.goto("/practice?mode=company");
    await page.getByRole("button", { name: "Replace CV" }).click();
    await page.getByLabel("Your CV (PDF, Word .docx or text, up to 2 MB)").setInputFiles({
      name: "grace.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: fileOf(grace),
    });
    await expect
      .poll(() => page.getByLabel("Check the text we found").inputValue())
      .toContain("Salford Royal Hospital");
    await page.getByRole("button", { name: "Save CV" }).click();
    await page.getByText("Senior Staff Nurse at Salford Royal Hospital").waitFor();

    await page.getByLabel("Company").fill("Acme Health");
    await page.getByLabel("Role").selectOption("nurse");
    await page.getByRole("button", { name: "Prepare my questions" }).click();
    await page.getByRole("heading", { name: "Walk me through your CV." }).waitFor();
    const asked: string[] = [];
    for (let n = 0; n < 3; n++) {
      await page.getByRole("button", { name: "Skip this question" }).click();
      asked.push((await page.getByRole("heading", { level: 2 }).first().textContent()) ?? "");
    }
    expect(asked.join("\n")).toContain(
      "Tell me about your time at Salford Royal Hospital as Senior Staff Nurse.",
    );
    await page.close();
  });

  it("is shown on /account and deleted there", async () => {
    const { page } = journey;
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Your CV" });
    await section.getByText("grace.docx").waitFor();
    await section.getByText("Senior Staff Nurse at Salford Royal Hospital").waitFor();
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    await section.getByRole("button", { name: "Delete CV" }).click();
    await section.getByRole("button", { name: "Delete for good" }).click();
    await toast(page, "CV deleted");
    await section.getByLabel("Or paste your CV's text").waitFor();
    journey.user.assertNoUnexpectedErrors([/422/]);
  });
});
