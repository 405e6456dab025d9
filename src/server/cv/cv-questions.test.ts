import { describe, expect, it } from "vitest";
import { loadQuestionBank } from "@/server/library/answer-library";
import { chooseQuestions } from "@/server/sessions/choose-questions";
import type { Cv } from "@/shared/cv";
import type { StartSessionRequest } from "@/shared/sessions";
import { withCvQuestions } from "./cv-questions";

/** How a CV's questions are mixed into a session's (the rest: cv-routes.test.ts). */

const bank = loadQuestionBank();
const first = () => 0;

const cv = (profile: Partial<Cv["profile"]>, text = "A CV."): Cv => ({
  fileName: null,
  format: "text",
  text,
  profile: { jobs: [], skills: [], achievements: [], ...profile },
  reader: "offline",
  updatedAt: new Date().toISOString(),
});

const full = cv({
  jobs: [
    { title: "Staff Nurse", employer: "City Hospital", dates: "2020 – Present" },
    { title: "Nurse", employer: "Valley Clinic", dates: "2016 – 2020" },
  ],
  skills: ["Phlebotomy", "Safeguarding"],
  achievements: ["Cut missed doses by 30% with a double-check rota"],
});

function interview(length: 3 | 5 | 8, withCv: Cv) {
  const request = { mode: "interview", role: "nurse", level: "mid", length } as const;
  return withCvQuestions(
    chooseQuestions(bank, request, { random: first }),
    request,
    withCv,
    bank,
    first,
  );
}

describe("withCvQuestions", () => {
  it("keeps an interview's length: the walk through the CV first, 1, 2 or 3 more, the closer last", () => {
    for (const [length, more] of [
      [3, 1],
      [5, 2],
      [8, 3],
    ] as const) {
      const { questions } = interview(length, full);
      expect(questions).toHaveLength(length);
      expect(questions.map((question) => question.index)).toEqual([...Array(length).keys()]);
      expect(questions[0]!.question).toBe("Walk me through your CV.");
      expect(questions.filter((question) => question.source === "cv")).toHaveLength(1 + more);
      if (length >= 5) expect(questions.at(-1)!.source).not.toBe("cv");
    }
    const asked = interview(8, full).questions.map((question) => question.question);
    expect(asked).toContain("Tell me about your time at City Hospital as Staff Nurse.");
    expect(asked).toContain(
      'Your CV says: "Cut missed doses by 30% with a double-check rota". How did you do that?',
    );
    expect(asked).toContain("You list Phlebotomy on your CV — tell me about a time you used it.");
  });

  it("asks only what the CV has: a CV with nothing found opens with it and keeps the bank's", () => {
    const { questions, vocabulary } = interview(5, cv({}));
    expect(questions).toHaveLength(5);
    expect(questions.filter((question) => question.source === "cv")).toHaveLength(1);
    expect(vocabulary).toEqual([]);
  });

  it("asks Company Specific about a requirement of the post the CV never mentions", () => {
    const request: StartSessionRequest = {
      mode: "company",
      company: "Acme Care",
      role: "nurse",
      jobPost: "You will need excellent stakeholder management and teamwork.",
    };
    const { questions, vocabulary } = withCvQuestions(
      chooseQuestions(bank, request, { random: first }),
      request,
      full,
      bank,
      first,
    );
    const asked = questions.map((question) => question.question);
    expect(asked[0]).toBe("Walk me through your CV.");
    expect(
      asked.some((question) =>
        /^The role asks for .+; tell me about your experience with it\.$/.test(question),
      ),
    ).toBe(true);
    expect(asked.at(-1)).toMatch(/Acme Care/);
    expect(vocabulary).toEqual(expect.arrayContaining(["acme", "city", "hospital", "phlebotomy"]));
  });
});
