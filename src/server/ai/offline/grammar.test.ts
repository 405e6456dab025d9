import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildGrammar,
  dictionaryForm,
  formatTranscript,
  normaliseText,
  numberToWords,
  ruleWords,
} from "./grammar";
import { REQUIRED_QUESTIONS, testQuestions } from "@tests/data/transcriber-test-questions";
import { compileWordGraph, graphAccepts, joinChains } from "./word-graph";

/** The recogniser's pronouncing dictionary, read directly (the WASM decoder reads the same file). */
const dictionary = (() => {
  const root = path.dirname(createRequire(import.meta.url).resolve("soundswallower"));
  const words = new Set<string>();
  for (const line of readFileSync(path.join(root, "model/en-us/dict.txt"), "utf8").split("\n")) {
    const word = line.split(" ")[0];
    if (word) words.add(word.replace(/\(\d+\)$/, ""));
  }
  return words;
})();
const hasWord = (word: string) => dictionary.has(word);

/** Compiles the grammar's public rule to a regular expression over "word word " strings. */
function grammarMatcher(jsgf: string): (sentence: string) => boolean {
  const rules = new Map<string, string>();
  for (const line of jsgf.split("\n")) {
    const match = /^(?:public )?<(\w+)> = (.*);$/.exec(line);
    if (match) rules.set(match[1]!, match[2]!);
  }
  const compile = (body: string): string =>
    body
      .replace(/<(\w+)>/g, (_, name: string) => `(?:${compile(rules.get(name)!)})`)
      .replace(/\[/g, "(?:")
      .replace(/\]/g, ")?")
      .replace(/\((?!\?)/g, "(?:")
      .replace(/ *\| */g, "|")
      .replace(/([a-z']+) ?/g, "$1 ")
      .replace(/ +(?=[)|?])/g, " ")
      .replace(/\) +/g, ")")
      .replace(/\)\? +/g, ")?");
  const regex = new RegExp(`^${compile(rules.get("question")!)}$`);
  return (sentence) => regex.test(`${normaliseText(sentence).join(" ")} `);
}

describe("buildGrammar", () => {
  const questions = testQuestions();
  const grammar = buildGrammar(questions, hasWord);
  const matches = grammarMatcher(grammar.jsgf);

  it("holds every bank question and variant, in dictionary words only", () => {
    expect(REQUIRED_QUESTIONS).toHaveLength(40);
    for (const word of grammar.words) expect(dictionary.has(word), word).toBe(true);
    for (const word of ruleWords()) expect(dictionary.has(word), word).toBe(true);
    for (const entry of questions) {
      for (const text of [entry.question, ...(entry.variants ?? [])]) {
        const words = normaliseText(text)
          .flatMap((word) => dictionaryForm(word, hasWord) ?? [])
          .filter(hasWord);
        if (words.length >= 2) expect(matches(words.join(" ")), text).toBe(true);
      }
    }
    const required = grammar.phrases.filter((phrase) => phrase.id.startsWith("required-"));
    expect(required).toHaveLength(40);
    expect(grammar.warnings.filter((warning) => warning.startsWith("required-"))).toEqual([]);
  });

  it("accepts natural ways of asking the same questions", () => {
    for (const sentence of [
      "so tell me a little bit about yourself",
      "okay um could you tell me about yourself",
      "can you walk me through your resume",
      "I'd like you to tell me about a time when you failed",
      "describe a time you had a conflict with a colleague",
      "give me an example of a time you showed leadership",
      "tell me about a situation where you worked under pressure",
      "what's your greatest weakness",
      "what would you say are your greatest strengths",
      "what is your biggest strength",
      "where do you see yourself in ten years",
      "what would you do in your first 90 days",
      "why should I hire you",
      "how would you handle stress",
      "do you have any questions for us",
      // Mostly composition rules, not bank phrasings: synonyms, optional words.
      "how do you deal with criticism",
      "how would you cope with stress",
      "what are your weaknesses",
      "what are your strengths",
      "do you have any questions for me",
      "have you got any questions for us",
      "why are you leaving your job",
      "why are you interested in this position",
      "can you walk me through your cv",
      "tell me about a time you disagreed with your boss",
      "tell me about a time you had a disagreement with a coworker",
      "how would your team describe you",
      "what are your salary requirements",
      "describe your management style",
      "what motivates you at work",
      "why did you choose this field",
    ]) {
      expect(matches(sentence), sentence).toBe(true);
    }
  });

  it("does not accept speech outside the bank", () => {
    for (const sentence of [
      "the weather was lovely at the beach this weekend",
      "tell me a joke",
      "what is your favorite color",
      "about yourself",
    ]) {
      expect(matches(sentence), sentence).toBe(false);
    }
  });

  it("compiles to a small word graph that accepts the same sentences", () => {
    const graph = joinChains(compileWordGraph(grammar.jsgf), 5);
    // The recogniser's cost per frame grows with the states (docs/decisions/0056).
    expect(graph.stateCount).toBeLessThan(1500);
    const sentences = [
      ...grammar.phrases.map((phrase) => phrase.text),
      "so tell me a little bit about yourself",
      "okay um could you tell me about yourself",
      "tell me about a situation where you worked under pressure",
      "what would you say are your greatest strengths",
      "the weather was lovely at the beach this weekend",
      "tell me a joke",
      "about yourself",
    ];
    for (const sentence of sentences) {
      expect(graphAccepts(graph, normaliseText(sentence)), sentence).toBe(matches(sentence));
    }
  });

  it("drops out-of-dictionary words with a warning and skips phrasings left too short", () => {
    const built = buildGrammar(
      [{ id: "x", question: "Describe your zorblax strategy", variants: ["Zorblax?"] }],
      hasWord,
    );
    expect(built.phrases.map((phrase) => phrase.text)).toEqual(["describe your strategy"]);
    expect(built.warnings).toHaveLength(3);
    expect(built.warnings[0]).toContain("zorblax");
    expect(() => buildGrammar([{ id: "y", question: "Zorblax" }], hasWord)).toThrow();
  });
});

describe("dictionaryForm", () => {
  it("rewrites missing words into dictionary words that sound the same", () => {
    expect(dictionaryForm("organised", hasWord)).toEqual(["organized"]);
    expect(dictionaryForm("criticises", hasWord)).toEqual(["criticizes"]);
    expect(dictionaryForm("coworker's", hasWord)).toEqual(["coworkers"]);
    expect(dictionaryForm("upsell", hasWord)).toEqual(["up", "sell"]);
    expect(dictionaryForm("interview", hasWord)).toEqual(["interview"]);
    expect(dictionaryForm("zorblax", hasWord)).toBeUndefined();
  });
});

describe("normaliseText", () => {
  it("spells numbers, strips accents and punctuation, keeps contractions", () => {
    expect(normaliseText("What's your résumé's 1st gap? (2 years & 90 days, 100%)")).toEqual(
      "what's your resume's first gap two years and ninety days one hundred percent".split(" "),
    );
    expect(numberToWords(2024)).toBe("two thousand twenty four");
    expect(numberToWords(15)).toBe("fifteen");
    expect(normaliseText("my 2nd, 3rd, 21st and 90th")).toEqual(
      "my second third twenty first and ninetieth".split(" "),
    );
  });
});

describe("formatTranscript", () => {
  it("trims leading fillers, capitalises and punctuates by sentence type", () => {
    expect(formatTranscript(["so", "um", "tell", "me", "about", "yourself"])).toBe(
      "Tell me about yourself.",
    );
    expect(formatTranscript(["okay", "what's", "your", "greatest", "weakness"])).toBe(
      "What's your greatest weakness?",
    );
    expect(formatTranscript(["why", "should", "i", "hire", "you"])).toBe("Why should I hire you?");
    expect(formatTranscript([])).toBe("");
  });
});
