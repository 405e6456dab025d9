import { describe, expect, it } from "vitest";
import { evalCvs } from "@tests/data/cvs";
import { heldOutCvs } from "@tests/data/cvs-held-out";
import { profileOf, scoreProfile } from "@tests/support/cv-eval";
import { understandCv } from "./understand-cv";

/**
 * The offline CV reader on the written CVs (npm run eval:cv prints the figures): the floor it
 * holds on both sets, and the layouts it must tell apart.
 */

describe("understandCv", () => {
  it("finds at least 95% of the jobs, skills and achievements of every written CV", async () => {
    const totals: Record<string, [number, number]> = {
      jobs: [0, 0],
      skills: [0, 0],
      achievements: [0, 0],
    };
    for (const cv of [...evalCvs, ...heldOutCvs]) {
      const score = scoreProfile(cv, await profileOf(cv));
      for (const kind of ["jobs", "skills", "achievements"] as const) {
        totals[kind]![0] += score[kind].found;
        totals[kind]![1] += score[kind].of;
      }
    }
    for (const [found, of] of Object.values(totals))
      expect(found / of).toBeGreaterThanOrEqual(0.95);
  }, 60_000);

  it("reads 'Title at Employer (dates)', 'Employer | Title | dates' and dates on the next line", () => {
    const profile = understandCv(
      [
        "Experience",
        "Data Engineer at Quarry Analytics (May 2022 - Present)",
        "Riverside Trust | Finance Officer | 2018 – 2022",
        "Account Manager, Lumo Media",
        "2015 – 2018 · Leeds",
      ].join("\n"),
    );
    expect(profile.jobs).toEqual([
      { title: "Data Engineer", employer: "Quarry Analytics", dates: "May 2022 - Present" },
      { title: "Finance Officer", employer: "Riverside Trust", dates: "2018 – 2022" },
      { title: "Account Manager", employer: "Lumo Media", dates: "2015 – 2018" },
    ]);
  });

  it("keeps achievements with their numbers, not contact details, dates or education", () => {
    const profile = understandCv(
      [
        "Sam Doe · +44 7700 900456 · sam@example.com",
        "Experience",
        "Nurse, City Hospital, 2019 – 2023",
        "• Cut waiting times by 25% on the day unit",
        "• Looked after patients",
        "Education",
        "BSc Nursing, 2015 – 2018, 2:1 with 72% in the dissertation",
      ].join("\n"),
    );
    expect(profile.achievements).toEqual(["Cut waiting times by 25% on the day unit"]);
  });

  it("reads nothing into a text that is not a CV", () => {
    expect(understandCv("Hello there. I like long walks and 3 cats.")).toMatchObject({
      jobs: [],
      skills: [],
    });
  });
});
