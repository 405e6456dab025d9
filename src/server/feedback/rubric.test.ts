import { describe, expect, it } from "vitest";
import { gradedAnswers } from "@tests/data/feedback-answers";
import { spearman } from "@tests/support/rank-correlation";
import { createQuestionReferences } from "./reference";
import { scoreAnswer } from "./rubric";

const reference = createQuestionReferences();
const score = (question: string, transcript: string, approximate = false) =>
  scoreAnswer({
    question,
    transcript,
    delivery: null,
    reference: reference(question),
    approximate,
  });
const rank = { strong: 4, vague: 3, weak: 2, offtopic: 1 } as const;

describe("the offline rubric", () => {
  it("ranks each question's strong answer first and its off-topic one last", () => {
    const byQuestion = new Map<string, { level: number; overall: number }[]>();
    for (const [question, level, answer] of gradedAnswers) {
      const list = byQuestion.get(question) ?? [];
      list.push({ level: rank[level], overall: score(question, answer).scores.overall });
      byQuestion.set(question, list);
    }
    for (const [question, list] of byQuestion) {
      const overall = (level: number) => list.find((item) => item.level === level)!.overall;
      for (const middle of [rank.vague, rank.weak]) {
        expect(overall(rank.strong), question).toBeGreaterThan(overall(middle));
        expect(overall(rank.offtopic), question).toBeLessThan(overall(middle));
      }
    }
  });

  it("follows the graded levels across the set (Spearman ≥ 0.8)", () => {
    // Vague and weak answers are close: a vague one may score like a weak one on some question.
    const levels = gradedAnswers.map(([, level]) => rank[level]);
    const overall = gradedAnswers.map(
      ([question, , answer]) => score(question, answer).scores.overall,
    );
    expect(spearman(levels, overall)).toBeGreaterThanOrEqual(0.8);
  });

  it("scores strong answers at least 3.8 and off-topic ones at most 2.0, however fluent", () => {
    for (const [question, level, answer] of gradedAnswers) {
      const { scores } = score(question, answer);
      if (level === "strong") expect(scores.overall, answer).toBeGreaterThanOrEqual(3.8);
      if (level === "offtopic") {
        expect(scores.relevance, answer).toBeLessThanOrEqual(2);
        expect(scores.overall, answer).toBeLessThanOrEqual(2);
      }
    }
  });

  it("gives one to three strengths and improvements, quoting the answer's own words", () => {
    for (const [question, , answer] of gradedAnswers) {
      const result = score(question, answer);
      for (const list of [result.strengths, result.improvements]) {
        expect(list.length).toBeGreaterThanOrEqual(1);
        expect(list.length).toBeLessThanOrEqual(3);
      }
      const normalised = answer
        .toLowerCase()
        .replace(/[^a-z0-9 ]+/g, " ")
        .replace(/\s+/g, " ");
      for (const quoted of result.strengths.join(" ").matchAll(/“([^”]+)”/g)) {
        const words = quoted[1]!
          .toLowerCase()
          .replace(/[^a-z0-9 ]+/g, " ")
          .replace(/…/g, "")
          .trim();
        expect(normalised, quoted[1]).toContain(words.replace(/\s+/g, " "));
      }
      for (const value of Object.values(result.scores)) {
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(5);
        expect(Math.round(value * 10) / 10).toBe(value);
      }
    }
  });

  it("reports STAR parts for past situations only", () => {
    const [question, , answer] = gradedAnswers.find(([, level]) => level === "strong")!;
    expect(score(question, answer).structure).toEqual({
      situation: true,
      task: true,
      action: true,
      result: true,
    });
    expect(score("Why do you want to work here?", "Because of your product.").structure).toBeNull();
  });

  it("says when the transcript was approximate", () => {
    const [question, , answer] = gradedAnswers[0]!;
    expect(score(question, answer, true).summary).toMatch(/approximate/);
    expect(score(question, answer).summary).not.toMatch(/approximate/);
  });
});
