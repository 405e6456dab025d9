import { describe, expect, it } from "vitest";
import { loadQuestionBank } from "./answer-library";
import { createRetriever, DEFAULT_MATCH_THRESHOLD } from "./retrieval";
import {
  heldOutParaphrases,
  offBankQuestions,
  requiredQuestions,
} from "@tests/data/retrieval-paraphrases";
import { analyse, normalise, numberToWords, stem } from "./retrieval-text";

describe("text analysis", () => {
  it("folds case, punctuation, contractions and curly quotes", () => {
    expect(normalise("What’s YOUR greatest weakness?!")).toBe("what is your greatest weakness");
    expect(normalise("I don't know what you'd do")).toBe("i do not know what you would do");
    expect(normalise("Why don't you start by telling me")).toBe("telling me");
    expect(normalise("The company's values")).toBe("the company values");
  });

  it("spells out numbers and ordinals", () => {
    expect(numberToWords(90)).toBe("ninety");
    expect(numberToWords(2024)).toBe("two thousand twenty four");
    expect(normalise("your 1st 90 days")).toBe("your first ninety days");
    expect(analyse("in 5 years")).toEqual(analyse("in five years"));
  });

  it("meets British and American spellings", () => {
    expect(analyse("How do you prioritise?")).toEqual(analyse("How do you prioritize?"));
    expect(analyse("our organisation's behaviour")).toEqual(analyse("our organization behavior"));
    expect(analyse("your CV")).toEqual(analyse("your resume"));
  });

  it("keeps question words and drops fillers", () => {
    expect(analyse("um so why do you want this job")).toEqual(["why", "want", "job"]);
    expect(analyse("how")).toEqual(["how"]);
    expect(analyse("the a of to")).toEqual([]);
  });

  it("stems lightly and maps synonyms to one term", () => {
    expect(stem("managing")).toBe(stem("manage"));
    expect(stem("managed")).toBe(stem("manages"));
    expect(stem("disagreed")).toBe(stem("disagree"));
    expect(stem("planning")).toBe("plan");
    expect(stem("priorities")).toBe("priority");
    expect(analyse("coworker")).toEqual(analyse("colleague"));
    expect(analyse("teammates")).toEqual(analyse("co-worker"));
    expect(analyse("boss")).toEqual(analyse("supervisor"));
    expect(analyse("position")).toEqual(analyse("role"));
    expect(analyse("organisation")).toEqual(analyse("company"));
  });
});

describe("retrieval over the bank", () => {
  const bank = loadQuestionBank();
  const retriever = createRetriever(bank);
  const best = (question: string) => retriever.search(question, 1)[0];

  it("finds every entry from its own question with full confidence", () => {
    const wrong = bank.filter((entry) => best(entry.question)?.entry.id !== entry.id);
    expect(wrong.map((entry) => entry.id)).toEqual([]);
    for (const entry of bank) expect(best(entry.question)!.score, entry.id).toBeGreaterThan(0.9);
  });

  it.each(requiredQuestions)("answers $id from the listed wording", ({ id, question }) => {
    const hit = best(question);
    expect(hit?.entry.id).toBe(id);
    expect(hit!.score).toBeGreaterThanOrEqual(DEFAULT_MATCH_THRESHOLD);
  });

  it.each(requiredQuestions.flatMap((q) => q.paraphrases.map((p) => [q.id, p] as const)))(
    "answers %s from the paraphrase %j",
    (id, paraphrase) => {
      const hit = best(paraphrase);
      expect(hit?.entry.id).toBe(id);
      expect(hit!.score).toBeGreaterThanOrEqual(DEFAULT_MATCH_THRESHOLD);
    },
  );

  it("answers at least 85% of the held-out paraphrases from the right entry", () => {
    const right = heldOutParaphrases.filter(({ id, question }) => {
      const hit = best(question);
      return hit?.entry.id === id && hit.score >= DEFAULT_MATCH_THRESHOLD;
    });
    expect(right.length / heldOutParaphrases.length).toBeGreaterThanOrEqual(0.85);
  });

  it("tells apart questions about different people", () => {
    expect(best("Tell me about a time you disagreed with a teammate")?.entry.id).not.toBe(
      "disagreed-with-your-manager",
    );
    expect(best("Tell me about a time you disagreed with your supervisor")?.entry.id).toBe(
      "disagreed-with-your-manager",
    );
  });

  it("matches a messy transcript", () => {
    expect(best("uh okay so um what would you say is like your biggest weakness")?.entry.id).toBe(
      "what-is-your-greatest-weakness",
    );
    expect(best("WHY SHOULD WE HIRE YOU")?.entry.id).toBe("why-should-we-hire-you");
  });

  it.each(offBankQuestions)("does not claim a library answer for %j", (question) => {
    const hit = best(question);
    expect(hit === undefined || hit.score < DEFAULT_MATCH_THRESHOLD).toBe(true);
  });

  it("returns nothing for empty or meaningless input and ranks one hit per entry", () => {
    expect(retriever.search("")).toEqual([]);
    expect(retriever.search("?!  ...")).toEqual([]);
    expect(retriever.search("the of and to")).toEqual([]);
    const hits = retriever.search("tell me about a time you failed", 5);
    expect(new Set(hits.map((hit) => hit.entry.id)).size).toBe(hits.length);
    expect(hits.map((hit) => hit.score)).toEqual(
      [...hits.map((hit) => hit.score)].sort((a, b) => b - a),
    );
    for (const hit of hits) expect(hit.score).toBeLessThanOrEqual(1);
  });

  it("copes with a very long question", () => {
    const long = `${"please bear with me while I ramble on for a while ".repeat(200)} what is your greatest weakness`;
    expect(() => retriever.search(long)).not.toThrow();
  });
});
