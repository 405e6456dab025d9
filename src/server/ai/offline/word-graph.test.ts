import { describe, expect, it } from "vitest";
import { compileWordGraph, graphAccepts, joinChains } from "./word-graph";

const jsgf = [
  "#JSGF V1.0;",
  "grammar test;",
  "<filler> = so | um;",
  "<asked> = [could you] tell me about (yourself | a time you failed | a time you led a team) | what is your greatest (strength | weakness);",
  "public <question> = [<filler>] <asked>;",
  "",
].join("\n");
const says = (sentence: string) => sentence.split(" ");

describe("compileWordGraph", () => {
  const graph = compileWordGraph(jsgf);

  it("accepts exactly the sentences the grammar allows", () => {
    for (const sentence of [
      "tell me about yourself",
      "so could you tell me about a time you failed",
      "um tell me about a time you led a team",
      "what is your greatest weakness",
    ]) {
      expect(graphAccepts(graph, says(sentence)), sentence).toBe(true);
    }
    for (const sentence of [
      "tell me about",
      "so so tell me about yourself",
      "could you what is your greatest strength",
      "tell me about yourself please",
    ]) {
      expect(graphAccepts(graph, says(sentence)), sentence).toBe(false);
    }
  });

  it("is deterministic and shares common endings", () => {
    const keys = graph.arcs.map((arc) => `${arc.from} ${arc.words.join(" ")}`);
    expect(new Set(keys).size).toBe(keys.length);
    // "strength" and "weakness" end in one state; so do "yourself", "failed" and "team".
    const ends = graph.arcs.filter((arc) =>
      ["strength", "weakness", "yourself", "failed", "team"].includes(arc.words[0]!),
    );
    expect(new Set(ends.map((arc) => arc.to)).size).toBe(1);
  });

  it("rejects rules it cannot resolve", () => {
    expect(() => compileWordGraph("public <q> = <missing>;")).toThrow(/no rule <missing>/);
    expect(() => compileWordGraph("<q> = a (b;")).toThrow(/public rule|Unbalanced/);
  });
});

describe("joinChains", () => {
  const graph = compileWordGraph(jsgf);

  it("joins unbranched runs of words, up to the limit, without changing the language", () => {
    const joined = joinChains(graph, 3);
    expect(joined.stateCount).toBeLessThan(graph.stateCount);
    expect(Math.max(...joined.arcs.map((arc) => arc.words.length))).toBe(3);
    expect(joined.arcs.some((arc) => arc.words.join(" ") === "led a team")).toBe(true);
    for (const sentence of [
      "tell me about yourself",
      "so could you tell me about a time you led a team",
      "what is your greatest strength",
    ]) {
      expect(graphAccepts(joined, says(sentence)), sentence).toBe(true);
    }
    expect(graphAccepts(joined, says("tell me about a time you led"))).toBe(false);
    expect(joinChains(graph, 1).stateCount).toBe(graph.stateCount);
  });
});
