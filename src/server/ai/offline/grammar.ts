import { numberToWords, ordinalToWords } from "@/server/library/number-words";
import type { SpokenQuestion } from "@/server/library/answer-library";

/**
 * Builds the offline recogniser's finite-state grammar (JSGF) from the question bank.
 *
 * The recogniser only hears sentences the grammar allows, so the grammar is compositional: each
 * bank phrasing is normalised to dictionary words, then common spoken frames are widened into
 * alternatives — leading fillers ("so", "okay", "um"), polite frames ("could you", "I'd like you
 * to"), "tell me (a little bit) about", "tell me about | describe | give me an example of a time
 * (when) you …", "what is | what's | what would you say is", contractions, singular/plural and a
 * few near-synonyms. Why this shape: docs/decisions/0031-offline-grammar.md.
 */

export type GrammarPhrase = { id: string; text: string };

export type BuiltGrammar = {
  jsgf: string;
  /** Every word the grammar uses; each is in the recogniser's dictionary. */
  words: Set<string>;
  /** Phrasings that made it into the grammar, normalised to dictionary words. */
  phrases: GrammarPhrase[];
  /** Words dropped or phrasings skipped because the dictionary lacks a word. */
  warnings: string[];
};

/** Words said before the question that carry no meaning; trimmed from the transcript. */
export const LEADING_FILLERS = [
  "so",
  "okay",
  "ok",
  "um",
  "uh",
  "alright",
  "all right",
  "well",
  "right",
  "now",
  "and",
  "next",
] as const;

export { numberToWords };

/**
 * Text → lower-case words as the dictionary spells them: accents stripped ("résumé" → "resume"),
 * digits spelled out, "&" → "and", "%" → "percent", British "-ise" kept (the dictionary has both),
 * punctuation removed except the apostrophe inside a word.
 */
export function normaliseText(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/&/g, " and ")
    .replace(/%/g, " percent ")
    .replace(/(\d),(\d{3})/g, "$1$2")
    .replace(
      /(\d+)(?:st|nd|rd|th)\b/g,
      (_, digits: string) => ` ${ordinalToWords(Number(digits))} `,
    )
    .replace(/\d+/g, (digits) => ` ${numberToWords(Number(digits))} `)
    .replace(/[^a-z']+/g, " ")
    .split(" ")
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter((word) => word.length > 0);
}

// --- the composition rules ------------------------------------------------------------------

const POLITE =
  "[(could | can | would | will) you | i'd like you to | i would like you to | i want you to | please]";
const TELL_ME = `${POLITE} (tell | talk) (me | us) [(a little | a little bit | a bit | more)]`;
const SITUATION = "(a time | an occasion | a situation | an example of a time)";
const WHEN = "[(when | where | that | in which)]";
const A_TIME_YOU =
  `(${TELL_ME} about ${SITUATION} ${WHEN} you` +
  ` | ${POLITE} describe ${SITUATION} ${WHEN} you` +
  ` | ${POLITE} give (me | us) an example of ${SITUATION.replace("an example of a time", "a time")} ${WHEN} you)`;

type Rule = { match: string[]; start?: boolean; emit: string };

/** One rule per word of `group` (after the word `before`, if given) that accepts any of them. */
function interchangeable(group: string[], before?: string): Rule[] {
  const prefix = before ? [before] : [];
  return group.map((word) => ({
    match: [...prefix, word],
    emit: [...prefix, `(${group.join(" | ")})`].join(" "),
  }));
}

/** Applied left to right, longest rule first; `start` rules only at the beginning of a phrasing. */
const RULES: Rule[] = [
  // Behavioural openers: "tell me about a time (when) you" ≡ "describe a time you" ≡ "give me an example…".
  ...[
    "tell me about a time when you",
    "tell me about a time you",
    "describe a time when you",
    "describe a time you",
    "give me an example of a time when you",
    "give me an example of a time you",
  ].map((phrase) => ({ match: phrase.split(" "), start: true, emit: A_TIME_YOU })),
  { match: ["tell", "me", "about"], start: true, emit: `${TELL_ME} about` },
  { match: ["tell", "me"], start: true, emit: `${POLITE} tell (me | us)` },
  {
    match: ["walk", "me", "through"],
    start: true,
    emit: `${POLITE} (walk | take | talk) (me | us) through`,
  },
  { match: ["describe"], start: true, emit: `${POLITE} describe` },
  { match: ["explain"], start: true, emit: `${POLITE} explain` },
  { match: ["give", "me"], start: true, emit: `${POLITE} give (me | us)` },
  { match: ["talk", "about"], start: true, emit: `${POLITE} talk about` },
  // Wh-questions: contractions, singular/plural verb, and the softer "would you say".
  ...[
    ["what", "is", "your"],
    ["what's", "your"],
    ["what", "are", "your"],
  ].map((match) => ({
    match,
    start: true,
    emit: "(what is | what's | what are | what would you say is | what would you say are) your",
  })),
  // "handle" is asked as "deal with", "manage", "cope with" or "take" just as often.
  ...["stress", "criticism", "pressure", "conflict", "a", "difficult", "failure", "feedback"].map(
    (object) => ({
      match: ["how", "do", "you", "handle", object],
      start: true,
      emit: `how (do | would | can) you (handle | deal with | manage | cope with | take | react to | respond to) ${object}`,
    }),
  ),
  { match: ["how", "do", "you"], start: true, emit: "how (do | would) you" },
  { match: ["why", "should", "we"], start: true, emit: "why should (we | i)" },
  // Anywhere: contractions, number of years, singular/plural, near-synonyms.
  { match: ["i", "would"], emit: "(i would | i'd)" },
  { match: ["you", "would"], emit: "(you would | you'd)" },
  { match: ["you", "are"], emit: "(you are | you're)" },
  { match: ["do", "not"], emit: "(do not | don't)" },
  { match: ["did", "not"], emit: "(did not | didn't)" },
  { match: ["in", "five", "years"], emit: "in (two | three | five | ten) years [time]" },
  // "your greatest strengths" is as often just "your strengths".
  { match: ["greatest"], emit: "[greatest | biggest | main]" },
  { match: ["biggest"], emit: "[biggest | greatest | main]" },
  ...interchangeable(["strengths", "strength"]),
  ...interchangeable(["weakness", "weaknesses"]),
  ...interchangeable(["accomplishment", "achievement"]),
  ...interchangeable(["coworker", "colleague"]),
  ...interchangeable(["coworkers", "colleagues"]),
  { match: ["expectations"], emit: "(expectations | expectation)" },
  { match: ["goals"], emit: "(goals | goal)" },
  { match: ["prioritise"], emit: "prioritize" },
  { match: ["for", "us"], emit: "for (us | me)" },
  { match: ["work", "here"], emit: "work (here | for us | with us)" },
  { match: ["your", "resume"], emit: "your (resume | cv)" },
  { match: ["your", "manager"], emit: "your (manager | boss | supervisor)" },
  ...interchangeable(["role", "position", "job"], "this"),
  ...["job", "role"].map((word) => ({
    match: ["current", word],
    emit: "[current | last] (job | role | position)",
  })),
  { match: ["a", "conflict"], emit: "a (conflict | disagreement)" },
  { match: ["showed", "leadership"], emit: "(showed | demonstrated) leadership" },
  { match: ["our", "company"], emit: "(our | this | the) (company | organization)" },
  { match: ["salary", "expectations"], emit: "salary (expectations | requirements)" },
  { match: ["leadership", "style"], emit: "(leadership | management) style" },
  { match: ["your", "coworkers"], emit: "your (coworkers | colleagues | team | teammates)" },
  { match: ["do", "you", "have"], start: true, emit: "(do you have | have you got)" },
  { match: ["this", "career"], emit: "this (career | field | profession)" },
].sort((a, b) => b.match.length - a.match.length);

/** Every word the composition rules can add (checked against the dictionary by a unit test). */
export function ruleWords(): string[] {
  const words = new Set<string>(LEADING_FILLERS.flatMap((filler) => filler.split(" ")));
  for (const rule of RULES) for (const word of jsgfWords(rule.emit)) words.add(word);
  return [...words];
}

function jsgfWords(expression: string): string[] {
  return expression
    .replace(/[()[\]|*+;]/g, " ")
    .split(/\s+/)
    .filter((word) => word.length > 0 && !word.startsWith("<"));
}

function compose(words: string[]): string[] {
  const parts: string[] = [];
  let i = 0;
  while (i < words.length) {
    const rule = RULES.find(
      (candidate) =>
        (!candidate.start || i === 0) && candidate.match.every((word, k) => words[i + k] === word),
    );
    if (rule) {
      parts.push(rule.emit);
      i += rule.match.length;
    } else {
      parts.push(words[i]!);
      i += 1;
    }
  }
  return parts;
}

type TrieNode = { children: Map<string, TrieNode>; end: boolean };

/**
 * The phrasings as one prefix tree, so phrasings that start alike ("what would you do if …",
 * "tell me about a time you …") share those states: the recogniser's cost grows with the
 * number of grammar states, not with the number of phrasings.
 */
function trieExpression(sequences: string[][]): string {
  const root: TrieNode = { children: new Map(), end: false };
  for (const tokens of sequences) {
    let node = root;
    for (const token of tokens) {
      let child = node.children.get(token);
      if (!child) {
        child = { children: new Map(), end: false };
        node.children.set(token, child);
      }
      node = child;
    }
    node.end = true;
  }
  const alternatives = (node: TrieNode): string =>
    [...node.children]
      .map(([token, child]) => {
        if (child.children.size === 0) return token;
        const rest = alternatives(child);
        if (child.end) return `${token} [${rest}]`;
        return child.children.size > 1 ? `${token} (${rest})` : `${token} ${rest}`;
      })
      .join(" | ");
  return alternatives(root);
}

/** British → American spellings the dictionary knows ("organise" → "organize", "colour" → "color"). */
const SPELLINGS: [RegExp, string][] = [
  [/is(e|ed|es|ing|ation|ations|er|ers)$/, "iz$1"],
  [/ys(e|ed|es|ing)$/, "yz$1"],
  [/our(s|ite|ites|ed|ing|able|ful)?$/, "or$1"],
  [/tre(s)?$/, "ter$1"],
  [/ll(ed|ing|er|ers)$/, "l$1"],
  [/ogue(s)?$/, "og$1"],
  [/ence$/, "ense"],
];

/** The American spellings a British one may have ("organise" → "organize"), none for others. */
export function americanSpellings(word: string): string[] {
  return SPELLINGS.map(([pattern, replacement]) => word.replace(pattern, replacement)).filter(
    (american) => american !== word,
  );
}

/**
 * A word missing from the dictionary, rewritten into dictionary words that sound the same:
 * American spelling, a possessive as its plural ("coworker's" sounds like "coworkers"), or a
 * compound split in two ("upsell" → "up sell"). Undefined when nothing fits.
 */
export function dictionaryForm(
  word: string,
  hasWord: (word: string) => boolean,
): string[] | undefined {
  if (hasWord(word)) return [word];
  const american = americanSpellings(word).find(hasWord);
  if (american) return [american];
  if (word.endsWith("'s")) {
    const base = word.slice(0, -2);
    if (hasWord(`${base}s`)) return [`${base}s`];
    const fixed = dictionaryForm(base, hasWord);
    if (fixed) return fixed;
  }
  // Shortest head first: "upsell" is "up sell", not "ups ell".
  for (let split = 2; split <= word.length - 3; split++) {
    const [head, tail] = [word.slice(0, split), word.slice(split)];
    if (hasWord(head) && hasWord(tail)) return [head, tail];
  }
  return undefined;
}

/**
 * @param hasWord the recogniser's dictionary lookup; words it lacks are dropped with a warning
 *   (a phrasing left with fewer than two words is skipped).
 */
export function buildGrammar(
  entries: readonly SpokenQuestion[],
  hasWord: (word: string) => boolean,
): BuiltGrammar {
  const warnings: string[] = [];
  const phrases: GrammarPhrase[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    for (const text of [entry.question, ...(entry.variants ?? [])]) {
      // A phrasing may be several sentences ("Imagine … . What do you do?"): keep them together.
      let words = normaliseText(text).flatMap((word) => dictionaryForm(word, hasWord) ?? [word]);
      const missing = words.filter((word) => !hasWord(word));
      if (missing.length > 0) {
        warnings.push(
          `${entry.id}: "${text}" — not in the dictionary, dropped: ${missing.join(", ")}`,
        );
        words = words.filter((word) => hasWord(word));
      }
      if (words.length < 2) {
        warnings.push(`${entry.id}: "${text}" — skipped, too few dictionary words`);
        continue;
      }
      const key = words.join(" ");
      if (seen.has(key)) continue;
      seen.add(key);
      phrases.push({ id: entry.id, text: key });
    }
  }
  if (phrases.length === 0) throw new Error("The question bank gave the grammar no phrasings");

  const fillers = LEADING_FILLERS.join(" | ");
  const body = trieExpression(phrases.map((phrase) => compose(phrase.text.split(" "))));
  const lines = [
    "#JSGF V1.0;",
    "grammar interview;",
    `<filler> = ${fillers};`,
    `<ask> = tell me | let me ask you | i'd like to know | i want to know | i'm curious;`,
    `<asked> = ${body};`,
    `public <question> = [<filler> [<filler>]] [<ask>] <asked>;`,
  ];
  const jsgf = `${lines.join("\n")}\n`;

  const words = new Set(
    jsgfWords(
      lines
        .slice(2)
        .map((line) => line.replace(/^.*?=/, ""))
        .join(" "),
    ),
  );
  const unknown = [...words].filter((word) => !hasWord(word));
  if (unknown.length > 0) {
    // Only the fixed rule words can get here; a unit test keeps them in the dictionary.
    throw new Error(`Grammar rule words missing from the dictionary: ${unknown.join(", ")}`);
  }
  return { jsgf, words, phrases, warnings };
}

/** The transcript shown to the user: leading fillers trimmed, first letter capitalised, "?" or ".". */
export function formatTranscript(words: readonly string[]): string {
  const rest = [...words];
  const fillers = new Set<string>(LEADING_FILLERS.filter((filler) => !filler.includes(" ")));
  while (rest.length > 1 && fillers.has(rest[0]!)) rest.shift();
  if (rest[0] === "all" && rest[1] === "right") rest.splice(0, 2);
  if (rest.length === 0) return "";
  const sentence = rest
    .join(" ")
    .replace(/\bi\b/g, "I")
    .replace(/\bi('[a-z]+)\b/g, "I$1");
  const imperative =
    /^(tell|describe|walk|take|talk|give|explain|please|i'd like you|i would like you|i want you|let me)\b/.test(
      rest.join(" "),
    );
  const first = sentence.charAt(0).toUpperCase() + sentence.slice(1);
  return `${first}${imperative ? "." : "?"}`;
}
