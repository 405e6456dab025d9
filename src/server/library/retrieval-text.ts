import { numberToWords, ordinalToWords } from "./number-words";

/**
 * Text analysis for matching spoken interview questions against the answer library: the same
 * pipeline runs over the bank's phrasings and over the user's question, so both meet in one
 * vocabulary. Steps, in order: Unicode and case folding, contractions, numbers to words, spoken
 * fillers, British to American spelling, multi-word synonyms, tokens, stop words (tuned for
 * questions: "why", "how", "not" and friends are kept), light stemming, single-word synonyms.
 * See docs/decisions/0036-answer-retrieval.md.
 */

const contractions: [RegExp, string][] = [
  [/\bwon't\b/g, "will not"],
  [/\bcan't\b/g, "can not"],
  [/\bshan't\b/g, "shall not"],
  [/\bain't\b/g, "is not"],
  [/\blet's\b/g, "let us"],
  [/\by'all\b/g, "you all"],
  [/n't\b/g, " not"],
  [/'re\b/g, " are"],
  [/'ve\b/g, " have"],
  [/'ll\b/g, " will"],
  [/'d\b/g, " would"],
  [/\bi'm\b/g, "i am"],
  [/\b(what|that|it|there|here|who|where|how|when|why|he|she)'s\b/g, "$1 is"],
  // Any other 's is a possessive ("the company's values"): keep the noun.
  [/'s\b/g, ""],
  [/s'(?=\s|$)/g, "s"],
];

export { numberToWords };

function spellNumbers(text: string): string {
  return text
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(
      /\b(\d+)(st|nd|rd|th)\b/g,
      (_, digits: string) => ` ${ordinalToWords(Number(digits))} `,
    )
    .replace(/\d+/g, (digits) => ` ${numberToWords(Number(digits))} `)
    .replace(/%/g, " percent ");
}

/** Spoken fillers and politeness that carry no meaning for matching. */
const fillers =
  /\b(um+|uh+|erm+|er|ah+|hmm+|mm+|okay|ok|so|well|alright|right|now|basically|actually|just|like|please|kindly|could you|can you|would you mind|i would like you to|i want you to|let us start with|to start with|to begin with|first of all|let me ask you|my question is|the question is|next question|why do not you|why not|in a nutshell|in short|in brief|briefly|(start|begin) by|a little( bit)?( more)?|a bit( more)?|little bit)\b/g;

/** British spellings → American, so "organisation" and "organization" meet. */
const britishRoots =
  /\b(behavi|col|fav|hon|lab|neighb|hum|endeav|rum|sav|harb|vig|rig|glam|cand|val|arm|od|flav|parl|clam)our(s|ed|ing|ite|ites|al|ally|able|ably|er|ers)?\b/g;
const britishWords: Record<string, string> = {
  centre: "center",
  centres: "centers",
  programme: "program",
  programmes: "programs",
  licence: "license",
  defence: "defense",
  offence: "offense",
  practise: "practice",
  practised: "practiced",
  practising: "practicing",
  judgement: "judgment",
  judgements: "judgments",
  catalogue: "catalog",
  dialogue: "dialog",
  travelled: "traveled",
  travelling: "traveling",
  cancelled: "canceled",
  cancelling: "canceling",
  modelling: "modeling",
  labelled: "labeled",
  fulfil: "fulfill",
  fulfils: "fulfills",
  enrol: "enroll",
  learnt: "learned",
  whilst: "while",
  amongst: "among",
  ageing: "aging",
  grey: "gray",
  cheque: "check",
  maths: "math",
};

function americanise(text: string): string {
  return text
    .replace(
      britishRoots,
      (_, root: string, suffix: string | undefined) => `${root}or${suffix ?? ""}`,
    )
    .replace(/\b([a-z]{3,})is(e|ed|es|ing|ation|ations|er|ers)\b/g, "$1iz$2")
    .replace(/\b([a-z]{2,})ys(e|ed|es|ing)\b/g, "$1yz$2")
    .replace(/\b[a-z]+\b/g, (word) => britishWords[word] ?? word);
}

/**
 * Multi-word expressions rewritten to one canonical word before tokenising. Applied after
 * spelling and number normalisation, so they are written in American spelling with numbers
 * as words.
 */
const phraseSynonyms: [RegExp, string][] = [
  [/\bco[ -]workers?\b/g, "colleague"],
  [/\b(team ?mates?|team members?|fellow employees?|peers?)\b/g, "colleague"],
  [/\bpeople (i|you) work(ed)? with\b/g, "colleague"],
  [/\b(line manager|direct manager|team lead(er)?|superiors?|higher ups?)\b/g, "manager"],
  [/\bcurriculum vitae\b/g, "resume"],
  [/\b(career|work|employment|job|professional) (history|path so far|journey so far)\b/g, "resume"],
  [
    /\b(weak (point|spot|area)s?|areas? (of|for) (improvement|development)|development areas?)\b/g,
    "weakness",
  ],
  [/\b(strong (point|suit|area)s?)\b/g, "strength"],
  [/\b(screw(ed)? up|messed up|dropped the ball)\b/g, "mistake"],
  [/\b(three months|ninety days|first quarter|hundred days|one hundred days)\b/g, "ninety days"],
  [/\b(half a decade|five years from now|five year plan)\b/g, "five years"],
  [/\bstand out\b/g, "unique"],
  [/\bset you apart\b/g, "unique"],
  [/\bsets you apart\b/g, "unique"],
  [/\b(line of work|field of work|profession)\b/g, "career"],
  [/\bpick(ed)? up\b/g, "learn"],
  [/\bwhy us\b/g, "why company"],
  [/\bwho (are you|you are)\b/g, "selfintro"],
  [
    /\b(not (so |very |that |as |too )?(good|great|strong) at|bad at|worst at|weak at|struggle with|struggling with)\b/g,
    "weakness",
  ],
  [/\b(good at|great at|best at|excel at|strong at|excellent at)\b/g, "strength"],
  [/\b(have|did|were|had) you ever\b/g, "time"],
  [/\b(about|introduce|introducing|describe|present|summarize|sum up) yourself\b/g, "$1 selfintro"],
  [/\b(what|everything) (we|you) do here\b/g, "company"],
  [/\bkeeps? you going\b|\bgets? you out of bed\b/g, "motivate"],
  [/\b(too much work|more work than|heavy workload|workload)\b/g, "workload"],
  [/\boffer you (the|this|a) (job|role|position)\b/g, "hire you"],
  [/\b(let go|laid off|made redundant|dismissed|sacked|terminated)\b/g, "fired"],
  [
    /\b(anywhere|somewhere|any ?where) else\b|\bwith other (companies|employers|firms|organizations)\b/g,
    "elsewhere",
  ],
  [/\b(would you rather|do you prefer|would you prefer)\b/g, "prefer"],
  [/\b(on (your|my) own|by (yourself|myself)|independently|solo)\b/g, "alone"],
  [/\b(employees?|staff members?|direct reports?|people (you|i) manage(d)?)\b/g, "colleague"],
  [
    /\b(too expensive|too pricey|too costly|(price|cost) is too high|costs too much|cheaper elsewhere)\b/g,
    "price objection",
  ],
  [
    /\bhir(e|ing) (people|staff|new people|colleague|candidates|new colleague)\b|\bhiring\b/g,
    "recruiting",
  ],
  [/\b(hear|learn|know) (more )?about you$/g, "about selfintro"],
  [/\b(right|good|best|ideal|perfect|strong) (fit|person|candidate|choice|match)\b/g, "hire"],
  [/\b(what|that) (makes|made|would make) you want\b/g, "why want"],
  [/^(tell|talk to) (me|us) about you$/g, "tell me about selfintro"],
  [/\babout us\b/g, "about company"],
  [/\b(choose|pick|select) (you|me)\b/g, "hire"],
  [/\bthis place\b/g, "company"],
  [/\bdue dates?\b/g, "deadline"],
  [/\b(time off|career break|time out of work|break from work)\b/g, "gap"],
  [/\bteam ?work\b/g, "team"],
  [/\bextra mile\b/g, "above beyond"],
  [/\bpay (range|expectations?)\b/g, "salary"],
  [/\b(how much )?money\b/g, "salary"],
  [/\b(what is|what are) the reasons?\b/g, "why"],
  [/\breasons? (why|for)\b/g, "why"],
  [/\breasons?\b/g, "why"],
  [/\b(present|existing|current) (job|role|position|employer|company)\b/g, "current $2"],
  [/\bchange (jobs|roles|companies|employers)\b/g, "leave job"],
  [
    /\b(someone|somebody|a person|people|anyone|anybody) (on|in|from) (my|your|the|a) team\b/g,
    "colleague",
  ],
  [
    /\bchange (their|his|her|someone|somebody|your|my|a|the) (mind|minds|opinion|view)\b/g,
    "persuade",
  ],
  [/\bwin (someone|somebody|people|them) over\b/g, "persuade"],
];

/**
 * The instruction an interviewer opens with ("describe…", "tell me about…") says how to answer,
 * not what about; dropped only at the start, so "how would colleagues describe you" keeps it.
 */
const leadingInstruction =
  /^(how (would|do) you describe|what would you say (is|are)|describe|explain|share|tell (me|us)( about| of)?|talk (to )?(me|us) (about|through)|talk about|give (me|us)|share with (me|us)|(walk|take|run|talk) (me|us) through)\b/;

/** The follow-up an interviewer tacks on ("…and what happened?") asks for the story's end, not a topic. */
const trailingFollowUp =
  /\b(and )?(what happened( next| after| then| afterwards)?|how did (you|i) (handle|deal with|resolve|fix|manage) (it|that|this)|what did (you|i) learn( from (it|that|this))?|what was the (result|outcome)|how did it (go|turn out|end))$/;

const stopWords = new Set(
  (
    "a an the and or but nor of to in on at by for from with into onto about as than then " +
    "is am are was were be been being do does did doing done " +
    "i me my mine myself we us our ours ourselves you your yours yourself yourselves " +
    "have has had having take takes took taken taking make makes made making go goes went gone " +
    "he him his she her it its they them their this that these those " +
    "can could would will shall should may might must " +
    "there some any also very too really quite " +
    "if one just get got show showed shown demonstrate display someone somebody something anyone anybody anything everyone"
  ).split(" "),
);

/** Conservative suffix stripping: enough to join "leading/led/leads", not a full Porter stemmer. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  let w = word;
  // A trailing "e" goes only from the bare or plural word, so "manage", "manages", "managed"
  // and "managing" all become "manag", and "disagreed" meets "disagree".
  let mayDropE = false;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("ied") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ization")) w = w.slice(0, -5);
  else if (w.endsWith("izations")) w = w.slice(0, -6);
  else if (w.endsWith("ations") && w.length > 7) w = w.slice(0, -4);
  else if (w.endsWith("ation") && w.length > 6) w = w.slice(0, -3);
  else if (w.endsWith("eed") && w.length > 5) w = w.slice(0, -2);
  else if (w.endsWith("ing") && w.length > 5 && /[aeiouy]/.test(w.slice(0, -3))) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4 && /[aeiouy]/.test(w.slice(0, -2))) w = w.slice(0, -2);
  else if (w.endsWith("ly") && w.length > 5) {
    w = w.slice(0, -2);
    mayDropE = true;
  } else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) {
    w = w.slice(0, -1);
    mayDropE = true;
  } else mayDropE = true;
  // Undouble a final consonant left by -ing/-ed ("planning" → "plan"), keep ll/ss/zz.
  if (!mayDropE && w !== word && /([b-df-hj-kmnp-rtv-xz])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) {
    w = w.slice(0, -1);
  }
  if (mayDropE && w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Single words (after stemming) that mean the same thing in an interview question. */
const synonymGroups: Record<string, string[]> = {
  colleague: ["coworker", "coworkers", "colleague", "teammate", "workmate", "peer", "associate"],
  manager: ["boss", "manager", "supervisor", "superior", "management"],
  job: ["job", "role", "position", "post", "opening", "vacancy", "opportunity"],
  resume: ["resume", "cv", "background", "employment"],
  passion: ["passion", "passionate", "passionately"],
  company: [
    "company",
    "organization",
    "firm",
    "business",
    "employer",
    "corporation",
    "organisation",
  ],
  customer: ["customer", "client", "consumer", "patron", "guest"],
  weakness: ["weakness", "shortcoming", "flaw", "weak"],
  strength: ["strength", "strong", "asset"],
  mistake: ["mistake", "error", "blunder", "slip"],
  fail: ["fail", "failure", "unsuccessful"],
  conflict: ["conflict", "clash", "dispute", "friction", "argument", "tension"],
  disagree: ["disagree", "disagreement"],
  achievement: ["achievement", "accomplishment", "achieve", "accomplish"],
  salary: ["salary", "pay", "compensation", "wage", "remuneration", "earn", "package"],
  hire: ["hire", "employ"],
  recruit: ["recruit", "recruiting", "recruitment"],
  proud: ["proud", "proudest"],
  choose: ["choose", "chose", "chosen", "pick", "select", "opt"],
  goal: ["goal", "aim", "objective", "ambition", "aspiration", "plan"],
  leave: ["leave", "quit", "resign", "resignation", "depart", "left"],
  current: ["current", "present", "existing", "last", "previous"],
  depend: ["depend", "dependent", "rely", "reliant", "count"],
  handle: ["handle", "deal", "cope", "respond", "react"],
  unique: ["unique", "different", "distinguish", "special", "distinctive"],
  time: ["time", "example", "instance", "occasion"],
  initiative: ["initiative", "proactive"],
  persuade: ["persuade", "convince", "influence", "sway"],
  criticism: ["criticism", "critique", "criticize", "feedback"],
  motivate: ["motivate", "motivation", "drive", "inspire", "energize"],
  quick: ["quick", "fast", "rapid", "short"],
  problem: ["problem", "issue"],
  difficult: [
    "difficult",
    "hard",
    "hardest",
    "tough",
    "toughest",
    "tricky",
    "trickiest",
    "challenging",
    "complex",
  ],
  priority: ["priority", "prioritize", "urgent", "urgency"],
  team: ["team", "group"],
  lead: ["lead", "leader", "leadership", "led"],
  environment: ["environment", "culture", "workplace", "atmosphere", "setting"],
  career: ["career", "profession", "field", "industry"],
  know: ["know", "research", "familiar", "knowledge"],
  describe: ["describe", "characterize", "summarize"],
  stress: ["stress", "stressful", "overwhelm", "calm"],
  great: ["great", "big", "biggest", "greatest", "main", "best", "top", "key", "primary"],
  want: ["want", "wish", "interest", "interested", "attract", "appeal", "draw"],
  work: ["work", "working", "worked", "join"],
  tell: ["tell", "talk", "share", "walk", "give"],
};

const synonymOf = new Map<string, string>();
for (const [canonical, words] of Object.entries(synonymGroups)) {
  for (const word of words) synonymOf.set(stem(americanise(word)), canonical);
}

/** Folds case, accents, quotes, contractions, numbers, fillers and spelling; keeps words only. */
export function normalise(text: string): string {
  let t = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'");
  for (const [pattern, replacement] of contractions) t = t.replace(pattern, replacement);
  t = spellNumbers(t)
    .replace(/[^a-z0-9\s-]+/g, " ")
    .replace(/-/g, " ");
  t = t
    .replace(
      /\b(hoping|expecting|looking|wanting|want|hope|expect) to (make|earn|get paid)\b/g,
      "salary",
    )
    .replace(/\bwould (you |i |we )?(like|love) to\b/g, "$1want to")
    .replace(fillers, " ");
  t = americanise(t).replace(/\s+/g, " ").trim();
  for (const [pattern, replacement] of phraseSynonyms) t = t.replace(pattern, replacement);
  return t
    .replace(/\s+/g, " ")
    .trim()
    .replace(leadingInstruction, "")
    .replace(trailingFollowUp, "")
    .trim();
}

/** The terms a phrasing or question is matched on, in order, repeats kept. */
export function analyse(text: string): string[] {
  const terms: string[] = [];
  for (const word of normalise(text).split(" ")) {
    if (word === "" || stopWords.has(word)) continue;
    const stemmed = stem(word);
    terms.push(synonymOf.get(stemmed) ?? stemmed);
  }
  return terms;
}
