import { describe, expect, it } from "vitest";
import { MAX_ANSWER_RECORDING_SECONDS } from "@/shared/feedback";
import { answerLimitSeconds } from "./use-interview";

describe("how long an interview answer may run", () => {
  it("is the longest recording the server takes, except that Tough cuts in at twice the target", () => {
    expect(answerLimitSeconds("behavioural", "friendly")).toBe(MAX_ANSWER_RECORDING_SECONDS);
    expect(answerLimitSeconds("closing", "realistic")).toBe(MAX_ANSWER_RECORDING_SECONDS);
    // A closing answer calls for at most 60 s: Tough stops it at 120 s.
    expect(answerLimitSeconds("closing", "tough")).toBe(120);
    // Twice a story's 150 s is past what the server takes: the cap holds.
    expect(answerLimitSeconds("behavioural", "tough")).toBe(MAX_ANSWER_RECORDING_SECONDS);
    // A topic such as "teamwork" is not a kind of answer: the general target, 2 × 120 s, capped.
    expect(answerLimitSeconds("teamwork", "tough")).toBe(MAX_ANSWER_RECORDING_SECONDS);
  });
});
