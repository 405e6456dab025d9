// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Feedback } from "@/shared/feedback";
import { FeedbackCard } from "./feedback-card";

/** The delivery figures say how far to trust them: the offline filler count is an estimate. */
function feedbackHeardBy(transcriber: Feedback["source"]["transcriber"]): Feedback {
  return {
    id: "a1",
    transcript: "um I split the work into daily pieces and uh we shipped on time",
    source: { transcriber, evaluator: transcriber === "openai" ? "openai" : "offline" },
    scores: { overall: 3.6, clarity: 3.8, relevance: 3.9, timing: 3.1 },
    delivery: {
      durationSeconds: 12,
      speakingSeconds: 10,
      wordsPerMinute: 150,
      fillerWords: { count: 2, words: { um: 1, uh: 1 } },
      longestPauseSeconds: 0.8,
    },
    structure: null,
    strengths: ["A concrete detail."],
    improvements: ["Say how it ended."],
    summary: "A solid answer.",
    approximate: false,
  };
}

function delivery(feedback: Feedback) {
  render(<FeedbackCard attempt={{ question: "Q?", feedback }} previous={null} trend={[]} />);
  return within(screen.getByRole("region", { name: "Delivery" }));
}

afterEach(cleanup);

describe("FeedbackCard's delivery figures", () => {
  it("marks the offline recogniser's filler count as an estimate", () => {
    const figures = delivery(feedbackHeardBy("offline"));
    expect(figures.getByText("≈ 2")).toBeTruthy();
    expect(figures.getByText(/estimate: “um” and “uh” are hard to hear offline/)).toBeTruthy();
    expect(figures.getByText(/“um” ×1, “uh” ×1/)).toBeTruthy();
  });

  it("states a cloud transcription's count as it is", () => {
    const figures = delivery(feedbackHeardBy("openai"));
    expect(figures.getByText("2")).toBeTruthy();
    expect(figures.queryByText(/estimate/)).toBeNull();
  });
});
