import { describe, expect, it } from "vitest";
import { countFillers, findFillers } from "./fillers";

describe("fillers", () => {
  it("counts fillers but not the same words used as words", () => {
    expect(
      countFillers("Um, so I, uh, you know, basically fixed it. I mean, um, it worked."),
    ).toEqual({
      count: 6,
      words: { um: 2, uh: 1, "you know": 1, "i mean": 1, basically: 1 },
    });
    expect(
      countFillers("I'd like to lead. It looks like rain. You know what I mean that it works.")
        .count,
    ).toBe(0);
    expect(countFillers("It was, like, a big deal, um like really").words.like).toBe(2);
  });

  it("finds each filler's own span, in order, for highlighting", () => {
    const text = "Well, UM like, you know, it was, like, fine";
    const spans = findFillers(text);
    expect(spans.map(({ name, start, end }) => [name, text.slice(start, end)])).toEqual([
      ["um", "UM"],
      ["like", "like"],
      ["you know", "you know"],
      ["like", "like"],
    ]);
    // Never overlapping, so the page can cut the text at them.
    for (let i = 1; i < spans.length; i++) {
      expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    }
  });

  it("finds nothing in an answer without fillers", () => {
    expect(findFillers("I led the migration and we shipped on time.")).toEqual([]);
    expect(countFillers("")).toEqual({ count: 0, words: {} });
  });
});
