import { describe, expect, it } from "vitest";
import type { Evaluation, Evaluator } from "@/server/ai/engine";
import { checkedEvaluator } from "./checked-evaluator";

const transcript =
  "Last year I ran the night shift at a warehouse. I rebuilt the picking route, and errors fell to one in a hundred.";
const input = {
  question: "Tell me about a time you improved a process.",
  transcript,
  delivery: null,
  reference: { questionType: "behavioural" as const },
  approximate: false,
};
const cloudSaying = (strengths: string[], improvements: string[]): Evaluator => ({
  source: "openai",
  evaluate: async (): Promise<Evaluation> => ({
    scores: { overall: 4, clarity: 4, relevance: 4, timing: 3 },
    structure: { situation: true, task: false, action: true, result: true },
    strengths,
    improvements,
    summary: "A strong answer.",
    followUp: null,
  }),
});

describe("a cloud evaluator's claims, checked against the transcript", () => {
  it("keeps a line whose quote is in the answer (case and commas aside) with its span", async () => {
    const result = await checkedEvaluator(
      cloudSaying(
        ['You owned the fix: "I rebuilt the picking route".'],
        ["Say what the goal was."],
      ),
    ).evaluate(input);
    expect(result.strengths).toEqual(['You owned the fix: "I rebuilt the picking route".']);
    const quote = result.evidence!.strengths[0]!.quote!;
    expect(transcript.slice(quote.start, quote.end)).toBe(quote.text);
    expect(quote.text).toBe("I rebuilt the picking route");
  });

  it("drops a line quoting words the answer does not have", async () => {
    const result = await checkedEvaluator(
      cloudSaying(
        [
          'You said "I trained twelve new starters".',
          'Clear result: "errors fell to one in a hundred".',
        ],
        ["Say what the goal was."],
      ),
    ).evaluate(input);
    expect(result.strengths).toEqual(['Clear result: "errors fell to one in a hundred".']);
  });

  it("falls back to the offline rubric's backed lines when every line was invented", async () => {
    const result = await checkedEvaluator(
      cloudSaying(['You said "I saved the company a million".'], ["Say what the goal was."]),
    ).evaluate(input);
    expect(result.strengths.join(" ")).not.toMatch(/million/);
    expect(result.strengths.length).toBeGreaterThan(0);
    for (const evidence of result.evidence!.strengths)
      if (evidence.quote)
        expect(transcript.slice(evidence.quote.start, evidence.quote.end)).toBe(
          evidence.quote.text,
        );
  });
});
