import { describe, expect, it } from "vitest";
import {
  buildAnswerLanguageModel,
  countCorpus,
  corpusRuns,
  dictionaryWords,
  inflections,
} from "./answer-language-model";

const dictionary = new Set(
  "i led a team of five we shipped the project on time and it went well so um uh nurse nurses nursing acme talk talked talking".split(
    " ",
  ),
);
const hasWord = (word: string) => dictionary.has(word);
const corpus = [
  "I led a team of five. We shipped the project on time, and it went well.",
  "I led the project [a project you led, e.g. a migration] and we shipped it.",
];

/**
 * Probability of everything said from `state`: its bigrams, plus its backoff weight times the
 * unigram mass of the words without a bigram there. 1 for a proper backoff model.
 */
function totalMass(model: ReturnType<typeof buildAnswerLanguageModel>, state: number) {
  const p = (logProbability = 0) => Math.exp(logProbability);
  const unigram = new Map(
    model.graph.arcs
      .filter((arc) => arc.from === 0)
      .map((arc) => [arc.words[0]!, p(arc.logProbability)]),
  );
  const direct = model.graph.arcs.filter((arc) => arc.from === state);
  const backoff = (model.graph.nullArcs ?? []).find((arc) => arc.from === state);
  const seen = direct.reduce((sum, arc) => sum + p(arc.logProbability), 0);
  if (!backoff) return seen;
  const seenUnigram = direct.reduce((sum, arc) => sum + unigram.get(arc.words[0]!)!, 0);
  return seen + p(backoff.logProbability) * (1 - seenUnigram);
}

describe("corpusRuns", () => {
  it("splits at template brackets and unknown words, keeping the bracket's words as a run", () => {
    expect(corpusRuns("I led [a project you led] and we shipped it", hasWord)).toEqual([
      ["i", "led"],
      ["a", "project"],
      ["led"],
      ["and", "we", "shipped", "it"],
    ]);
  });

  it("drops the 'e.g.' inside a bracket", () => {
    expect(corpusRuns("[a team, e.g. five]", hasWord)).toEqual([["a", "team"], ["five"]]);
  });
});

describe("inflections and dictionaryWords", () => {
  it("proposes regular forms in both directions", () => {
    expect(inflections("nurse")).toEqual(expect.arrayContaining(["nurses", "nursing", "nursed"]));
    expect(inflections("talked")).toContain("talk");
  });

  it("turns typed text into dictionary words once each", () => {
    expect(dictionaryWords(["Nurse at ACME", "acme nurse"], hasWord)).toEqual(["nurse", "acme"]);
  });
});

describe("buildAnswerLanguageModel", () => {
  const model = buildAnswerLanguageModel(countCorpus(corpus, hasWord), {
    hasWord,
    minHistoryCount: 2,
  });

  it("has a backoff start state, history states for frequent words and a final state", () => {
    const { graph } = model;
    expect(graph.start).toBe(0);
    expect(graph.final).toBe(graph.stateCount - 1);
    // i, led, a, we, shipped, the, project, and, it: twice or more, with a word after them.
    expect(model.historyStates).toBe(9);
    expect(graph.ends).toHaveLength(model.historyStates + 1);
    expect(graph.arcs.every((arc) => arc.from !== graph.final)).toBe(true);
  });

  it("is a proper backoff model: every state's words sum to probability 1", () => {
    for (let state = 0; state < model.graph.final; state++) {
      expect(totalMass(model, state), `state ${state}`).toBeCloseTo(1, 6);
    }
  });

  it("prefers a seen bigram to the same word reached through the backoff", () => {
    const ledState = model.graph.arcs.find((arc) => arc.from === 0 && arc.words[0] === "led")!.to;
    const direct = model.graph.arcs.find((arc) => arc.from === ledState && arc.words[0] === "a")!;
    const backoff = model.graph.nullArcs!.find((arc) => arc.from === ledState)!;
    const viaUnigram = model.graph.arcs.find((arc) => arc.from === 0 && arc.words[0] === "a")!;
    expect(direct.logProbability!).toBeGreaterThan(
      backoff.logProbability + viaUnigram.logProbability!,
    );
  });

  it("adds general words, inflections, extra words and fillers within the size", () => {
    const wider = buildAnswerLanguageModel(countCorpus(corpus, hasWord), {
      hasWord,
      generalWords: ["talk", "missing-from-dictionary"],
      extraWords: ["acme"],
      vocabularySize: 25,
    });
    for (const word of ["talk", "talked", "acme", "um", "uh"]) {
      expect(wider.vocabulary.has(word), word).toBe(true);
    }
    expect(wider.vocabulary.has("missing-from-dictionary")).toBe(false);
    const acme = wider.graph.arcs.find((arc) => arc.words[0] === "acme")!;
    expect(Math.exp(acme.logProbability!)).toBeGreaterThan(0.0015);
    // Fillers loop on the backoff state.
    const um = wider.graph.arcs.find((arc) => arc.words[0] === "um")!;
    expect([um.from, um.to]).toEqual([0, 0]);
  });
});
