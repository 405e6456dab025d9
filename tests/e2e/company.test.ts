import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";

/**
 * Company Specific in real Chromium on the built-in engines (docs/decisions/0140): a pasted job
 * post's requirements become questions, the most important first, and only those say "From the
 * job post"; nothing from its benefits is asked.
 */
const post = `About us
Acme builds payroll software for small businesses.

What you'll do:
- Own the quarterly product roadmap with engineering and design
- Run customer interviews every week

Requirements:
- Must have experience with B2B SaaS
- Familiarity with Figma

Benefits:
- 25 days holiday`;

const journey = useJourney({ subscriber: "company" });

describe("Company Specific", () => {
  it("asks about the job post's requirements, labelled as from the post", async () => {
    const { page } = journey;
    await page.goto("/practice?mode=company");
    await page.getByRole("heading", { name: "Company Specific", level: 1 }).waitFor();
    await page.getByLabel("Company").fill("Acme");
    await page.getByLabel("Role").selectOption("product-manager");
    await page.getByLabel("Job post (optional)").fill(post);
    await page.getByRole("button", { name: "Prepare my questions" }).click();

    const seen: { badge: string; question: string }[] = [];
    const card = page.getByRole("heading", { level: 2 }).first();
    await page.getByText(/^Question 1 of \d+$/).waitFor();
    const total = Number(
      (await page.getByText(/^Question 1 of \d+$/).textContent())!.split(" ")[3],
    );
    for (let at = 1; at <= total; at++) {
      await page.getByText(`Question ${at} of ${total}`, { exact: true }).waitFor();
      const badge = page.getByText(`Question ${at} of ${total}`, { exact: true }).locator("+ *");
      seen.push({
        badge: (await badge.textContent()) ?? "",
        question: (await card.textContent()) ?? "",
      });
      if (at < total) await page.getByRole("button", { name: "Skip this question" }).click();
    }
    const fromPost = seen.filter((entry) => entry.badge === "From the job post");
    expect(fromPost.map((entry) => entry.question)).toEqual([
      "This role asks for B2B SaaS. Tell me about a time you used it at work.",
      expect.stringContaining("Figma"),
      // The roadmap: the bank's question on the skill it names, or the duty in its own words.
      expect.any(String),
      expect.stringMatching(/customer interviews|users/),
    ]);
    expect(seen.map((entry) => entry.question).join(" ")).not.toContain("holiday");
    expect(seen[1]).toEqual({
      badge: "About the company",
      question: "Why do you want to work at Acme?",
    });
    journey.user.assertNoUnexpectedErrors();
  });
});
