import { describe, expect, it } from "vitest";
import { loadQuestionBank, parseQuestionBank, questionCategories } from "./answer-library";
import { requiredQuestions } from "@tests/data/retrieval-paraphrases";

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("question bank", () => {
  const bank = loadQuestionBank();

  it("loads, validates and is shared between calls", () => {
    expect(bank.length).toBeGreaterThanOrEqual(150);
    expect(loadQuestionBank()).toBe(bank);
    expect(Object.isFrozen(bank)).toBe(true);
  });

  it("holds every required question under its id", () => {
    const ids = new Set(bank.map((entry) => entry.id));
    const missing = requiredQuestions.filter((q) => !ids.has(q.id)).map((q) => q.id);
    expect(missing).toEqual([]);
    expect(requiredQuestions).toHaveLength(40);
  });

  it("covers every category", () => {
    const used = new Set(bank.map((entry) => entry.category));
    expect([...questionCategories].filter((c) => !used.has(c))).toEqual([]);
  });

  it("keeps answers speakable and clearly a sample to adapt", () => {
    for (const entry of bank) {
      const count = words(entry.answer);
      expect(count, entry.id).toBeGreaterThanOrEqual(90);
      expect(count, entry.id).toBeLessThanOrEqual(300);
      // Placeholders mark where the user's own specifics go.
      expect(entry.answer, entry.id).toMatch(/\[[^\]]+\]/);
    }
  });

  it("labels STAR parts in order wherever an answer uses them", () => {
    const labels = ["Situation:", "Task:", "Action:", "Result:"];
    const requiredIds = new Set(requiredQuestions.map((q) => q.id));
    const requiredStories = bank.filter(
      (entry) =>
        requiredIds.has(entry.id) &&
        /^(Tell me about|Describe) a (time|challenging)/.test(entry.question),
    );
    expect(requiredStories.length).toBeGreaterThanOrEqual(13);
    for (const entry of bank) {
      const positions = labels.map((label) => entry.answer.indexOf(label));
      const labelled = positions.some((p) => p >= 0) || requiredStories.includes(entry);
      if (!labelled) continue;
      expect(
        positions.every((p) => p >= 0),
        entry.id,
      ).toBe(true);
      expect(
        [...positions].sort((a, b) => a - b),
        entry.id,
      ).toEqual(positions);
    }
  });

  describe("validation", () => {
    const valid = {
      id: "sample-question",
      question: "What is a sample question?",
      category: "general-knowledge",
      variants: ["Give me a sample question", "Show me an example question"],
      answer: "x".repeat(250),
      tips: ["First tip.", "Second tip."],
    };

    it("rejects an unknown category, naming the entry and field", () => {
      expect(() => parseQuestionBank([valid])).toThrow(/0 \(sample-question\) category/);
    });

    it("rejects duplicate ids and phrasings shared by two entries", () => {
      const entry = { ...valid, category: "career" };
      expect(() => parseQuestionBank([entry, entry])).toThrow(/duplicate id sample-question/);
      expect(() =>
        parseQuestionBank([entry, { ...entry, id: "other", question: "What is another one?" }]),
      ).toThrow(/also belongs to sample-question/);
    });

    it("keeps spoken-only phrasings unique across entries too, and out of retrieval", () => {
      const entry = { ...valid, category: "career", spoken: ["Got a sample question for me?"] };
      const other = {
        ...entry,
        id: "other",
        question: "What is another one?",
        variants: ["Another one please", "One more question"],
      };
      expect(() => parseQuestionBank([entry, other])).toThrow(/also belongs to sample-question/);
      expect(() => parseQuestionBank([{ ...entry, spoken: ["Say [this]"] }])).toThrow(
        /placeholders/,
      );
      const [parsed] = parseQuestionBank([entry]);
      expect(parsed?.spoken).toEqual(["Got a sample question for me?"]);
      expect(parsed?.variants).not.toContain("Got a sample question for me?");
    });

    it("rejects a bad id, too few variants or tips, unknown fields and a non-array", () => {
      const entry = { ...valid, category: "career" };
      expect(() => parseQuestionBank([{ ...entry, id: "Not Kebab" }])).toThrow(/kebab-case/);
      expect(() => parseQuestionBank([{ ...entry, variants: ["only one"] }])).toThrow(/2-5/);
      expect(() => parseQuestionBank([{ ...entry, tips: ["one"] }])).toThrow(/2-3 tips/);
      expect(() => parseQuestionBank([{ ...entry, extra: 1 }])).toThrow(/invalid/i);
      expect(() =>
        parseQuestionBank([{ ...entry, variants: ["Why [your company]?", "Why us?"] }]),
      ).toThrow(/placeholders/);
      expect(() => parseQuestionBank({})).toThrow(/invalid/i);
      expect(parseQuestionBank([entry])).toHaveLength(1);
    });
  });
});
