import { describe, expect, it } from "vitest";
import { evaluateAnswerRequestSchema, feedbackSchema, MAX_TYPED_ANSWER_CHARS } from "./feedback";

const question = "Tell me about a time you handled a conflict.";

describe("evaluate-answer request", () => {
  it("takes exactly one of audio and answer", () => {
    expect(evaluateAnswerRequestSchema.safeParse({ question, answer: "I listened." }).success).toBe(
      true,
    );
    expect(evaluateAnswerRequestSchema.safeParse({ question, audio: "GkXfow==" }).success).toBe(
      true,
    );
    expect(evaluateAnswerRequestSchema.safeParse({ question }).success).toBe(false);
    expect(
      evaluateAnswerRequestSchema.safeParse({ question, audio: "GkXfow==", answer: "both" })
        .success,
    ).toBe(false);
  });

  it("trims, and refuses blank or too long text", () => {
    const parsed = evaluateAnswerRequestSchema.parse({
      question: `  ${question} `,
      answer: " ok ",
    });
    expect([parsed.question, parsed.answer]).toEqual([question, "ok"]);
    expect(evaluateAnswerRequestSchema.safeParse({ question: "  ", answer: "x" }).success).toBe(
      false,
    );
    const long = "x".repeat(MAX_TYPED_ANSWER_CHARS + 1);
    expect(evaluateAnswerRequestSchema.safeParse({ question, answer: long }).success).toBe(false);
  });
});

describe("feedback response", () => {
  it("holds scores from 1 to 5 and one to three strengths and improvements", () => {
    const feedback = {
      id: "a",
      transcript: "I listened.",
      source: { transcriber: "typed", evaluator: "offline" },
      scores: { overall: 4.2, clarity: 4.5, relevance: 4, timing: 4 },
      delivery: null,
      structure: { situation: true, task: true, action: true, result: false },
      strengths: ["You named what you did."],
      improvements: ["Say how it ended."],
      summary: "A clear start.",
      approximate: false,
    };
    expect(feedbackSchema.safeParse(feedback).success).toBe(true);
    const tooHigh = { ...feedback, scores: { ...feedback.scores, overall: 5.5 } };
    expect(feedbackSchema.safeParse(tooHigh).success).toBe(false);
    expect(feedbackSchema.safeParse({ ...feedback, strengths: [] }).success).toBe(false);
  });
});
