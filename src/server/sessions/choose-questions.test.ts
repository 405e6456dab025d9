import { describe, expect, it } from "vitest";
import type { BankEntry } from "@/server/library/answer-library";
import { chooseQuestions, questionKeyOf, skillsInJobPost } from "./choose-questions";

/** A small bank of our own, so each rule is seen on its own. */
const entry = (id: string, extra: Partial<BankEntry> = {}): BankEntry => ({
  id,
  question: `Question ${id}?`,
  category: "behavioural",
  variants: [`Variant one ${id}?`, `Variant two ${id}?`],
  answer: "a".repeat(200),
  tips: ["one", "two"],
  ...extra,
});
const bank: BankEntry[] = [
  entry("tell-me-about-yourself", { category: "background" }),
  entry("anything-else-to-add", { category: "closing" }),
  ...Array.from({ length: 6 }, (_, k) => entry(`story-${k}`)),
  ...Array.from({ length: 8 }, (_, k) =>
    entry(`analyst-${k}`, {
      category: "situational",
      role: "data-analyst",
      levels: k % 2 ? ["mid", "senior"] : ["entry"],
      skills: k === 0 ? ["sql"] : k === 1 ? ["stakeholder-management"] : ["dashboards"],
      keyPoints: ["one", "two"],
    }),
  ),
];
const seeded =
  (seed = 1) =>
  () =>
    ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

describe("choosing a session's questions", () => {
  it("asks the role's questions at the level, between the opener and the closer", () => {
    const { questions } = chooseQuestions(
      bank,
      { mode: "interview", role: "data-analyst", level: "mid", length: 5 },
      { random: seeded() },
    );
    expect(questions.map((q) => q.bankId?.replace(/-\d$/, ""))).toEqual([
      "tell-me-about-yourself",
      "analyst",
      "story",
      "analyst",
      "anything-else-to-add",
    ]);
    for (const q of questions.filter((q) => q.source === "role")) {
      expect(Number(q.bankId!.at(-1)) % 2).toBe(1); // the mid-level ones
    }
  });

  it("fills with general story questions when the role has too few", () => {
    const { questions } = chooseQuestions(
      bank,
      { mode: "interview", role: "nurse", level: "senior", length: 8 },
      { random: seeded() },
    );
    expect(questions).toHaveLength(8);
    expect(new Set(questions.map((q) => q.bankId)).size).toBe(8);
  });

  it("avoids questions answered recently in Quick Practice, unless nothing else is left", () => {
    const recent = new Set(["story-0", "story-1", "story-2", "story-3", "story-4"]);
    const { questions } = chooseQuestions(
      bank,
      { mode: "quick", category: "behavioural" },
      { recentKeys: recent, random: seeded(7) },
    );
    expect(questions[0]!.bankId).toBe("story-5");
    const all = new Set(bank.map((e) => e.id));
    const again = chooseQuestions(
      bank,
      { mode: "quick", category: "closing" },
      { recentKeys: all },
    );
    expect(again.questions[0]!.bankId).toBe("anything-else-to-add");
  });

  it("reads the job post's requirements and asks about them in the company's name", () => {
    const jobPost = "We need SQL every day, strong stakeholder management and Kubernetes. SQL!";
    expect(skillsInJobPost(bank, jobPost)).toEqual(["sql", "stakeholder-management"]);
    const { questions, vocabulary } = chooseQuestions(
      bank,
      { mode: "company", company: "Acme Ltd", role: "data-analyst", jobPost },
      { random: seeded() },
    );
    const fromPost = questions.filter((q) => q.source === "job-post").map((q) => q.bankId);
    expect(fromPost).toEqual(["analyst-0", "analyst-1"]);
    expect(questions.filter((q) => q.source === "company").map((q) => q.question)).toEqual([
      "Why do you want to work at Acme Ltd?",
      "What do you know about Acme Ltd, and how would you contribute in your first months?",
    ]);
    expect(questions.map((q) => q.index)).toEqual([...questions.keys()]);
    expect(vocabulary).toEqual(expect.arrayContaining(["acme", "ltd", "sql", "stakeholder"]));
  });

  it("asks another role's question about a requirement before none", () => {
    const small = bank.filter((e) => e.id !== "analyst-0");
    const { questions } = chooseQuestions(
      [
        ...small,
        entry("other", {
          role: "nurse",
          levels: ["entry"],
          skills: ["sql"],
          keyPoints: ["a", "b"],
        }),
      ],
      { mode: "company", company: "Acme", role: "data-analyst", jobPost: "sql" },
    );
    // Another role's question about the skill is used before a generic one.
    expect(questions.find((q) => q.source === "job-post")?.bankId).toBe("other");
  });

  it("groups the same question asked again under one key", () => {
    expect(questionKeyOf("Why  this job?", null)).toBe(questionKeyOf("why this job", null));
    expect(questionKeyOf("Anything", "bank-id")).toBe("bank-id");
  });
});
