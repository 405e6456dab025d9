import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonths, nextPeriodEnd } from "./periods";

const d = (iso: string) => new Date(iso);

describe("monthly periods", () => {
  it("clamps to the end of shorter months and keeps the anchor day afterwards", () => {
    const anchor = d("2027-01-31T10:00:00Z");
    expect(addMonths(anchor, 1).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(nextPeriodEnd(anchor, d("2027-02-28T10:00:00Z")).toISOString()).toBe(
      "2027-03-31T10:00:00.000Z",
    );
    expect(addMonths(d("2028-01-31T00:00:00Z"), 1).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonths(d("2027-12-15T00:00:00Z"), 1).toISOString()).toBe("2028-01-15T00:00:00.000Z");
  });

  it("always moves forward, by 28 to 31 days", () => {
    fc.assert(
      fc.property(
        fc.date({ min: d("2000-01-01"), max: d("2090-01-01"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 60 }),
        (anchor, n) => {
          const end = addMonths(anchor, n);
          const next = nextPeriodEnd(anchor, end);
          const days = (next.getTime() - end.getTime()) / 86_400_000;
          return days >= 28 && days <= 31;
        },
      ),
    );
  });
});
