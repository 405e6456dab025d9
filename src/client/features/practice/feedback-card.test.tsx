// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Feedback } from "@/shared/feedback";
import { FeedbackCard } from "./feedback-card";

const lowAnxiety = vi.hoisted(() => ({ on: false }));
vi.mock("@/client/lib/low-anxiety", () => ({ useLowAnxiety: () => lowAnxiety.on }));

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

/** The card for `feedback` with no earlier try, as a first answer shows it. */
function renderCard(feedback: Feedback, props: Partial<Parameters<typeof FeedbackCard>[0]> = {}) {
  return render(
    <FeedbackCard attempt={{ question: "Q?", feedback }} previous={null} trend={[]} {...props} />,
  );
}

function delivery(feedback: Feedback) {
  renderCard(feedback);
  return within(screen.getByRole("region", { name: "Delivery" }));
}

afterEach(() => {
  cleanup();
  lowAnxiety.on = false;
});

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

/**
 * Each line of feedback shows what it rests on: the words it quotes, marked in the transcript
 * (only where the offsets still read as those words), or the measurement it was drawn from.
 */
describe("FeedbackCard's evidence", () => {
  const transcript = "um I split the work into daily pieces and uh we shipped on time";
  const quote = (text: string, start = transcript.indexOf(text)) => ({
    start,
    end: start + text.length,
    text,
  });

  function card(evidence: Feedback["evidence"], lines: Partial<Feedback> = {}) {
    const feedback: Feedback = {
      ...feedbackHeardBy("typed"),
      delivery: null,
      transcript,
      strengths: ["You said what you did: “I split the work into daily pieces”."],
      improvements: ["Say how it ended.", "Say more."],
      evidence,
      ...lines,
    };
    renderCard(feedback);
    return {
      transcript: screen.getByTestId("feedback-transcript"),
      line: (name: string, text: string) =>
        within(screen.getByRole("region", { name })).getByText(text).closest("li")!,
    };
  }

  it("marks the quoted words, linked both ways with the line they back", () => {
    const { transcript: shown, line } = card({
      strengths: [{ quote: quote("I split the work into daily pieces"), basis: null }],
      improvements: [
        { quote: null, basis: "no outcome found after the first action" },
        { quote: null, basis: "12 words" },
      ],
    });
    const mark = shown.querySelector<HTMLElement>("mark[data-highlight='strength']")!;
    expect(mark.textContent).toBe("I split the work into daily pieces (what worked)");
    // The mark is described by its line, for screen readers.
    const text = document.getElementById(mark.getAttribute("aria-describedby")!)!;
    expect(text.textContent).toBe("You said what you did: “I split the work into daily pieces”.");
    // Hovering or focusing the line lights the mark; the button takes the focus to it.
    const strength = line("What worked", text.textContent!);
    fireEvent.mouseEnter(strength);
    expect(mark.dataset.active).toBe("true");
    fireEvent.mouseLeave(strength);
    expect(mark.dataset.active).toBe("false");
    const show = within(strength).getByRole("button", { name: "Show in your answer" });
    fireEvent.focus(show);
    expect(mark.dataset.active).toBe("true");
    fireEvent.click(show);
    expect(document.activeElement).toBe(mark);
    // The fillers stay marked alongside.
    expect(
      [...shown.querySelectorAll("mark[data-highlight='filler']")].map((m) => m.textContent),
    ).toEqual(["um (filler)", "uh (filler)"]);
  });

  it("shows a line's measurement under it", () => {
    const { line } = card({
      strengths: [{ quote: null, basis: null }],
      improvements: [
        { quote: null, basis: "no outcome found after the first action" },
        { quote: null, basis: "12 words" },
      ],
    });
    const improvement = line("What to change", "Say how it ended.");
    expect(
      within(improvement).getByText("Measured: no outcome found after the first action"),
    ).toBeTruthy();
    expect(
      within(line("What to change", "Say more.")).getByText("Measured: 12 words"),
    ).toBeTruthy();
    expect(within(improvement).queryByRole("button")).toBeNull();
  });

  it("never marks a quote whose offsets do not read as its words", () => {
    const { transcript: shown } = card({
      strengths: [{ quote: { ...quote("I split the work"), start: 4 }, basis: null }],
      improvements: [
        { quote: { start: 50, end: 90, text: "we shipped on time" }, basis: "late" },
        { quote: { start: 3, end: 3, text: "" }, basis: null },
      ],
    });
    expect(shown.querySelectorAll("mark:not([data-highlight='filler'])")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Show in your answer" })).toBeNull();
    expect(screen.getByText("Measured: late")).toBeTruthy();
  });

  it("nests a filler inside the quote around it, and marks overlapping quotes both", () => {
    const { transcript: shown } = card({
      strengths: [{ quote: quote("daily pieces and uh we"), basis: null }],
      improvements: [
        { quote: quote("we shipped on time"), basis: null },
        { quote: null, basis: null },
      ],
    });
    const strength = shown.querySelector("mark[data-highlight='strength']")!;
    expect(strength.querySelector("mark[data-highlight='filler']")?.textContent).toBe(
      "uh (filler)",
    );
    // The improvement's quote starts inside the strength's: its first word nests there, the
    // rest follows, and only the first piece carries the label and the id.
    const pieces = [...shown.querySelectorAll("mark[data-highlight='improvement']")];
    expect(pieces.map((piece) => piece.textContent)).toEqual([
      "we (what to change)",
      " shipped on time",
    ]);
    expect(pieces.map((piece) => piece.id !== "")).toEqual([true, false]);
    expect(shown.textContent?.replace(/ \((filler|what worked|what to change)\)/g, "")).toBe(
      transcript,
    );
  });

  it("renders an answer stored before evidence as before: fillers only, no measurements", () => {
    const { transcript: shown } = card(undefined);
    expect([...shown.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual([
      "um (filler)",
      "uh (filler)",
    ]);
    expect(screen.queryByText(/^Measured:/)).toBeNull();
    expect(screen.queryByText(/Underlined: the words behind/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Show in your answer" })).toBeNull();
    expect(shown.textContent?.replace(/ \(filler\)/g, "")).toBe(transcript);
  });

  it("links to how we score", () => {
    card(undefined);
    expect(screen.getByRole("link", { name: /How we score/ }).getAttribute("href")).toBe(
      "/how-we-score",
    );
  });
});

/**
 * Transcript first (docs/decisions/0092): an approximate spoken answer opens on what was heard,
 * and the scores wait until it is scored as heard or corrected; a report's transcript can be
 * corrected in place.
 */
describe("FeedbackCard's transcript correction", () => {
  const heard: Feedback = { ...feedbackHeardBy("offline"), approximate: true };

  function open(feedback: Feedback, correct = vi.fn(async () => true)) {
    const view = renderCard(feedback, { onCorrectTranscript: correct });
    return { correct, view };
  }

  it("shows an unsure transcript first, with the focus on it; 'Score it as heard' shows the report", () => {
    const { correct } = open(heard);
    expect(screen.queryByTestId("feedback-card")).toBeNull();
    expect(document.activeElement?.textContent).toBe("Check what we heard");
    const box = screen.getByRole("textbox", { name: "What we heard" }) as HTMLTextAreaElement;
    expect(box.value).toBe(heard.transcript);
    fireEvent.click(screen.getByRole("button", { name: "Score it as heard" }));
    expect(screen.getByTestId("feedback-card")).toBeTruthy();
    expect(document.activeElement?.textContent).toBe("Your feedback");
    expect(correct).not.toHaveBeenCalled();
  });

  it("'Score my correction' sends the corrected words for the same attempt", async () => {
    const { correct } = open(heard);
    const box = screen.getByRole("textbox", { name: "What we heard" });
    fireEvent.change(box, { target: { value: "  I split the work into daily pieces.  " } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Score my correction" }));
    });
    expect(correct).toHaveBeenCalledWith("a1", "I split the work into daily pieces.");
  });

  it("refuses an empty correction and says why", async () => {
    const { correct } = open(heard);
    const box = screen.getByRole("textbox", { name: "What we heard" });
    fireEvent.change(box, { target: { value: "   " } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Score my correction" }));
    });
    expect(correct).not.toHaveBeenCalled();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("The transcript cannot be empty.")).toBeTruthy();
  });

  it("corrects a report's transcript in place; Escape cancels back to the button", async () => {
    const { correct } = open(feedbackHeardBy("offline"));
    fireEvent.click(screen.getByRole("button", { name: "Correct the Transcript" }));
    const box = screen.getByRole("textbox", { name: "Correct what we heard" });
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByRole("textbox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Correct the Transcript" }));
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "I shipped on time." } });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole("textbox"), { key: "Enter", ctrlKey: true });
    });
    expect(correct).toHaveBeenCalledWith("a1", "I shipped on time.");
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("offers no correction for a typed answer, nor in a report re-opened from the history", () => {
    open({ ...feedbackHeardBy("typed"), delivery: null });
    expect(screen.queryByRole("button", { name: "Correct the Transcript" })).toBeNull();
    cleanup();
    renderCard(heard);
    expect(screen.getByTestId("feedback-card")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Correct the Transcript" })).toBeNull();
  });

  it("says a corrected transcript is the user's", () => {
    open({ ...feedbackHeardBy("offline"), corrected: true });
    expect(screen.getByText("Corrected transcript")).toBeTruthy();
    expect(screen.getByText("Your corrected transcript")).toBeTruthy();
  });
});

/** Low-anxiety mode (docs/decisions/0093): words for the scores, no numbers. */
describe("FeedbackCard in low-anxiety mode", () => {
  it("shows a word for each score and no numbers, and keeps the advice", () => {
    lowAnxiety.on = true;
    const feedback = feedbackHeardBy("typed");
    const before = { ...feedback, scores: { overall: 2.1, clarity: 2, relevance: 2, timing: 2 } };
    renderCard(
      { ...feedback, delivery: null },
      { previous: { question: "Q?", feedback: before }, trend: [2.1, 3, 3.6] },
    );
    const card = screen.getByTestId("feedback-card");
    expect(screen.getByTestId("overall-word").textContent).toBe("Solidoverall");
    expect(card.textContent).not.toMatch(/\d\.\d|\/5|Last try/);
    expect(within(card).getByText("Say how it ended.")).toBeTruthy();
    expect(within(card).getAllByText(/^(Strong|Solid|Needs work)$/)).toHaveLength(4);
  });
});
