import type { TimedWord } from "@/server/ai/engine";
import type { QuestionType } from "@/server/library/question-type";
import { isWord, readText, type TextDoc, type Token } from "@/server/language/text";
import type { Delivery } from "@/shared/feedback";
import { findFillers } from "@/shared/fillers";
import { workTalk } from "./work-talk";
import { LENGTH_TARGETS } from "@/shared/rubric";

/**
 * Stage one of the rubric (docs/decisions/0091): what the answer contains, measured from its
 * sentences, parts of speech and lemmas, each finding with the span of the transcript it rests
 * on. Nothing here scores or advises; score.ts and advise.ts read only these measurements, so a
 * line of advice can never say something the measurements do not.
 */

/** Character offsets into the transcript; `transcript.slice(start, end)` is the words meant. */
export type Span = { start: number; end: number };

/** What the question asks for: its type, with introductions told apart from other questions. */
export type AnswerShape = QuestionType | "introduction";

export type Measurements = {
  shape: AnswerShape;
  /** The question asks about a weakness (strengths-weaknesses only). */
  asksWeakness: boolean;
  words: number;
  /** Typed answers: sentences over 40 words (hard to follow); 0 for spoken ones. */
  longSentences: number;
  /** First-person-singular actions ("I rebuilt the query"), not under a modal, not cognition. */
  actions: Span[];
  /** How many of `actions` and `sharedActions` are told in the past: a story, not a habit. */
  pastActions: number;
  /** Things done by "we", "the team" or in the passive ("the query was rebuilt"). */
  sharedActions: Span[];
  /** First-person plans: "I would call", "I'd start by". */
  plans: Span[];
  /** Reasons given: "because…", "so that…", "to make sure…". */
  reasons: Span[];
  /** The set-up: where and when, what was going on, before anything was done. */
  setting: Span[];
  /** The goal or responsibility: "my job was to…", "I needed to…". */
  task: Span[];
  /** How it ended: a change, a before/after value, a consequence, after the first thing done. */
  results: Span[];
  /** Figures in the set-up: a starting point, not an outcome. */
  startingFigures: Span[];
  /** Specific figures anywhere: numbers, percentages, amounts. */
  figures: Span[];
  hedges: Span[];
  vagueWords: Span[];
  /** "your team", "this role": reasons tied to this employer (motivational). */
  employerTies: Span[];
  /** Pay, perks, commute: reasons that fit any job (motivational). */
  genericReasons: Span[];
  /** A weakness named (strengths-weaknesses). */
  weaknesses: Span[];
  /** A weakness that is a strength in disguise ("I'm a perfectionist"). */
  disguisedWeaknesses: Span[];
  /** What the speaker does about it now ("I've started…", "I'm working on…"). */
  improvementsMade: Span[];
  /** Work history and skills (introduction). */
  professional: Span[];
  /** Childhood, family, hobbies (introduction). */
  personal: Span[];
  /** A question put to the interviewer (closing). */
  questionsForThem: Span[];
  /**
   * The answer's content lemmas that the question or what a good answer covers share; the
   * weights count each term by how specific it is to one question.
   */
  topic: {
    answerTerms: number;
    shared: string[];
    questionTerms: number;
    questionCovered: string[];
    sharedWeight: number;
    answerWeight: number;
    questionCoveredWeight: number;
    questionWeight: number;
    /** 0..1: how much the answer sounds like talk about work (work-talk.ts). */
    workTalk: number;
  };
  /** Seconds spoken or words typed, against the question type's target. */
  length: { amount: number; unit: "seconds" | "words"; target: readonly [number, number] };
  delivery: Delivery | null;
  /** Spans the recogniser was unsure of (spoken answers): never quoted. */
  unsure: Span[];
};

// Lemma lists: the meanings the rules look for. The model finds the words' roles (subject,
// verb, modal, number); these say which verbs and nouns carry which meaning.
const lemmas = (list: string) => new Set(list.split(" "));
/** Verbs of thinking, wanting and being: "I" before them is not something the speaker did. */
const NOT_DONE = lemmas(
  "be think feel guess believe know want like love hope wish seem remember mean suppose realize realise enjoy hate prefer need have must would will can could should may might am 'm 'd 've 'll",
);
/** Modal auxiliaries: what follows is a plan or a possibility, not something done. */
const MODALS = lemmas("would will could should might may can shall 'd 'll wo");
/** Verbs of change and completion: an outcome when they come after the first thing done. */
const CHANGE = lemmas(
  "rise fall drop increase decrease reduce cut improve grow double halve triple save win lose renew finish deliver complete launch ship hit meet pass recover resolve solve stop end return become reach achieve exceed beat close sign thank praise promote adopt hire approve succeed shrink disappear vanish climb jump fix settle stabilize stabilise recognise recognize award agree calm",
);
/** Phrases that announce an outcome. */
const RESULT_MARKERS = [
  "as a result",
  "in the end",
  "by the end",
  "the result was",
  "the outcome was",
  "which meant",
  "that meant",
  "ended up",
  "turned out",
  "since then",
  "from then on",
  "never happened again",
  "on time",
];
/** Intentions and futures: an outcome hoped for is not an outcome. */
const FUTURE = lemmas("will would 'll 'd going plan hope want try aim intend expect wish need");
/** Verbs of noticing and seeming: what someone found, or how they looked, is not an end. */
const NOTICED = lemmas(
  "find see notice realize realise discover hear learn know think feel look seem sound appear",
);
/** States a story can end in, said right after "was"/"were". */
const END_STATES = new Set([
  "down",
  "up",
  "back",
  "under",
  "over",
  "fine",
  "better",
  "faster",
  "happy",
  "higher",
  "lower",
  "done",
  "finished",
  "fixed",
  "solved",
  "resolved",
]);
const TASK_NOUNS = lemmas(
  "job role task goal aim responsibility target challenge brief objective mission priority assignment duty",
);
const TASK_PASSIVE = lemmas(
  "ask task expect suppose tell assign responsible accountable charge hire bring put give",
);
const HEDGES = [
  "i think",
  "i guess",
  "i suppose",
  "maybe",
  "perhaps",
  "probably",
  "kind of",
  "sort of",
  "i feel like",
  "not sure",
  "i'm not sure",
  "somewhat",
  "more or less",
];
const VAGUE = lemmas("thing stuff something somehow whatever etc");
const TIME_MARKERS = [
  "ago",
  "last year",
  "last month",
  "last week",
  "last spring",
  "last summer",
  "last autumn",
  "last fall",
  "last winter",
  "at my last",
  "at my previous",
  "at my old",
  "at my current",
  "in my last",
  "in my previous",
  "in my first",
  "in my current",
  "in my old",
  "when i was",
  "while i was",
  "when i worked",
  "when i started",
  "there was a time",
  "once",
  "one day",
  "one time",
  "at the time",
  "back then",
];
/** What belongs to an employer or the role, after "your"/"this" (motivational answers). */
const EMPLOYER_NOUNS = lemmas(
  "company team mission product value customer client culture approach brand service organization organisation business platform store shop restaurant school hospital clinic charity ward practice firm agency role position department community patient student guest reputation",
);
const GENERIC_REASONS = lemmas(
  "salary money pay paid benefit bonus perk commute remote hours holiday vacation stable stability raise pension wage",
);
const DISGUISED_WEAKNESS = [
  "perfectionist",
  "work too hard",
  "work too much",
  "care too much",
  "too hard working",
  "too hardworking",
  "too dedicated",
  "too detail",
  "too committed",
  "too passionate",
  "too honest",
  "i don't have any weakness",
  "i don't really have",
  "can't think of",
  "never satisfied",
  "care a bit too much",
  "too much about my work",
  "always want to do better",
  "improve everything",
  "high standards",
  "workaholic",
];
const WEAKNESS_MARKERS = [
  "my weakness",
  "my biggest weakness",
  "my greatest weakness",
  "my main weakness",
  "a weakness",
  "i struggle",
  "i struggled",
  "i tend to",
  "i'm not great at",
  "i'm not good at",
  "i am not good at",
  "i'm not very good",
  "i find it hard",
  "i found it hard",
  "i can be",
  "i have trouble",
  "i used to",
  "i get nervous",
  "i'm not the best",
  "i avoid",
  "i used to avoid",
  "i'm too",
  "i am too",
  "not my strongest",
  "i sometimes",
];
const IMPROVING_MARKERS = [
  "i've started",
  "i have started",
  "i've learned",
  "i have learned",
  "i've been",
  "i have been",
  "i'm working on",
  "i am working on",
  "i now",
  "now i",
  "these days i",
  "so now",
  "i started",
  "i signed up",
  "i took a course",
  "to fix",
  "to get better",
  "i practise",
  "i practice",
  "i've got better",
  "i've gotten better",
  "i'm learning",
];
const PROFESSIONAL = lemmas(
  "work job role career experience company team manager degree graduate study qualify lead project client customer industry position intern internship apprentice apprenticeship certify promote hire business skill employer department responsibility patient student staff colleague shift store restaurant warehouse hospital school office",
);
const PERSONAL = lemmas(
  "bear born grow childhood kid parent mom mum dad mother father sister brother sibling hobby weekend dog cat pet holiday vacation football soccer game movie film music hometown married wife husband girlfriend boyfriend garden cook fishing hiking",
);

/** Words that make a present-tense verb a habit rather than a step in the story. */
const HABIT = new Set(["now", "always", "usually", "nowadays", "today", "still"]);
/** Words a speaker fills with that the model may not tag as interjections. */
const FILLER_WORDS = new Set(["um", "uh", "erm", "er", "like", "basically", "honestly"]);
/** "I worked at…", "I was working as…": where the speaker was, not something they did. */
const SETTING_VERBS = lemmas("work live join start stay spend");
const SETTING_PREPOSITIONS = new Set(["at", "for", "in", "as", "on"]);

const wordIndexes = (doc: TextDoc) =>
  doc.tokens.map((token, index) => (isWord(token) ? index : -1)).filter((index) => index >= 0);

/** Is the token "I" (or a contraction of it)? */
const isI = (token: Token | undefined) =>
  token !== undefined && /^i('m|'ve|'d|'ll)?$/.test(token.lower);

/** Token positions where each occurrence of a lower-case phrase starts. */
function phraseAt(doc: TextDoc, phrase: string): number[] {
  const parts = phrase.split(" ");
  const found: number[] = [];
  const { tokens } = doc;
  for (let i = 0; i < tokens.length; i++) {
    let j = i;
    let ok = true;
    for (const part of parts) {
      // "i'm" may be one token or two ("i" + "'m"): join tokens until the part is spelled.
      let spelled = tokens[j]?.lower ?? "";
      while (ok && spelled.length < part.length && part.startsWith(spelled) && tokens[j + 1]) {
        j++;
        spelled += tokens[j]!.lower;
      }
      if (spelled !== part) {
        ok = false;
        break;
      }
      j++;
    }
    if (ok) found.push(i);
  }
  return found;
}

/**
 * The clause around token `at`: out to the nearest sentence end, strong punctuation, or a
 * coordinating word that starts a new subject, at most `maxWords` words, never across a break
 * the speaker made (a pause, for spoken answers).
 */
function clause(doc: TextDoc, at: number, breaks: ReadonlySet<number>, maxWords = 14): Span {
  const { tokens } = doc;
  const boundary = (i: number) => {
    const token = tokens[i]!;
    if (token.pos === "PUNCT" && /[.!?;:—–,]/.test(token.text)) return true;
    return false;
  };
  const startsClause = (i: number) => {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    return (
      (token.pos === "CCONJ" || token.pos === "SCONJ" || token.lower === "so") &&
      next !== undefined &&
      (next.pos === "PRON" || next.pos === "DET" || next.pos === "PROPN" || next.pos === "NOUN")
    );
  };
  // Back to where the clause starts: a pronoun subject ("I told…") takes only the connectives
  // before it ("then I", "so I"); a verb or noun takes its subject ("completion rose").
  const connective = (i: number) => ["ADV", "CCONJ", "SCONJ", "INTJ"].includes(tokens[i]!.pos);
  const reaches = (i: number) =>
    tokens[at]!.pos === "PRON"
      ? connective(i) && at - i <= 2
      : tokens[i]!.pos !== "VERB" && tokens[i]!.pos !== "AUX" && at - i <= 4;
  let first = at;
  while (
    first > 0 &&
    tokens[first - 1]!.sentence === tokens[at]!.sentence &&
    !boundary(first - 1) &&
    !breaks.has(first) &&
    !startsClause(first - 1) &&
    reaches(first - 1)
  )
    first--;
  let last = at;
  let count = 1;
  while (
    last + 1 < tokens.length &&
    tokens[last + 1]!.sentence === tokens[at]!.sentence &&
    !boundary(last + 1) &&
    !breaks.has(last + 1) &&
    !startsClause(last + 1) &&
    count < maxWords
  ) {
    last++;
    if (isWord(tokens[last]!)) count++;
  }
  return { start: tokens[first]!.start, end: tokens[last]!.end };
}

/**
 * A verb's form says it happened (not "-ing", not the bare lemma of a present habit). The verbs
 * whose past is their present ("I split the work", "I set up a rota") say so only in a story told
 * in the past (`pastStory`).
 */
const pastForm = (token: Token, pastStory = false) =>
  (token.lower !== token.lemma && !token.lower.endsWith("ing") && !token.lower.endsWith("s")) ||
  (pastStory && SAME_IN_THE_PAST.has(token.lower));
const SAME_IN_THE_PAST: ReadonlySet<string> = new Set(
  "bet burst cast cost cut fit hit hurt let put quit read set shut split spread upset".split(" "),
);

/** Most of the answer's verbs are in the past: it tells what happened. */
function toldInThePast(doc: TextDoc): boolean {
  let past = 0;
  let present = 0;
  for (const token of doc.tokens) {
    if (token.pos !== "VERB" || SAME_IN_THE_PAST.has(token.lower)) continue;
    if (token.lower.endsWith("ing")) continue;
    if (pastForm(token)) past++;
    else present++;
  }
  return past > present;
}

type Subject = "i" | "we" | "other";
type Predicate = {
  verb: number;
  subject: Subject;
  subjectAt: number;
  modal: boolean;
  negated: boolean;
  passive: boolean;
  perfect: boolean;
  progressive: boolean;
};

/** Each verb with the subject and auxiliaries before it. */
function predicates(doc: TextDoc, pastStory: boolean): Predicate[] {
  const { tokens } = doc;
  const found: Predicate[] = [];
  for (let v = 0; v < tokens.length; v++) {
    const verb = tokens[v]!;
    if (verb.pos !== "VERB") continue;
    let modal = false;
    let negated = false;
    let passive = false;
    let perfect = false;
    let progressive = false;
    let subjectAt = -1;
    // Walk left over auxiliaries, adverbs and negation to the subject, within the sentence.
    for (let i = v - 1; i >= 0 && v - i <= 7; i--) {
      const token = tokens[i]!;
      if (token.sentence !== verb.sentence) break;
      if (token.pos === "AUX" || token.pos === "PART" || token.lower === "not") {
        // "I'd sent it" is "I had sent it": 'd before a past participle is not "would".
        if (token.lower === "'d" && pastForm(verb, pastStory)) perfect = true;
        else if (MODALS.has(token.lemma) || MODALS.has(token.lower)) modal = true;
        if (token.lemma === "be" && verb.lower.endsWith("ing")) progressive = true;
        else if (token.lemma === "be") passive = true;
        if (token.lemma === "have") perfect = true;
        if (/^(not|n't|never)$/.test(token.lower)) negated = true;
        if (token.lower === "to") break; // "I needed to call": the infinitive is not the act
        continue;
      }
      if (token.pos === "ADV") {
        if (token.lower === "never") negated = true;
        continue;
      }
      // Spoken disfluencies between subject and verb: "So I, um, basically cut…".
      if (token.pos === "INTJ" || token.text === "," || FILLER_WORDS.has(token.lower)) continue;
      if (token.pos === "PRON" || token.pos === "PROPN" || token.pos === "NOUN") subjectAt = i;
      // "I'd" read as one pronoun token carries its auxiliary with it.
      if (/^i'd$/.test(token.lower) && pastForm(verb, pastStory)) perfect = true;
      else if (/^i'(d|ll)$/.test(token.lower)) modal = true;
      if (/^i've$/.test(token.lower)) perfect = true;
      break;
    }
    // "to call": an infinitive's subject is whoever needed or wanted it; not a predicate.
    if (tokens[v - 1]?.lower === "to") continue;
    // "I split the work, ran both systems and compared the outputs": a verb that follows "and",
    // "then" or a comma shares the subject of the sentence's last verb in the same tense.
    const shared = coordinatedWith(doc, v, found, pastStory);
    if (shared) {
      found.push({ ...shared, verb: v, passive: shared.passive && pastForm(verb, pastStory) });
      continue;
    }
    const subjectToken = tokens[subjectAt];
    const subject: Subject = isI(subjectToken)
      ? "i"
      : subjectToken?.lower === "we" ||
          (subjectToken?.lemma === "team" && tokens[subjectAt - 1]?.lower === "the")
        ? "we"
        : "other";
    found.push({ verb: v, subject, subjectAt, modal, negated, passive, perfect, progressive });
  }
  return found;
}

/**
 * The predicate whose subject a coordinated verb shares ("…, ran both systems and compared…"):
 * the verb follows a comma, "and", "or" or "then" (adverbs between allowed), and the sentence
 * has an earlier predicate in the same form (past with past, present with present). Undefined
 * when the verb has its own subject or starts its sentence's first clause.
 */
function coordinatedWith(
  doc: TextDoc,
  v: number,
  found: readonly Predicate[],
  pastStory: boolean,
): Predicate | undefined {
  const { tokens } = doc;
  const verb = tokens[v]!;
  let i = v - 1;
  while (i >= 0 && tokens[i]!.pos === "ADV" && tokens[i]!.lower !== "then") i--;
  const joint = tokens[i];
  if (!joint || joint.sentence !== verb.sentence) return undefined;
  if (!(joint.text === "," || COORDINATORS.has(joint.lower))) return undefined;
  // ", and then ran": step over the rest of the joint.
  while (i > 0 && (tokens[i - 1]!.text === "," || COORDINATORS.has(tokens[i - 1]!.lower))) i--;
  for (let k = found.length - 1; k >= 0; k--) {
    const earlier = found[k]!;
    const earlierVerb = tokens[earlier.verb]!;
    if (earlierVerb.sentence !== verb.sentence) return undefined;
    if (earlier.verb >= i || earlier.progressive) continue;
    const sameForm = pastForm(earlierVerb, pastStory) === pastForm(verb, pastStory);
    if (sameForm && !verb.lower.endsWith("ing")) return earlier;
  }
  return undefined;
}
const COORDINATORS: ReadonlySet<string> = new Set(["and", "or", "then"]);

/** Where each of the recogniser's words sits in the transcript (its words joined by spaces). */
function wordSpans(transcript: string, words: readonly TimedWord[]): Span[] {
  const spans: Span[] = [];
  let cursor = 0;
  for (const word of words) {
    const at = transcript.indexOf(word.word, cursor);
    if (at < 0) break;
    spans.push({ start: at, end: at + word.word.length });
    cursor = at + word.word.length;
  }
  return spans;
}

/** Below this calibrated confidence a recognised word is not quoted back to the user. */
export const QUOTABLE_CONFIDENCE = 0.6;
/** A pause this long (as the speech detector hears it) ends a clause, as a full stop would. */
const CLAUSE_PAUSE_SECONDS = 0.6;
/** Word times and the detector's frames disagree by a frame or two at a pause's edges. */
const PAUSE_SLACK_SECONDS = 0.1;

export type MeasureInput = {
  question: string;
  transcript: string;
  questionType: QuestionType;
  delivery: Delivery | null;
  /** The recogniser's words with times and confidence (spoken answers from the offline engine). */
  words?: readonly TimedWord[];
  /** The speech detector's pauses (audio/speech.ts): clauses break where the speaker paused. */
  pauses?: readonly { startSeconds: number; endSeconds: number }[];
  /** The question's own words and what a good answer covers (library model answer, tips). */
  reference: { questionTerms: readonly string[]; expectedTerms: ReadonlySet<string> };
  /** How specific a term is to one question (inverse document frequency over the library). */
  specificity: (term: string) => number;
};

const INTRODUCTION =
  /\b(tell (me|us) (a little |a bit )?about yourself|walk (me|us) through your (background|cv|resume|career)|introduce yourself|describe yourself|who are you)\b/i;

function answerShape(question: string, questionType: QuestionType): AnswerShape {
  return INTRODUCTION.test(question) ? "introduction" : questionType;
}

export function measureAnswer(input: MeasureInput): Measurements {
  const { transcript, delivery } = input;
  const doc = readText(transcript);
  const { tokens } = doc;
  /** Token positions of the words (not punctuation), once. */
  const wordAt = wordIndexes(doc);
  const shape = answerShape(input.question, input.questionType);
  const lowerQuestion = input.question.toLowerCase();

  // Spoken answers: where the speaker paused, and which words the recogniser doubted.
  const breaks = new Set<number>();
  const unsure: Span[] = [];
  if (input.words && input.words.length > 0) {
    const spans = wordSpans(transcript, input.words);
    const pauses = (input.pauses ?? []).filter(
      (pause) => pause.endSeconds - pause.startSeconds >= CLAUSE_PAUSE_SECONDS,
    );
    spans.forEach((span, i) => {
      const word = input.words![i]!;
      if ((word.confidence ?? 1) < QUOTABLE_CONFIDENCE) unsure.push(span);
      const previous = input.words![i - 1];
      // A word after a pause the speech detector heard starts a new clause, as a full stop would.
      const afterPause =
        previous !== undefined &&
        pauses.some(
          (pause) =>
            previous.endSeconds <= pause.startSeconds + PAUSE_SLACK_SECONDS &&
            word.startSeconds >= pause.endSeconds - PAUSE_SLACK_SECONDS,
        );
      if (afterPause) {
        const token = tokens.findIndex((t) => t.start >= span.start);
        if (token >= 0) breaks.add(token);
      }
    });
  }
  const around = (at: number, maxWords?: number) => clause(doc, at, breaks, maxWords);
  const phrases = (list: readonly string[]) =>
    list.flatMap((phrase) => phraseAt(doc, phrase).map((at) => around(at)));

  // --- who did what
  const pastStory = toldInThePast(doc);
  const preds = predicates(doc, pastStory);
  const actions: Span[] = [];
  const sharedActions: Span[] = [];
  const plans: Span[] = [];
  let firstOwn = -1;
  let lastOwn = -1;
  let firstWe = -1;
  let firstPassive = -1;
  let lastShared = -1;
  let pastActions = 0;
  const futureBefore = (verbAt: number) => {
    for (let i = verbAt - 1; i >= 0 && verbAt - i <= 4; i--) {
      const token = tokens[i]!;
      if (token.sentence !== tokens[verbAt]!.sentence) break;
      // "We plan to…", "I'll…", "going to…" — a verb of intending, not the noun "the plan".
      const verbal = token.pos === "AUX" || token.pos === "VERB" || token.pos === "PART";
      if (verbal && (FUTURE.has(token.lemma) || FUTURE.has(token.lower))) return true;
    }
    return false;
  };
  const habitual = (subjectAt: number) =>
    tokens
      .slice(Math.max(0, subjectAt - 3), subjectAt + 2)
      .some((t) => HABIT.has(t.lower) && t.sentence === tokens[subjectAt]!.sentence);
  for (const p of preds) {
    const verb = tokens[p.verb]!;
    if (p.negated) continue;
    if (p.subject === "i" && p.modal && !NOT_DONE.has(verb.lemma)) {
      plans.push(around(p.subjectAt));
      continue;
    }
    if (p.modal || futureBefore(p.verb)) continue;
    // "I worked at…", and in the opening sentence "I drive for a parcel company": a job held.
    const settingStatement =
      SETTING_PREPOSITIONS.has(tokens[p.verb + 1]?.lower ?? "") &&
      (SETTING_VERBS.has(verb.lemma) || (verb.sentence === 0 && verb.lower === verb.lemma));
    if (p.subject === "i" && settingStatement) continue;
    if (p.subject === "i" && !p.passive && !NOT_DONE.has(verb.lemma) && !p.progressive) {
      actions.push(around(p.subjectAt));
      if (pastForm(verb, pastStory) || p.perfect) pastActions++;
      if (firstOwn < 0) firstOwn = p.subjectAt;
      // "Now I check…": a habit the story led to, told after its end, does not move the end.
      if (!habitual(p.subjectAt)) lastOwn = p.verb;
    } else if (
      (p.subject === "we" && !NOT_DONE.has(verb.lemma) && !p.progressive) ||
      (p.passive && p.subject !== "i" && pastForm(verb, pastStory) && !CHANGE.has(verb.lemma))
    ) {
      sharedActions.push(around(p.subjectAt >= 0 ? p.subjectAt : p.verb));
      if (pastForm(verb, pastStory)) pastActions++;
      const at = p.subjectAt >= 0 ? p.subjectAt : p.verb;
      if (p.subject === "we" && firstWe < 0) firstWe = at;
      if (p.subject !== "we" && firstPassive < 0) firstPassive = at;
      lastShared = p.verb;
    }
  }
  // The story starts with the first thing the speaker or their team did; a passive ("pain was
  // poorly controlled") starts it only when nobody is said to have done anything. It ends with
  // the speaker's last action, or the team's when the speaker names none of their own.
  /** Token where the story's first action is told, and the verb of its last. */
  const firstDone = firstOwn >= 0 ? firstOwn : firstWe >= 0 ? firstWe : firstPassive;
  const lastDone = lastOwn >= 0 ? lastOwn : lastShared;
  // "Me and Sam rebuilt it": the speaker's own part in a shared act still counts as theirs.
  for (const at of phraseAt(doc, "me and")) {
    const next = preds.find((p) => p.verb > at && p.verb - at <= 5 && !p.modal);
    if (next) actions.push(around(at));
  }

  // --- the set-up, the task and the outcome
  const setupEnd = firstDone < 0 ? 0 : firstDone;
  const taskStarts: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    if (
      (isI(token) || token.lower === "we") &&
      next &&
      ["need", "have", "want", "must"].includes(next.lemma) &&
      (after?.lower === "to" || tokens[i + 3]?.lower === "to")
    )
      taskStarts.push(i);
    else if (
      isI(token) &&
      next?.lemma === "be" &&
      after &&
      (TASK_PASSIVE.has(after.lemma) || TASK_PASSIVE.has(tokens[i + 3]?.lemma ?? ""))
    )
      taskStarts.push(i);
    else if (
      TASK_NOUNS.has(token.lemma) &&
      (token.pos === "NOUN" || token.pos === "PROPN") &&
      [next, after].some((t) => t?.lemma === "be") &&
      ["my", "our", "the", "main", "first"].includes(tokens[i - 1]?.lower ?? "")
    )
      taskStarts.push(i - 1);
  }
  // Said before anything was done (after it, "asked me to…" is a sequel, not the task).
  for (const phrase of [
    "it was my job",
    "it was up to me",
    "in charge of",
    "on me to",
    "was on me",
    "for me to",
    "asked me to",
    "wanted me to",
    "needed me to",
    "told me to",
    "expected me to",
    "the one who",
    "the job of",
    "the task of",
    "gave me the job",
    "gave me the task",
    "the main thing was",
    "the first thing was",
    "the priority was",
  ])
    taskStarts.push(...phraseAt(doc, phrase).filter((at) => at < setupEnd));
  // "My responsibility", "I made it my goal": a goal of one's own, wherever it is said.
  for (let i = 1; i < tokens.length; i++)
    if (TASK_NOUNS.has(tokens[i]!.lemma) && ["my", "our"].includes(tokens[i - 1]!.lower))
      taskStarts.push(i - 1);
  // Before anything was done: "…needed to…", "…had to…".
  for (let i = 0; i < setupEnd; i++) {
    const token = tokens[i]!;
    if (["need", "have", "must"].includes(token.lemma) && tokens[i + 1]?.lower === "to")
      taskStarts.push(i);
  }
  // Wherever it is said: "the group was expected to…", "I was responsible for…".
  for (let i = 0; i < tokens.length - 2; i++)
    if (
      tokens[i]!.lemma === "be" &&
      TASK_PASSIVE.has(tokens[i + 1]!.lemma) &&
      ["to", "for"].includes(tokens[i + 2]!.lower)
    )
      taskStarts.push(i);
  const task = taskStarts.map((at) => around(Math.max(0, at)));

  const figureTokens = wordAt.filter((i) => {
    const token = tokens[i]!;
    if (token.pos !== "NUM") return false;
    // "one" is as often "one way" or "one of" as a figure.
    return !["one", "a", "first"].includes(token.lower);
  });
  const figures = figureTokens.map((i) => around(i, 8));

  const results: Span[] = [];
  const startingFigures: Span[] = [];
  const resultFrom = firstDone < 0 ? 0 : firstDone;
  for (const p of preds) {
    const verb = tokens[p.verb]!;
    if (p.verb < resultFrom || p.modal || p.negated || futureBefore(p.verb)) continue;
    if (!CHANGE.has(verb.lemma) || verb.lower.endsWith("ing")) continue;
    // The speaker's own change-verb ("I cut the scope") is an action; with a figure or an end
    // point ("I cut costs by a third", "…on time") it is an outcome too.
    if (p.subject === "i") {
      const after = tokens.slice(p.verb + 1, p.verb + 8);
      const extent = after.some(
        (t, i) =>
          (["by", "to", "from"].includes(t.lower) &&
            after.slice(i + 1, i + 4).some((n) => n.pos === "NUM" || n.lower === "half")) ||
          (t.lower === "time" && after[i - 1]?.lower === "on"),
      );
      if (!extent) continue;
    }
    results.push(around(p.verb));
  }
  // After the last thing done, what happened to others or to things is how it ended: "he came
  // back the next day", "the error rate was down to one in a hundred", "the owner bought…".
  // When the speaker names no action of their own, the story's last sentence is where it ends.
  const endsFrom =
    lastOwn >= 0
      ? lastOwn
      : lastDone >= 0
        ? (doc.sentences.at(-1)?.firstToken ?? tokens.length) - 1
        : -1;
  if (endsFrom >= 0) {
    for (const p of preds) {
      if (p.verb <= endsFrom || p.subject === "i" || p.modal || futureBefore(p.verb)) continue;
      // Someone or something must have done it: "the install" alone is a noun read as a verb.
      if (p.subjectAt < 0) continue;
      const verb = tokens[p.verb]!;
      // Still under way ("peak was coming up"), only noticed ("we found…"), or how someone
      // looked ("she looked upset") is not how it ended; nor what did not happen, unless it
      // never happened again.
      if (verb.lower.endsWith("ing") || NOTICED.has(verb.lemma)) continue;
      if (
        p.negated &&
        tokens[p.verb + 1]?.lower !== "again" &&
        !phraseAt(doc, "again").some((at) => at > p.verb && at - p.verb <= 6)
      )
        continue;
      // The team going on with the work is more story; the team getting somewhere is an end.
      if (
        p.subject === "we" &&
        !CHANGE.has(verb.lemma) &&
        !["through", "back"].includes(tokens[p.verb + 1]?.lower ?? "")
      )
        continue;
      results.push(around(p.verb));
    }
    for (let i = endsFrom + 1; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.lemma !== "be" || isI(tokens[i - 1])) continue;
      // "was down to one in a hundred", "were fine about it": a state reached, said right
      // after the verb (an adverb may come between).
      const next =
        tokens[i + 1]?.pos === "ADV" && !END_STATES.has(tokens[i + 1]!.lower)
          ? tokens[i + 2]
          : tokens[i + 1];
      if (next && END_STATES.has(next.lower) && !futureBefore(i + 1)) results.push(around(i));
    }
  }
  for (const marker of RESULT_MARKERS)
    for (const at of phraseAt(doc, marker)) if (at >= resultFrom) results.push(around(at));
  for (const i of figureTokens)
    if (firstDone >= 0 && i < firstDone) startingFigures.push(around(i, 8));

  // A set-up: words before anything was done that are not the task, or a time or place.
  const setting: Span[] = [];
  const setupWords = wordAt.filter((i) => i < setupEnd);
  const taskWords = new Set(
    task.flatMap((span) =>
      tokens
        .map((token, i) => (token.start >= span.start && token.end <= span.end ? i : -1))
        .filter((i) => i >= 0),
    ),
  );
  const settingWords = setupWords.filter((i) => !taskWords.has(i));
  const finite = settingWords.some((i) => {
    const token = tokens[i]!;
    return (
      (token.pos === "AUX" || token.pos === "VERB") &&
      !token.lower.endsWith("ing") &&
      tokens[i - 1]?.lower !== "to"
    );
  });
  if (settingWords.length >= 4 && finite) setting.push(around(settingWords[0]!));
  for (const at of TIME_MARKERS.flatMap((marker) => phraseAt(doc, marker)))
    if (firstDone < 0 || tokens[at]!.sentence <= tokens[firstDone]!.sentence)
      setting.push(around(at));
  for (const entity of doc.entities)
    if (entity.type === "DATE" && (firstDone < 0 || entity.firstToken < firstDone))
      setting.push(around(entity.firstToken));

  // --- reasons, hedges, vagueness
  const reasons = [
    ...phrases(["because", "so that", "to make sure", "in order to", "that way", "since"]),
  ];
  const hedges = phrases(HEDGES);
  const vagueWords = wordAt.filter((i) => VAGUE.has(tokens[i]!.lemma)).map((i) => around(i, 8));

  // --- what particular question types look for
  const employerTies: Span[] = [];
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1]!;
    // "your clinic", "this team", "your approach to…": something of this employer's; an
    // adjective may come between ("your small team"). "This job" or "this work" fit any job.
    const noun = next.pos === "ADJ" ? tokens[i + 2] : next;
    if (
      (token.lower === "your" || token.lower === "this") &&
      noun !== undefined &&
      (noun.pos === "PROPN" || EMPLOYER_NOUNS.has(noun.lemma))
    )
      employerTies.push(around(i));
  }
  const genericReasons = wordAt
    .filter((i) => GENERIC_REASONS.has(tokens[i]!.lemma))
    .map((i) => around(i));
  const weaknesses = phrases(WEAKNESS_MARKERS);
  const disguisedWeaknesses = phrases(DISGUISED_WEAKNESS);
  // What the speaker does about a weakness: said so ("I'm working on…"), or their own actions
  // told after it is named ("I set up a review rota").
  const weaknessEnd = Math.max(...weaknesses.map((span) => span.end));
  const improvementsMade = [
    ...phrases(IMPROVING_MARKERS),
    ...(weaknesses.length > 0 ? actions.filter((span) => span.start >= weaknessEnd) : []),
  ];
  const professional = wordAt
    .filter((i) => PROFESSIONAL.has(tokens[i]!.lemma))
    .map((i) => around(i));
  const personal = wordAt.filter((i) => PERSONAL.has(tokens[i]!.lemma)).map((i) => around(i));
  const questionsForThem = doc.sentences
    .filter((sentence) => tokens[sentence.lastToken]?.text === "?")
    .map((sentence) => ({ start: sentence.start, end: sentence.end }));
  for (const phrase of ["i'd like to know", "i would like to ask", "could you tell me"])
    questionsForThem.push(...phraseAt(doc, phrase).map((at) => around(at)));

  // --- topic: the answer's content words against the question's and a good answer's
  const answerTerms = new Set(
    tokens.filter((t) => isWord(t) && !t.stop && t.lemma.length > 2).map((t) => t.lemma),
  );
  const shared = [...answerTerms].filter((term) => input.reference.expectedTerms.has(term));
  const questionCovered = input.reference.questionTerms.filter((term) => answerTerms.has(term));

  // --- length
  const wordCount = wordAt.length - findFillers(transcript).length;
  const target = delivery ? LENGTH_TARGETS[shape].seconds : LENGTH_TARGETS[shape].words;
  const length = delivery
    ? { amount: delivery.speakingSeconds, unit: "seconds" as const, target }
    : { amount: wordCount, unit: "words" as const, target };

  return {
    shape,
    asksWeakness:
      /\bweak|\bimprove|\bworking on\b|\bdevelopment\b|\b(not (so |very |that |as )?good|bad|worst|struggle) (at|with)\b/.test(
        lowerQuestion,
      ),
    words: wordCount,
    longSentences: delivery
      ? 0
      : doc.sentences.filter(
          (sentence) =>
            tokens.slice(sentence.firstToken, sentence.lastToken + 1).filter(isWord).length > 40,
        ).length,
    pastActions,
    actions: dedupe(actions),
    sharedActions: dedupe(sharedActions),
    plans: dedupe(plans),
    reasons: dedupe(reasons),
    setting: dedupe(setting),
    task: dedupe(task),
    // An outcome inside the goal ("…agreed by the end of the month") or hedged ("not sure it
    // was allowed") is not one the speaker reports.
    results: dedupe(results).filter(
      (r) => ![...task, ...hedges].some((other) => r.start < other.end && other.start < r.end),
    ),
    startingFigures: dedupe(startingFigures),
    figures: dedupe(figures),
    hedges: dedupe(hedges),
    vagueWords: dedupe(vagueWords),
    employerTies: dedupe(employerTies),
    genericReasons: dedupe(genericReasons),
    weaknesses: dedupe(weaknesses),
    disguisedWeaknesses: dedupe(disguisedWeaknesses),
    improvementsMade: dedupe(improvementsMade),
    professional: dedupe(professional),
    personal: dedupe(personal),
    questionsForThem: dedupe(questionsForThem),
    topic: {
      answerTerms: answerTerms.size,
      shared,
      questionTerms: input.reference.questionTerms.length,
      questionCovered,
      sharedWeight: sum(shared.map(input.specificity)),
      answerWeight: sum([...answerTerms].map(input.specificity)),
      questionCoveredWeight: sum(questionCovered.map(input.specificity)),
      questionWeight: sum(input.reference.questionTerms.map(input.specificity)),
      workTalk: workTalk(transcript, input.reference.expectedTerms),
    },
    length,
    delivery,
    unsure,
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Spans in order, each once (several findings may point at the same clause). */
function dedupe(spans: Span[]): Span[] {
  const seen = new Set<string>();
  return spans
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start)
    .filter((span) => {
      const key = `${span.start}:${span.end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
