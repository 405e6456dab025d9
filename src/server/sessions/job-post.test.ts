import { describe, expect, it } from "vitest";
import { loadQuestionBank } from "@/server/library/answer-library";
import { chooseQuestions } from "./choose-questions";
import { requirementQuestion, requirementsOf } from "./job-post";

const post = `About us
Acme builds payroll software for 2,000 small businesses.

What you'll do:
- Own the quarterly product roadmap with engineering and design
- Manages stakeholder communication across sales and support
- Run customer interviews every week

Requirements:
- 3+ years of experience in product management
- Strong SQL skills
- Excellent written and verbal communication skills, including presenting to executives, writing specs and leading workshops
- Must have experience with B2B SaaS

Nice to have
- Familiarity with Figma
- Experience with payroll or HR software

Benefits:
- 25 days holiday
- A pension with matched contributions`;

describe("a job post's requirements", () => {
  it("finds each skill and duty once, the required first, and nothing from the benefits", () => {
    const found = requirementsOf(post);
    expect(found.map((requirement) => requirement.phrase)).toEqual([
      "B2B SaaS",
      "product management",
      "SQL skills",
      "written and verbal communication skills",
      "own the quarterly product roadmap with engineering and design",
      "manage stakeholder communication across sales and support",
      "run customer interviews every week",
      "Figma",
      "payroll or HR software",
    ]);
    expect(found.slice(0, 4).every((requirement) => requirement.kind === "skill")).toBe(true);
    expect(found[4]!.kind).toBe("duty");
  });

  it("reads requirements in prose, and asks about skills and duties each in their own words", () => {
    const found = requirementsOf(
      "We are hiring a support lead in Leeds. You will coach a team of six agents. " +
        "You have experience with Zendesk. We offer flexible hours.",
    );
    expect(found.map(requirementQuestion)).toEqual([
      "This role would have you coach a team of six agents. Tell me about a time you did something like that.",
      "This role asks for Zendesk. Tell me about a time you used it at work.",
    ]);
  });

  it("says nothing of a post that asks for nothing", () => {
    expect(requirementsOf("")).toEqual([]);
    expect(requirementsOf("Benefits:\n- Free lunch\n- Gym")).toEqual([]);
  });
});

describe("a Company Specific set from a whole post", () => {
  it("asks about the post's most important requirements, each once, and labels only those", () => {
    const { questions, vocabulary } = chooseQuestions(
      loadQuestionBank(),
      { mode: "company", company: "Acme", role: "product-manager", jobPost: post },
      { random: () => 0.5 },
    );
    const fromPost = questions.filter((question) => question.source === "job-post");
    expect(fromPost).toHaveLength(4);
    expect(new Set(fromPost.map((question) => question.question)).size).toBe(4);
    // Nothing from the benefits, and the nice-to-haves wait for room.
    const asked = fromPost.map((question) => question.question).join(" ");
    expect(asked).not.toMatch(/holiday|pension|Figma/);
    expect(asked).toContain("B2B SaaS");
    for (const question of questions.filter((q) => q.source !== "job-post")) {
      expect(["general", "company", "role"]).toContain(question.source);
    }
    expect(vocabulary).toEqual(expect.arrayContaining(["saas", "roadmap"]));
  });
});
