import { describe, expect, it } from "vitest";
import { writtenCorpus } from ".";
import { normaliseText } from "@/server/ai/offline/grammar";
import { evalAnswers } from "@tests/data/eval-answers";
import { gradedAnswers } from "@tests/data/feedback-answers";
import { heldOutGradedAnswers } from "@tests/data/feedback-answers-held-out";

const texts = Object.entries(writtenCorpus).flatMap(([name, answers]) =>
  answers.map((text, k) => ({ where: `${name}[${k}]`, text })),
);

/** The answers the evaluations speak: what the recogniser is measured on, never trained on. */
const evaluationAnswers = [
  ...[...gradedAnswers, ...heldOutGradedAnswers].map(([, , answer]) => answer),
  ...evalAnswers("held-out"),
  ...evalAnswers("blind"),
];

describe("the written answer corpus", () => {
  it("is spoken words only: no digits, brackets, quotes or placeholders", () => {
    const written = texts.filter(({ text }) => /[0-9[\]{}<>"“”]/.test(text));
    expect(written.map(({ where }) => where)).toEqual([]);
  });

  it("holds one answer or monologue per entry, of a length people speak", () => {
    const lengths = texts.map(({ where, text }) => ({ where, words: text.split(" ").length }));
    expect(lengths.filter(({ words }) => words < 40 || words > 260)).toEqual([]);
    expect(texts.every(({ text }) => text === text.trim() && !/\s{2,}|\n/.test(text))).toBe(true);
  });

  it("shares no run of eight words with an answer the evaluations speak", () => {
    const runs = new Set<string>();
    for (const answer of evaluationAnswers) {
      const words = normaliseText(answer);
      for (let k = 0; k + 8 <= words.length; k++) runs.add(words.slice(k, k + 8).join(" "));
    }
    expect(runs.size).toBeGreaterThan(1000);
    for (const set of ["held-out", "blind"] as const) {
      expect(evalAnswers(set).length, set).toBeGreaterThanOrEqual(5);
    }
    const shared = texts.flatMap(({ where, text }) => {
      const words = normaliseText(text);
      return words
        .map((_, k) => words.slice(k, k + 8).join(" "))
        .filter((run, k) => k + 8 <= words.length && runs.has(run))
        .map((run) => `${where}: ${run}`);
    });
    expect(shared).toEqual([]);
  });
});
