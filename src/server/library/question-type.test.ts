import { describe, expect, it } from "vitest";
import { detectQuestionType, frameworkAnswer, toFirstPerson } from "./question-type";

describe("detectQuestionType", () => {
  it.each([
    ["Tell me about a time you had to deliver bad news to a client.", "behavioural"],
    ["Describe a situation where you had to adapt quickly", "behavioural"],
    ["Give me an example of a project you managed end to end", "behavioural"],
    ["Have you ever had to fire someone?", "behavioural"],
    ["What would you do if your manager asked you to falsify a report?", "situational"],
    ["How would you handle a customer who wants a refund outside the policy?", "situational"],
    ["Imagine you're given a project with no budget. What's your first move?", "situational"],
    ["Why do you want to move into consulting?", "motivational"],
    ["What excites you about working in healthcare?", "motivational"],
    ["What are your strengths as a writer?", "strengths-weaknesses"],
    ["What areas of improvement did your last review mention?", "strengths-weaknesses"],
    ["What is the difference between TCP and UDP?", "technical"],
    ["Explain how a hash map works", "technical"],
    ["How would you design a rate limiter?", "technical"],
    ["Do you have any other questions for me?", "closing"],
    ["When can you start?", "closing"],
    ["What is your favourite book?", "general"],
    ["How do you stay organised?", "general"],
  ])("%j is %s", (question, type) => {
    expect(detectQuestionType(question)).toBe(type);
  });
});

describe("frameworkAnswer", () => {
  it("builds a STAR scaffold around a behavioural question, in the first person", () => {
    const result = frameworkAnswer("Tell me about a time you had to win back a customer's trust");
    expect(result.type).toBe("behavioural");
    for (const label of ["Situation:", "Task:", "Action:", "Result:"])
      expect(result.answer).toContain(label);
    expect(result.answer).toContain("a time when I had to win back a customer's trust");
    expect(result.answer).toMatch(/\[your role\]/);
    expect(result.tips.length).toBeGreaterThanOrEqual(2);
  });

  it("weaves a hypothetical's condition into a situational answer", () => {
    const result = frameworkAnswer("What would you do if a colleague shared your password?");
    expect(result.type).toBe("situational");
    expect(result.answer).toContain(
      "If a colleague shared my password, the first thing I would do",
    );
  });

  it("takes the condition from its own sentence", () => {
    const result = frameworkAnswer(
      "Imagine your biggest client threatens to leave tomorrow. What do you do?",
    );
    expect(result.answer).toContain(
      "If my biggest client threatens to leave tomorrow, the first thing I would do",
    );
  });

  it("gives weaknesses and strengths different structures", () => {
    expect(frameworkAnswer("What weaknesses do you bring to a sales team?").answer).toMatch(
      /working on/,
    );
    expect(frameworkAnswer("Which strengths help you as a nurse?").answer).toMatch(/strengths/);
  });

  it("quotes the user's question and never claims experience for them", () => {
    for (const question of [
      "What is the difference between TCP and UDP?",
      "Why do you want to work in finance?",
      "Anything else you'd like to add?",
      "What is your favourite book?",
    ]) {
      const { answer } = frameworkAnswer(question);
      expect(answer).toContain(`"${question}"`);
      expect(answer).toMatch(/\[[^\]]+\]/);
    }
  });

  it("shortens a very long question when quoting it", () => {
    const { answer } = frameworkAnswer(`What is your favourite ${"very ".repeat(100)}long book?`);
    expect(answer).toMatch(/…"/);
  });
});

describe("toFirstPerson", () => {
  it("turns the interviewer's 'you' into the speaker's 'I' and 'me'", () => {
    expect(toFirstPerson("you were asked to help your team")).toBe("I was asked to help my team");
    expect(toFirstPerson("a client shouted at you")).toBe("a client shouted at me");
    expect(toFirstPerson("you taught yourself something")).toBe("I taught myself something");
  });
});
