/**
 * When a question is not in the library, the offline answerer still helps: it recognises what
 * kind of question it is and writes the structure of a good answer, woven around the user's own
 * question, with [bracketed] places for the user's specifics. Nothing here invents experience.
 */

export type QuestionType =
  | "behavioural"
  | "situational"
  | "motivational"
  | "strengths-weaknesses"
  | "technical"
  | "closing"
  | "general";

export type FrameworkAnswer = {
  type: QuestionType;
  answer: string;
  tips: string[];
};

/** Lower-case, straight apostrophes, contractions expanded, single spaces, no end punctuation. */
function plain(question: string): string {
  return question
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\bwon't\b/g, "will not")
    .replace(/\bcan't\b/g, "can not")
    .replace(/n't\b/g, " not")
    .replace(/'re\b/g, " are")
    .replace(/'ve\b/g, " have")
    .replace(/'ll\b/g, " will")
    .replace(/'d\b/g, " would")
    .replace(/\b(what|that|it|there|how|who|where)'s\b/g, "$1 is")
    .replace(/[^a-z0-9'%$£€\s-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const patterns: [QuestionType, RegExp][] = [
  [
    "closing",
    /\b(any|other|some) questions? for (me|us|the (team|panel))\b|\bwhat (questions|else) (do|would) you (have|like to ask)\b|\banything (else )?(you would like|you want|to) (ask|add|know)\b|\bwhen (can|could) you start\b|\bnotice period\b|\bis there anything else\b|\bbefore we (finish|wrap up|close)\b/,
  ],
  [
    "behavioural",
    /\b(tell|talk) (me|us) about (a|an|one|the|some) (time|situation|occasion|instance|moment|experience|project|day|case)\b|\b(describe|recall|share|walk (me|us) through|think of|talk about) (a|an|one|the|some) (time|situation|occasion|instance|moment|experience|case)\b|\b(give|share with|provide) (me|us)? ?(an|a|one|some) (example|instance|story)|\bexamples? of (a time|when|how you)\b|\bhave you ever\b|\bwhen (was|is) the last time\b|\b(a|one) time (when|where|that) you\b|\bwhat is an example\b|\b(tell (me|us)|talk) about (a|an|one|the|your) (biggest |greatest |hardest |proudest |last )?(conflict|mistake|failure|disagreement|setback|achievement|accomplishment)\b|\band how you (handled|dealt with|resolved|managed|fixed|overcame|solved) (it|that|this|them)\b/,
  ],
  [
    "strengths-weaknesses",
    /\bstrengths?\b|\bweakness(es)?\b|\bweak (points?|spots?|areas?)\b|\bstrong (points?|suits?)\b|\bareas? (of|for) (improvement|development)\b|\bwhat are you (good|bad|best|worst) at\b|\bwhat (could|should|do) you (need to )?improve\b|\b(still )?working (on|to improve)\b|\b(something|things?) (you|about yourself) (would like to |want to |need to )?improve\b/,
  ],
  [
    "technical",
    /\b(explain|define)\b|\bdifference between\b|\bhow (does|do|is|are) (a|an|the)? ?[a-z0-9-]+ (work|works|implemented|calculated)\b|\bwhat (is|are) (a|an|the) (?!best|most|biggest|main|greatest)[a-z0-9-]+\b(?! (you|your)\b)|\bwhat (is|are) (?!you\b|your\b|the\b|a\b|an\b)[a-z0-9-]+ (in|of|for)\b|\bhow (would|do|will) you (design|implement|build|architect|optimi[sz]e|debug|test|calculate|measure|model|scale|secure|query|deploy|troubleshoot)\b|\bwhat happens when\b|\b(algorithm|sql|api|database|big o|complexity|regression|formula|protocol|compile|kubernetes|python|javascript|java|excel)\b/,
  ],
  [
    "situational",
    /\bwhat (would|will|should|might) you do\b|\bhow (would|will|should|might) you (handle|deal|approach|respond|react|manage|go about|prioriti[sz]e|tackle|resolve|cope|address)\b|\bwhat if\b|\bimagine\b|\bsuppose\b|\bpicture this\b|\bhypothetical(ly)?\b|\bif you (were|had|found|saw|noticed|disagreed|discovered|received|got|joined|could|caught|realised|realized|missed)\b|\bin your first [a-z0-9]+ (days|weeks|months)\b/,
  ],
  [
    "motivational",
    /^why\b|\bwhy (do|did|are|would|should|have|were) (you|we)\b|\bwhat (motivates|drives|inspires|excites|attracts|interests|appeals to|energi[sz]es) you\b|\binterest(ed|s)? you\b|\b(are|were) you interested\b|\bpassionate about\b|\bwhat (made|makes) you (want|choose|apply|decide)\b|\bwhat do you (want|hope) to (gain|learn|get)\b/,
  ],
];

/** The kind of interview question, from its wording alone. */
export function detectQuestionType(question: string): QuestionType {
  const text = plain(question);
  for (const [type, pattern] of patterns) if (pattern.test(text)) return type;
  return "general";
}

const pronounSwaps: [RegExp, string][] = [
  [/\byou were\b/g, "I was"],
  [/\byou are\b/g, "I am"],
  [/\byou have\b/g, "I have"],
  [/\byourself\b/g, "myself"],
  [/\byours\b/g, "mine"],
  [/\byour\b/g, "my"],
  [
    /\b(to|for|with|about|at|from|by|of|on|toward|towards|against|told|asked|gave|helped|showed|taught) you\b/g,
    "$1 me",
  ],
  [/\byou\b/g, "I"],
];

/** "you had to meet a deadline" → "I had to meet a deadline": the question seen from the speaker. */
export function toFirstPerson(fragment: string): string {
  let text = fragment;
  for (const [pattern, replacement] of pronounSwaps) text = text.replace(pattern, replacement);
  return text.trim();
}

/** The heart of a behavioural question: "a time you led a team" → "I led a team". */
function behaviouralTopic(text: string): string | undefined {
  const match =
    /\b(?:time|situation|occasion|instance|moment|experience|example|case)s? (?:when|where|that|in which|of when|of how)? ?(you .+)$/.exec(
      text,
    ) ?? /\bhave you ever (.+)$/.exec(text);
  if (!match?.[1]) return undefined;
  const fragment = match[1].startsWith("you ") ? match[1] : `you ${match[1]}`;
  return toFirstPerson(fragment);
}

/** The condition in a hypothetical: "what would you do if a client yelled at you" → "a client yelled at me". */
function situationalCondition(question: string): string | undefined {
  for (const sentence of question.split(/[.?!;]+/)) {
    const match = /\b(?:if|when|suppose|imagine|say) (.+)$/.exec(plain(sentence));
    if (!match?.[1]) continue;
    const condition = match[1]
      .replace(/,? ?(what|how) (do|would|will|should|could) you (do|handle it|respond|react)$/, "")
      .replace(/^(that|you are in a situation where) /, "");
    if (condition.split(" ").length >= 2) return toFirstPerson(condition);
  }
  return undefined;
}

function quoted(question: string): string {
  const trimmed = question.trim().replace(/\s+/g, " ");
  const short = trimmed.length > 200 ? `${trimmed.slice(0, 197)}…` : trimmed;
  return `"${short}"`;
}

function behavioural(question: string, text: string): FrameworkAnswer {
  const topic = behaviouralTopic(text);
  const moment = topic ? `a time when ${topic}` : "[the kind of moment the question asks about]";
  return {
    type: "behavioural",
    answer: [
      `Our library has no model answer for ${quoted(question)}. It is a behavioural question, so answer it with one real story in STAR order: Situation, Task, Action, Result. Here is the shape, in your voice:`,
      `Situation: "I'm thinking of ${moment}. I was working as [your role] at [your company], and [one or two sentences of context: who was involved and what was at stake]."`,
      `Task: "My responsibility was [what you personally had to achieve], and what made it hard was [the constraint: time, people, budget, missing information]."`,
      `Action: "First I [your first step and why]. Then I [the next step — who you talked to, what you decided]. The key thing I did was [the choice that made the difference]."`,
      `Result: "In the end [the outcome, with a number if you can: time saved, customers kept, a deadline met]. What I learned was [the lesson], and I still [how you apply it today]."`,
    ].join("\n\n"),
    tips: [
      "Spend most of your time on the Action: say 'I', not 'we', so they hear what you did.",
      "Keep it to about two minutes and finish on a concrete result and what you learned.",
      "Pick a recent example that relates to the job you are applying for.",
    ],
  };
}

function situational(question: string): FrameworkAnswer {
  const condition = situationalCondition(question);
  const opening = condition
    ? `If ${condition}, the first thing I would do is make sure I understand what is really going on`
    : "The first thing I would do is make sure I understand what is really going on";
  return {
    type: "situational",
    answer: [
      `Our library has no model answer for ${quoted(question)}. It is a situational question, so walk them through how you would think and act, then back it up with something you have really done. A structure to use:`,
      `Understand: "${opening}: [the facts you would check and the people you would ask]."`,
      `Prioritise: "My priority would be [what matters most here — the customer, safety, quality, the deadline], because [your reason]."`,
      `Act: "Then I would [your concrete steps, in order], and I would keep [who needs to know] informed by [how and how often]."`,
      `Follow up: "Afterwards I would [check the outcome, thank people, and fix the cause so it does not happen again]."`,
      `Proof: "Something similar happened at [your company] when [a brief real example], and [what you did and how it turned out]."`,
    ].join("\n\n"),
    tips: [
      "Ask a clarifying question if the scenario is vague; interviewers like to see you gather facts first.",
      "Show your judgement: say what you would prioritise and why, not just a list of steps.",
      "A short real example makes a hypothetical answer far more convincing.",
    ],
  };
}

function motivational(question: string): FrameworkAnswer {
  return {
    type: "motivational",
    answer: [
      `Our library has no model answer for ${quoted(question)}. It asks about your motivation, so the interviewer wants to know your reasons are genuine and fit the job. Give two or three reasons that move from them to you:`,
      `About them: "What draws me to [company] is [something specific from your research — a product, a value, a recent piece of news, the people you have met]."`,
      `About the work: "The [role] appeals to me because I enjoy [the part of the work you like most], and it is where I do my best work — for example, [a short real example]."`,
      `About you: "It also fits where I am heading: I want to [a skill to grow or a goal], and this role would let me [how the job helps you get there] while I bring [what you offer them]."`,
      `Close: "So for me it is the combination of [reason one] and [reason two] that makes this the right next step."`,
    ].join("\n\n"),
    tips: [
      "Be specific: a reason that would fit any company sounds rehearsed.",
      "Keep money and convenience out of it; talk about the work, the people and growth.",
      "Link every reason back to what you can contribute.",
    ],
  };
}

function strengthsWeaknesses(question: string, text: string): FrameworkAnswer {
  const weakness = /\bweak|\bimprove|\bbad at\b|\bworst\b|\bdevelopment\b/.test(text);
  if (weakness) {
    return {
      type: "strengths-weaknesses",
      answer: [
        `Our library has no model answer for ${quoted(question)}. Pick a real weakness that is not central to the job, and show what you are doing about it:`,
        `Name it: "Something I have been working on is [a genuine weakness, e.g. delegating, public speaking, saying no to extra requests]."`,
        `Show the cost: "I noticed it when [a short real example of how it affected your work]."`,
        `Show the fix: "Since then I have [the concrete steps you took — a course, a habit, asking for feedback], and [the evidence it is improving]."`,
        `Close: "It is still something I keep an eye on, but now [how you handle it today]."`,
      ].join("\n\n"),
      tips: [
        "Avoid disguised strengths like 'I work too hard'; interviewers hear them every day.",
        "Spend most of the answer on what you are doing to improve.",
        "Do not pick a weakness that is a core requirement of the role.",
      ],
    };
  }
  return {
    type: "strengths-weaknesses",
    answer: [
      `Our library has no model answer for ${quoted(question)}. Choose one or two strengths that the job needs and prove each one with evidence:`,
      `Claim: "One of my main strengths is [a strength the job description asks for]."`,
      `Evidence: "For example, at [your company] I [a specific situation where you used it], which led to [a result, with a number if you can]."`,
      `Confirmation: "It is also something others notice — [a manager or colleague] once [what they said or asked you to do because of it]."`,
      `Link: "In this role I would use it to [how the strength helps with their priorities]."`,
    ].join("\n\n"),
    tips: [
      "Read the job description and pick strengths it asks for.",
      "One strength with a story beats a list of five adjectives.",
      "Say it with quiet confidence: facts, not superlatives.",
    ],
  };
}

function technical(question: string): FrameworkAnswer {
  return {
    type: "technical",
    answer: [
      `Our library has no model answer for ${quoted(question)}. It sounds like a knowledge or technical question, so here is a way to structure what you know:`,
      `Direct answer: "In short, [a one- or two-sentence answer in plain words]."`,
      `How it works: "The way it works is [the key idea or the steps], and the main things to watch are [trade-offs, limits, edge cases]."`,
      `Experience: "I used this at [your company or a project] when [what you did with it], and [the result]."`,
      `Judgement: "I would choose it when [the conditions], and go for [an alternative] when [other conditions]."`,
    ].join("\n\n"),
    tips: [
      "Answer the question first in one sentence, then add depth.",
      "Think aloud: interviewers value your reasoning as much as the final answer.",
      "If you do not know, say what you do know and how you would find out; never bluff.",
    ],
  };
}

function closing(question: string): FrameworkAnswer {
  return {
    type: "closing",
    answer: [
      `Our library has no model answer for ${quoted(question)}. Questions like this usually come near the end: use them to show interest and to learn whether the job suits you.`,
      `Thank them: "Yes, thank you — I have enjoyed learning about [something specific from the conversation]."`,
      `Ask about the work: "What would success look like in the first six months in this role?" or "What is the biggest challenge the team is facing right now?"`,
      `Ask about the people: "How does the team work together day to day, and how do you give feedback?"`,
      `Ask about next steps: "What are the next steps in the process, and is there anything else I can give you to help your decision?"`,
      `If they ask something practical (start date, notice period), answer plainly: "I can start [your real date], as my notice period is [your notice period]."`,
    ].join("\n\n"),
    tips: [
      "Prepare three or four questions and ask the two that were not already answered.",
      "Avoid questions about salary or holidays before you have an offer, unless they raise it.",
      "End with a short, sincere sentence about why you want the job.",
    ],
  };
}

function general(question: string): FrameworkAnswer {
  return {
    type: "general",
    answer: [
      `Our library has no model answer for ${quoted(question)}, so here is a simple structure that works for most interview questions — Point, Reason, Example, Point:`,
      `Point: "[Your direct answer to the question, in one sentence]."`,
      `Reason: "That is because [why you think or work that way]."`,
      `Example: "For instance, at [your company] I [a specific situation], and [what happened as a result]."`,
      `Point again: "So [restate your answer and link it to this role]."`,
    ].join("\n\n"),
    tips: [
      "Answer the actual question in your first sentence.",
      "Use one real, specific example rather than general claims.",
      "Aim for one to two minutes, then stop and let the interviewer follow up.",
    ],
  };
}

/** A structured answer for a question the library does not hold, built around its wording. */
export function frameworkAnswer(
  question: string,
  type = detectQuestionType(question),
): FrameworkAnswer {
  const text = plain(question);
  switch (type) {
    case "behavioural":
      return behavioural(question, text);
    case "situational":
      return situational(question);
    case "motivational":
      return motivational(question);
    case "strengths-weaknesses":
      return strengthsWeaknesses(question, text);
    case "technical":
      return technical(question);
    case "closing":
      return closing(question);
    case "general":
      return general(question);
  }
}
