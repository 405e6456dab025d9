import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSseParser } from "./practice-sse";

describe("createSseParser", () => {
  it("reads data events, named events, comments and multi-line data", () => {
    const parser = createSseParser();
    const events = parser.push(
      ': keep-alive\n\ndata: {"delta":"Hi"}\n\nevent: done\ndata: {"source":"x"}\n\ndata: a\ndata: b\n\n',
    );
    expect(events).toEqual([
      { event: "message", data: '{"delta":"Hi"}' },
      { event: "done", data: '{"source":"x"}' },
      { event: "message", data: "a\nb" },
    ]);
  });

  it("gives the same events however the text is split, with any line ending", () => {
    const events = [
      { event: "message", data: '{"delta":"one "}' },
      { event: "message", data: '{"delta":"two\\n"}' },
      { event: "error", data: '{"error":{"code":"engine_timeout","message":"slow"}}' },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom("\n", "\r\n", "\r"),
        fc.array(fc.nat(), { maxLength: 8 }),
        (eol, cuts) => {
          const text = events
            .map(
              (e) =>
                (e.event === "message" ? "" : `event: ${e.event}${eol}`) +
                `data: ${e.data}${eol}${eol}`,
            )
            .join(`: ping${eol}${eol}`);
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const parser = createSseParser();
          const seen = [];
          let from = 0;
          for (const point of [...points, text.length]) {
            seen.push(...parser.push(text.slice(from, point)));
            from = point;
          }
          seen.push(...parser.end());
          expect(seen).toEqual(events);
        },
      ),
    );
  });

  it("drops an event that never got its closing blank line", () => {
    const parser = createSseParser();
    expect(parser.push("data: partial\n")).toEqual([]);
    expect(parser.end()).toEqual([]);
  });
});
