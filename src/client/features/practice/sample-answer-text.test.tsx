// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SampleAnswerText } from "./sample-answer-text";

afterEach(cleanup);

const marked = (text: string) => {
  const { container } = render(<SampleAnswerText text={text} writing={false} />);
  return [...container.querySelectorAll("mark[data-placeholder]")].map((mark) => mark.textContent);
};

describe("SampleAnswerText", () => {
  it("marks each [part to fill in], however long its example", () => {
    const outcome =
      "[The outcome, e.g. the ward manager reminded the team at the next huddle, the charts were checked at each handover, and the patient's skin healed before discharge]";
    expect(marked(`Result: ${outcome}. I learned to speak up [where].`)).toEqual([
      outcome,
      "[where]",
    ]);
  });
});
