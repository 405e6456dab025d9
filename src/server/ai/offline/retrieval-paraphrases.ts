/**
 * Evaluation data for the answer library's retrieval, shared by the unit tests and
 * `scripts/eval/answers.ts`. Every paraphrase here is written fresh — none is copied from the
 * bank's variants — and several are in the shape a speech transcript has (no capitals, no
 * punctuation, fillers), because that is what the practice page sends.
 */

export type RequiredQuestion = {
  /** The bank entry that must answer it. */
  id: string;
  /** The question as the product brief lists it. */
  question: string;
  /** New wordings an interviewer might use, which must reach the same entry. */
  paraphrases: string[];
};

/** The forty questions the library must always answer, each with two paraphrases. */
export const requiredQuestions: RequiredQuestion[] = [
  {
    id: "tell-me-about-yourself",
    question: "Tell me about yourself",
    paraphrases: [
      "So why don't you start by telling me a bit about yourself",
      "who are you in a nutshell",
    ],
  },
  {
    id: "walk-me-through-your-resume",
    question: "Walk me through your resume",
    paraphrases: [
      "Could you run me through your CV from the start?",
      "take me through your career history",
    ],
  },
  {
    id: "why-do-you-want-to-work-here",
    question: "Why do you want to work here",
    paraphrases: [
      "What is it about this company that makes you want to join?",
      "why would you like to work at Acme",
    ],
  },
  {
    id: "why-are-you-interested-in-this-role",
    question: "Why are you interested in this role",
    paraphrases: [
      "What appeals to you about this position?",
      "so what made you interested in the job",
    ],
  },
  {
    id: "why-should-we-hire-you",
    question: "Why should we hire you",
    paraphrases: ["Why would we choose you for this role?", "give me one good reason to hire you"],
  },
  {
    id: "what-are-your-greatest-strengths",
    question: "What are your greatest strengths",
    paraphrases: ["What would you say your main strengths are?", "what are you really strong at"],
  },
  {
    id: "what-is-your-greatest-weakness",
    question: "What is your greatest weakness",
    paraphrases: ["What's one weakness you are working on?", "tell me something you are weak at"],
  },
  {
    id: "where-do-you-see-yourself-in-five-years",
    question: "Where do you see yourself in five years",
    paraphrases: [
      "Where would you like to be 5 years down the line?",
      "in five years time what will you be doing",
    ],
  },
  {
    id: "why-are-you-leaving-your-current-job",
    question: "Why are you leaving your current job",
    paraphrases: [
      "What's the reason you want to leave your present employer?",
      "why do you want to change jobs right now",
    ],
  },
  {
    id: "conflict-with-a-coworker",
    question: "Tell me about a time you had a conflict with a coworker",
    paraphrases: [
      "Describe a conflict you've had with a co-worker.",
      "tell me about a clash with somebody in your team",
    ],
  },
  {
    id: "a-time-you-failed",
    question: "Tell me about a time you failed",
    paraphrases: [
      "Can you tell me about a failure you experienced?",
      "when did you fail at something important",
    ],
  },
  {
    id: "a-time-you-showed-leadership",
    question: "Tell me about a time you showed leadership",
    paraphrases: [
      "Share an example of your leadership.",
      "when did you demonstrate leadership at work",
    ],
  },
  {
    id: "a-time-you-made-a-mistake",
    question: "Tell me about a time you made a mistake",
    paraphrases: [
      "Tell me about a mistake you made and what happened next.",
      "what's a mistake you have made at work",
    ],
  },
  {
    id: "describe-a-challenging-project",
    question: "Describe a challenging project you worked on",
    paraphrases: [
      "Tell me about the most challenging project of your career.",
      "what was a really hard project for you",
    ],
  },
  {
    id: "worked-under-pressure",
    question: "Tell me about a time you worked under pressure",
    paraphrases: [
      "Can you give an example of performing well under pressure?",
      "how do you do under pressure",
    ],
  },
  {
    id: "how-do-you-handle-stress",
    question: "How do you handle stress",
    paraphrases: [
      "How do you deal with stress at work?",
      "how do you keep calm when work gets stressful",
    ],
  },
  {
    id: "how-do-you-prioritize-your-work",
    question: "How do you prioritize your work",
    paraphrases: [
      "How do you prioritise when everything is urgent?",
      "how do you set priorities for your tasks",
    ],
  },
  {
    id: "biggest-accomplishment",
    question: "What is your biggest accomplishment",
    paraphrases: [
      "What's your greatest achievement so far?",
      "tell me about the accomplishment you are proudest of",
    ],
  },
  {
    id: "salary-expectations",
    question: "What are your salary expectations",
    paraphrases: [
      "What are you expecting in terms of salary?",
      "how much money are you hoping to make",
    ],
  },
  {
    id: "do-you-have-any-questions-for-us",
    question: "Do you have any questions for us",
    paraphrases: ["Are there any questions you'd like to ask us?", "any questions for me"],
  },
  {
    id: "what-do-you-know-about-our-company",
    question: "What do you know about our company",
    paraphrases: ["What do you already know about our business?", "tell me what you know about us"],
  },
  {
    id: "how-would-coworkers-describe-you",
    question: "How would your coworkers describe you",
    paraphrases: ["How would your colleagues describe you?", "what would your boss say about you"],
  },
  {
    id: "disagreed-with-your-manager",
    question: "Tell me about a time you disagreed with your manager",
    paraphrases: [
      "Tell me about a disagreement with your supervisor.",
      "when did you disagree with your boss",
    ],
  },
  {
    id: "met-a-tight-deadline",
    question: "Describe a time you had to meet a tight deadline",
    paraphrases: [
      "Tell me about a time you worked to a really tight deadline.",
      "how did you meet a tight deadline",
    ],
  },
  {
    id: "went-above-and-beyond",
    question: "Tell me about a time you went above and beyond",
    paraphrases: [
      "When have you gone above and beyond for someone?",
      "tell me about going the extra mile at work",
    ],
  },
  {
    id: "how-do-you-handle-criticism",
    question: "How do you handle criticism",
    paraphrases: ["How do you deal with criticism of your work?", "how do you react to criticism"],
  },
  {
    id: "what-motivates-you",
    question: "What motivates you",
    paraphrases: ["What is it that motivates you at work?", "what drives you"],
  },
  {
    id: "ideal-work-environment",
    question: "What is your ideal work environment",
    paraphrases: [
      "Describe your ideal working environment.",
      "what does your ideal workplace look like",
    ],
  },
  {
    id: "learned-something-quickly",
    question: "Tell me about a time you had to learn something quickly",
    paraphrases: [
      "Give an example of when you had to learn a lot quickly.",
      "how fast can you learn something new",
    ],
  },
  {
    id: "solved-a-difficult-problem",
    question: "Describe a time you solved a difficult problem",
    paraphrases: [
      "Tell me about a difficult problem you solved.",
      "what's the toughest problem you've solved",
    ],
  },
  {
    id: "how-do-you-work-in-a-team",
    question: "How do you work in a team",
    paraphrases: ["How well do you work with a team?", "would you say you're a team player"],
  },
  {
    id: "persuaded-someone",
    question: "Tell me about a time you persuaded someone",
    paraphrases: [
      "Tell me about a time you had to convince someone.",
      "describe how you persuaded a colleague to change their mind",
    ],
  },
  {
    id: "what-makes-you-unique",
    question: "What makes you unique",
    paraphrases: ["What makes you different from other candidates?", "what is unique about you"],
  },
  {
    id: "why-did-you-choose-this-career",
    question: "Why did you choose this career",
    paraphrases: ["Why did you pick this career path?", "what made you choose this career"],
  },
  {
    id: "gap-in-your-resume",
    question: "Tell me about a gap in your resume",
    paraphrases: ["Could you explain the gap on your CV?", "why is there a gap in your resume"],
  },
  {
    id: "how-do-you-handle-a-difficult-customer",
    question: "How do you handle a difficult customer",
    paraphrases: [
      "How would you handle a difficult client?",
      "what do you do with a difficult customer",
    ],
  },
  {
    id: "what-are-your-career-goals",
    question: "What are your career goals",
    paraphrases: [
      "What goals do you have for your career?",
      "tell me about your goals for your career",
    ],
  },
  {
    id: "a-time-you-took-initiative",
    question: "Tell me about a time you took initiative",
    paraphrases: [
      "Give me an example of you taking the initiative.",
      "when did you show initiative",
    ],
  },
  {
    id: "describe-your-leadership-style",
    question: "Describe your leadership style",
    paraphrases: [
      "How would you describe your style of leadership?",
      "what is your leadership style",
    ],
  },
  {
    id: "first-ninety-days",
    question: "What would you do in your first ninety days",
    paraphrases: [
      "What would you do in your first 90 days on the job?",
      "how would you spend your first three months with us",
    ],
  },
];

/** Questions the library does not hold; they should get a framework answer, not a wrong match. */
export const offBankQuestions: string[] = [
  "What is the difference between a process and a thread?",
  "Explain how a hash map works",
  "How would you design a URL shortener?",
  "What is your favourite book and why?",
  "What is polymorphism in object oriented programming?",
  "How many tennis balls fit in a school bus?",
  "Walk me through a discounted cash flow valuation",
  "What is the capital of Australia?",
];
