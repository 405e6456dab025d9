import { describe, expect, it } from "vitest";
import { workTalk } from "./work-talk";

describe("work talk", () => {
  it("tells an answer about work from everyday talk it was not trained on", () => {
    const work =
      "At my last company I led a small team that rebuilt the onboarding process for new " +
      "customers. I interviewed our account managers, wrote a checklist and trained two colleagues, " +
      "and within a quarter support tickets from new clients fell by a third.";
    const everyday =
      "On Saturday we took the dog to the beach and walked along the cliffs until sunset. " +
      "Afterwards we had fish and chips in the car because it started raining, and the kids fell " +
      "asleep on the way home.";
    expect(workTalk(work)).toBe(1);
    expect(workTalk(everyday)).toBe(0);
  });

  it("moves little when a few work words are misheard into a long everyday answer", () => {
    const everyday =
      "My favourite place in the world is my grandmother's garden in the summer. She grows " +
      "tomatoes, beans and strawberries, and there is an old apple tree with a swing that my " +
      "grandfather made. We sit under it in the evenings with lemonade and listen to the birds, " +
      "and sometimes the neighbours come over with their guitar and we sing until it gets dark.";
    const misheard = everyday.replace("strawberries", "project").replace("swing", "team goal");
    expect(workTalk(misheard)).toBeLessThan(0.25);
  });

  it("is zero for no words at all", () => {
    expect(workTalk("")).toBe(0);
    expect(workTalk("um, uh, the")).toBe(0);
  });
});
