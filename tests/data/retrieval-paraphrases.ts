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
  "If you were an animal, which one would you be?",
  "What is the difference between a list and a tuple in Python?",
  "How do you calculate net present value?",
  "What are the SOLID principles?",
  "How would you reverse a linked list?",
  "What happens when you type a URL into a browser?",
  "How do vaccines work?",
  "How many windows are there in New York?",
  "What is GDPR and why does it matter?",
  "What is the difference between revenue and profit?",
  "Can you explain the water cycle?",
  "the weather was lovely at the beach this weekend",
  "add two cups of flour and bake for twenty minutes",
];

/**
 * A held-out set, written after retrieval was tuned on `requiredQuestions`. Its misses were read
 * twice to find classes of wordings the pipeline handled badly (fixed as classes, never by adding
 * these sentences as variants), so its score is somewhat optimistic; `freshParaphrases` is the
 * blind check.
 */
export const heldOutParaphrases: { id: string; question: string }[] = [
  { id: "tell-me-about-yourself", question: "I'd love to hear about you, where should we start" },
  { id: "tell-me-about-yourself", question: "Introduce yourself to the panel please" },
  { id: "walk-me-through-your-resume", question: "Can you summarise your resume for me" },
  { id: "why-do-you-want-to-work-here", question: "Why this company?" },
  { id: "why-are-you-interested-in-this-role", question: "What draws you to this particular job?" },
  { id: "why-should-we-hire-you", question: "Why are you the right fit for this job" },
  {
    id: "what-are-your-greatest-strengths",
    question: "Which strengths would you bring to the team?",
  },
  { id: "what-is-your-greatest-weakness", question: "What are some of your weaknesses" },
  {
    id: "where-do-you-see-yourself-in-five-years",
    question: "Where will you be in five years' time?",
  },
  { id: "why-are-you-leaving-your-current-job", question: "Why do you want to quit your job" },
  {
    id: "conflict-with-a-coworker",
    question: "Have you ever had a conflict with someone you work with?",
  },
  { id: "a-time-you-failed", question: "Tell me about your biggest failure" },
  { id: "a-time-you-made-a-mistake", question: "Have you ever made a big mistake at work?" },
  {
    id: "describe-a-challenging-project",
    question: "What's the most challenging project you've been part of?",
  },
  { id: "how-do-you-handle-stress", question: "How do you manage stressful situations" },
  { id: "how-do-you-prioritize-your-work", question: "How do you decide which tasks come first?" },
  { id: "biggest-accomplishment", question: "What would you say is your biggest achievement" },
  { id: "salary-expectations", question: "What salary would you expect?" },
  { id: "do-you-have-any-questions-for-us", question: "Do you have questions for me?" },
  { id: "what-do-you-know-about-our-company", question: "How much do you know about our company?" },
  {
    id: "disagreed-with-your-manager",
    question: "Have you ever disagreed with your line manager?",
  },
  { id: "met-a-tight-deadline", question: "Tell me about working to a tight deadline" },
  { id: "how-do-you-handle-criticism", question: "How do you take criticism?" },
  { id: "what-motivates-you", question: "What motivates you to do a good job?" },
  { id: "ideal-work-environment", question: "In what kind of environment do you work best?" },
  { id: "how-do-you-work-in-a-team", question: "How do you work with other people in a team?" },
  { id: "what-makes-you-unique", question: "What makes you stand out?" },
  { id: "gap-in-your-resume", question: "What did you do during the gap in your employment?" },
  {
    id: "how-do-you-handle-a-difficult-customer",
    question: "How would you deal with an angry client?",
  },
  { id: "what-are-your-career-goals", question: "What are your goals for the next few years?" },
  {
    id: "describe-your-leadership-style",
    question: "How would you describe your management style?",
  },
  { id: "first-ninety-days", question: "What would you achieve in your first 3 months?" },
  { id: "a-time-you-missed-a-deadline", question: "Have you ever missed a deadline?" },
  { id: "a-time-you-negotiated", question: "Tell me about a negotiation you led" },
  { id: "what-is-your-dream-job", question: "What's your dream role?" },
  { id: "mentored-someone", question: "Have you ever mentored anyone?" },
  { id: "what-are-you-passionate-about", question: "What are your passions?" },
  { id: "run-an-effective-meeting", question: "How do you run a good meeting?" },
  { id: "how-long-would-you-stay", question: "How long do you plan to stay in this job?" },
  { id: "tools-and-software-you-use", question: "Which software tools do you know well?" },
  // Second half of the bank (merged from part 2), written before it was first evaluated.
  { id: "teammate-missed-deadline", question: "What if a teammate's delay held up your own work?" },
  {
    id: "colleague-unethical-behaviour",
    question: "What would you do if you caught a coworker acting unethically?",
  },
  {
    id: "conflicting-priorities-two-managers",
    question: "How would you handle two bosses giving you conflicting priorities?",
  },
  {
    id: "unclear-instructions",
    question: "What do you do when instructions for a task are unclear?",
  },
  {
    id: "colleague-takes-credit",
    question: "How would you react if someone took credit for your work?",
  },
  { id: "asked-to-cut-corners", question: "What if your boss asked you to cut corners?" },
  { id: "remote-team-collaboration", question: "Have you worked with a remote team before?" },
  {
    id: "helped-struggling-colleague",
    question: "Tell me about helping a colleague who was struggling",
  },
  {
    id: "team-member-not-contributing",
    question: "What did you do when a team member wasn't pulling their weight?",
  },
  { id: "prefer-alone-or-team", question: "Would you rather work alone or in a team?" },
  { id: "delegation", question: "How do you delegate work?" },
  { id: "underperforming-employee", question: "How have you handled an underperforming employee?" },
  { id: "hiring-approach", question: "How do you hire people for your team?" },
  { id: "exceeded-sales-target", question: "Have you ever beaten a sales target?" },
  { id: "sell-me-this-pen", question: "Sell me this pen please" },
  {
    id: "price-objection",
    question: "What do you say when a customer says the price is too high?",
  },
  { id: "handling-rejection-sales", question: "How do you cope with rejection?" },
  { id: "root-cause-analysis", question: "How do you find the root cause of a problem?" },
  { id: "improved-a-process", question: "Tell me about a process you improved" },
  { id: "work-life-balance", question: "How do you balance work and life?" },
  { id: "remote-hybrid-preference", question: "Do you prefer remote work or the office?" },
  { id: "definition-of-success", question: "What does success mean to you?" },
  { id: "outside-work", question: "What are your hobbies?" },
  { id: "why-changing-careers", question: "Why do you want to change careers?" },
  { id: "overqualified", question: "Aren't you overqualified for this job?" },
  { id: "been-fired", question: "Have you ever been fired?" },
  { id: "willing-to-relocate", question: "Are you open to relocating?" },
  { id: "willing-to-travel", question: "How do you feel about travelling for work?" },
  { id: "interviewing-elsewhere", question: "Are you interviewing anywhere else?" },
  { id: "notice-period-start-date", question: "How soon could you start?" },
];

/**
 * Written after the bank was merged and measured blind once: 80% (6 wrong library answers,
 * 2 framework answers). Its misses then led to class-level fixes (light verbs as stop words,
 * self-introduction and workload as concepts, people in the question), after which it scores
 * 100%; the next blind check needs a new set.
 */
export const freshParaphrases: { id: string; question: string }[] = [
  { id: "tell-me-about-yourself", question: "tell us about yourself and your background" },
  { id: "why-should-we-hire-you", question: "why should we offer you this job" },
  { id: "what-is-your-greatest-weakness", question: "what's an area you'd like to improve in" },
  {
    id: "where-do-you-see-yourself-in-five-years",
    question: "what do you see yourself doing in five years",
  },
  {
    id: "why-are-you-leaving-your-current-job",
    question: "why are you looking to leave your employer",
  },
  {
    id: "conflict-with-a-coworker",
    question: "describe a time you had a disagreement with a teammate",
  },
  { id: "a-time-you-failed", question: "talk about a time when you failed" },
  {
    id: "a-time-you-showed-leadership",
    question: "can you give an example of when you led a team",
  },
  { id: "worked-under-pressure", question: "describe a time you performed under pressure" },
  { id: "how-do-you-handle-stress", question: "how do you cope with stress" },
  { id: "salary-expectations", question: "what are you hoping to earn" },
  { id: "do-you-have-any-questions-for-us", question: "is there anything you want to ask us" },
  {
    id: "how-do-you-handle-criticism",
    question: "how do you handle negative feedback from your manager",
  },
  { id: "what-motivates-you", question: "what keeps you going at work" },
  { id: "a-time-you-took-initiative", question: "describe a time you took the initiative" },
  { id: "gap-in-your-resume", question: "can you explain this gap in your CV" },
  {
    id: "how-do-you-handle-a-difficult-customer",
    question: "how do you deal with a customer who is angry",
  },
  { id: "first-ninety-days", question: "what would you do in your first three months" },
  { id: "what-do-you-know-about-our-company", question: "what do you know about what we do here" },
  { id: "biggest-accomplishment", question: "what's the achievement you are most proud of" },
  {
    id: "teammate-missed-deadline",
    question: "what would you do if a colleague missed a deadline you were relying on",
  },
  { id: "more-work-than-time", question: "what would you do if you had too much work to finish" },
  {
    id: "colleague-takes-credit",
    question: "what if a coworker took credit for something you did",
  },
  { id: "delegation", question: "tell me about a time you delegated" },
  { id: "motivate-team", question: "how would you motivate your team" },
  { id: "sell-me-this-pen", question: "sell this pen to me" },
  {
    id: "price-objection",
    question: "a customer tells you our product is too expensive what do you say",
  },
  { id: "work-life-balance", question: "how do you keep a good work life balance" },
  { id: "outside-work", question: "what do you enjoy doing outside work" },
  { id: "why-changing-careers", question: "why the change of career" },
  { id: "willing-to-relocate", question: "would you relocate for this job" },
  { id: "how-did-you-hear", question: "where did you hear about this role" },
  { id: "notice-period-start-date", question: "what's your notice period" },
  { id: "accept-offer-today", question: "if we made you an offer today would you take it" },
  {
    id: "adapted-to-major-change",
    question: "tell me about a big change at work you had to adapt to",
  },
  {
    id: "creative-solution",
    question: "give me an example of a creative solution you came up with",
  },
  { id: "definition-of-success", question: "how do you measure success" },
  { id: "staying-organised", question: "how do you keep yourself organized" },
  { id: "mentored-someone", question: "tell me about someone you mentored" },
  { id: "a-time-you-said-no", question: "tell me about a time you had to turn down a request" },
];

/**
 * Written after the people rule, in freer spoken idiom, and measured blind once: 53% (7 wrong
 * library answers, 7 frameworks). That run exposed two bugs, fixed since ("a little about" was
 * not read as filler; "not so good at" matched "good at"), giving 63%. The rest are open: idioms
 * ("met someone halfway", "juggle lots of tasks") need synonyms the library does not have yet.
 */
export const blindParaphrases: { id: string; question: string }[] = [
  { id: "tell-me-about-yourself", question: "so tell me a little about who you are" },
  { id: "walk-me-through-your-resume", question: "walk us through your career so far" },
  { id: "why-do-you-want-to-work-here", question: "what makes you want to work for us" },
  { id: "what-are-your-greatest-strengths", question: "what would you say you're good at" },
  { id: "what-is-your-greatest-weakness", question: "what is something you struggle with at work" },
  {
    id: "why-are-you-leaving-your-current-job",
    question: "why do you want to move on from where you are now",
  },
  { id: "a-time-you-made-a-mistake", question: "talk me through an error you made" },
  { id: "worked-under-pressure", question: "how do you perform when the pressure is on" },
  { id: "how-do-you-prioritize-your-work", question: "how do you juggle lots of tasks at once" },
  { id: "salary-expectations", question: "what sort of salary are you after" },
  {
    id: "how-would-coworkers-describe-you",
    question: "how would the people you work with describe you",
  },
  { id: "went-above-and-beyond", question: "have you ever gone beyond what was asked of you" },
  { id: "ideal-work-environment", question: "what kind of culture do you work best in" },
  { id: "what-makes-you-unique", question: "why should we choose you over everyone else" },
  { id: "gap-in-your-resume", question: "what were you doing during that break in your career" },
  { id: "describe-your-leadership-style", question: "how do you lead people" },
  { id: "first-ninety-days", question: "what would your plan be for the first ninety days" },
  { id: "do-you-have-any-questions-for-us", question: "what would you like to ask me" },
  { id: "more-work-than-time", question: "what do you do when you can't get everything done" },
  { id: "unclear-instructions", question: "what if you weren't sure what your manager wanted" },
  { id: "compromise", question: "tell me about a time you met someone halfway" },
  {
    id: "explain-complex-to-non-expert",
    question: "how do you explain technical things to people who aren't technical",
  },
  {
    id: "conflict-within-team",
    question: "how would you resolve a conflict between two of your team members",
  },
  {
    id: "turned-around-unhappy-customer",
    question: "tell me about turning around an unhappy customer",
  },
  {
    id: "great-customer-service-meaning",
    question: "what does good customer service look like to you",
  },
  { id: "quick-decision", question: "tell me about a decision you had to make fast" },
  { id: "keeping-skills-current", question: "how do you stay up to date in your field" },
  { id: "manager-you-work-best-with", question: "what sort of boss do you work best with" },
  { id: "willing-to-travel", question: "can you travel for this job" },
  {
    id: "accept-offer-today",
    question: "would you accept if we offered you the position right now",
  },
];
