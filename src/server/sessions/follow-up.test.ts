import { describe, expect, it } from "vitest";
import { createQuestionReferences } from "@/server/feedback/reference";
import { finishedThought, interviewFollowUp, measureForInterview } from "./follow-up";

const reference = createQuestionReferences();
const story = "Tell me about a time you met a tight deadline.";
const heard = (question: string, words: string) =>
  finishedThought(question, measureForInterview(reference, question, words));

describe("the interviewer's reading of an answer", () => {
  it("calls a story finished once it has an action and its result, not before", () => {
    const begun =
      "last spring our biggest client moved a launch forward by two weeks and i was in charge of the release";
    expect(heard(story, begun)).toBe(false);
    expect(heard(story, `${begun} so i split the work into daily goals`)).toBe(false);
    expect(
      heard(
        story,
        `${begun} so i split the work into daily goals and as a result we shipped on time`,
      ),
    ).toBe(true);
    expect(heard(story, "")).toBe(false);
  });

  it("calls a follow-up's answer finished once it gives what was asked for", () => {
    expect(heard("What was the outcome?", "well it was a long time ago now")).toBe(false);
    expect(
      heard("What was the outcome?", "in the end the outages stopped and the customer renewed"),
    ).toBe(true);
    expect(heard("What did you do yourself?", "i wrote the plan and i called them daily")).toBe(
      true,
    );
  });

  it("asks nothing after a question that is not a story, at any pressure", () => {
    const intro = "Tell me about yourself.";
    const words = "I am a software engineer with five years of experience in payments.";
    for (const pressure of ["friendly", "realistic", "tough"] as const) {
      expect(interviewFollowUp(reference, intro, words, pressure)).toBeNull();
    }
  });

  it("reads a library story question as one even when its wording does not say so", () => {
    const unfinished =
      "Last year a large customer was angry about repeated outages. I called them every morning " +
      "and I wrote a recovery plan with our engineers.";
    // No "tell me about a time": only the library knows this one asks for a story.
    const goal = "Tell me about a goal you set and achieved.";
    expect(interviewFollowUp(reference, goal, unfinished, "realistic")).toBe(
      "What was the outcome?",
    );
  });

  it("asks Realistic and Tough for the speaker's own part when the team did everything", () => {
    const team =
      "Last year our client moved the launch forward. We split the work, we tested every night " +
      "and the team shipped it on time, so the client renewed.";
    expect(interviewFollowUp(reference, story, team, "friendly")).toBeNull();
    expect(interviewFollowUp(reference, story, team, "realistic")).toBe(
      "What did you do yourself?",
    );
    expect(interviewFollowUp(reference, story, team, "tough")).toBe(
      "What did you personally do, not the team?",
    );
  });
});
