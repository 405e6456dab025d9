import { readText } from "@/server/language/text";

/**
 * What a job post asks of a candidate, read offline (docs/decisions/0140): every skill and duty
 * it lists, each once, the most important first, so that Company Specific can ask about as many
 * of them as its set has room for — not only the few the question bank happens to tag.
 *
 * A post is read by its own layout: headings ("Requirements", "What you'll do", "Nice to have",
 * "Benefits") say how much each list under them matters or that it is not about the candidate at
 * all; bullet lines are items; in prose, sentences that ask for something ("experience with",
 * "you will", "ability to") are items. Each item becomes a short phrase: lead-ins such as "3+
 * years of experience with" or "Strong" go, a long item is cut at its first comma or example.
 */

export type Requirement = {
  /** The phrase to ask about: "SQL and Python", "own the quarterly roadmap". */
  phrase: string;
  /** A duty starts with what the person will do; a skill is something they bring. */
  kind: "skill" | "duty";
  /** The item as the post wrote it (for matching it with the bank's skill tags). */
  item: string;
  /** Higher first: required > duties > unlabelled > nice to have; "must" and "essential" add. */
  weight: number;
};

type Section = "required" | "duties" | "nice" | "unlabelled" | "skip";

/** Headings over what is not asked of the candidate. */
const SKIP =
  /\b(about (us|the company|the team|[a-z]+ inc)|benefits|perks|we offer|what we offer|salary|compensation|pay|how to apply|to apply|equal opportunit|diversity|location|why (join|work)|our (story|mission|values)|who we are)\b/;
const NICE =
  /\b(nice to have|bonus|preferred|desirable|ideally|plus|would be great|extra credit)\b/;
const REQUIRED =
  /\b(requirements?|qualifications?|what you (need|bring|will need|ll need)|you (have|ll have|will have|bring)|must|essential|skills|about you|who you are|we are looking for|we re looking for|experience)\b/;
const DUTIES =
  /\b(responsibilit|what you ll do|what you will do|the role|day to day|your role|duties|in this role|you will|you ll)\w*/;

const SECTION_WEIGHT: Record<Exclude<Section, "skip">, number> = {
  required: 3,
  duties: 2,
  unlabelled: 2,
  nice: 1,
};

const BULLET = /^\s*(?:[-*•·▪◦‣–—]|\d{1,2}[.)]|[a-z][.)])\s+/i;
/** A sentence of prose that asks for something. */
const ASKS =
  /\b(experience (with|in|of|using)|knowledge of|ability to|able to|proficien|familiar|skilled|degree in|you will|you'll|you have|you bring|responsible for|must|required|we need|looking for someone)\b/i;
/** Lead-ins that say how much, not what. */
const LEAD_INS: RegExp[] = [
  /^(you (will|'ll|have|bring|are|can)|we (need|want|expect) (you to|someone (who|with|to))|must have|must be|must|should have|should|ideally|a|an|the)\b\s*/i,
  /^(\d+\+?|one|two|three|four|five|several|many)\s*(\+\s*)?(years?|yrs)\s*(of\s*)?((professional|relevant|hands-on|proven|commercial)\s+)?(work\s+)?(experience)?\s*(with|in|of|using|as|building|working)?\s*/i,
  /^(strong|excellent|proven|demonstrated|solid|good|great|deep|exceptional|outstanding|working|practical|hands-on|expert|advanced|basic|some|prior|previous|relevant|professional|commercial|clear|effective|confident)\b\s*/i,
  /^(experience|knowledge|understanding|proficiency|familiarity|expertise|skills?|background|track record|comfort|fluency)\s*(with|in|of|using|working with|at)?\s*/i,
  /^(ability|able) to\s*/i,
  /^(and|or|of|in|with|to)\b\s*/i,
];
/** The most words a phrase keeps; a longer item is cut at its first comma or example first. */
const MAX_PHRASE_WORDS = 10;

function plainHeading(line: string): string {
  return line
    .toLowerCase()
    .replace(/[’']/g, " ")
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A line that names a section: short, no sentence inside, often ending in a colon. */
function headingOf(line: string): Section | null {
  if (BULLET.test(line)) return null;
  const words = line.split(/\s+/).length;
  const endsLikeHeading = /:\s*$/.test(line) || (!/[.!?]\s*$/.test(line) && words <= 6);
  if (!endsLikeHeading || words > 8) return null;
  const text = plainHeading(line);
  if (SKIP.test(text)) return "skip";
  if (NICE.test(text)) return "nice";
  if (DUTIES.test(text)) return "duties";
  if (REQUIRED.test(text)) return "required";
  return /:\s*$/.test(line) ? "unlabelled" : null;
}

/** An item's words without its lead-ins, cut to a phrase short enough to say in a question. */
function phraseOf(item: string): string {
  let text = item
    .replace(/\s+/g, " ")
    .replace(/[.;:!]+\s*$/, "")
    .trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const leadIn of LEAD_INS) {
      const next = text.replace(leadIn, "");
      if (next !== text && next.length > 0) {
        text = next;
        changed = true;
      }
    }
  }
  const words = text.split(" ");
  if (words.length > MAX_PHRASE_WORDS) {
    const cut = text.search(
      /\s*(,|;|\(| such as | e\.g\.| including | for example | so that | to ensure )/i,
    );
    if (cut > 0) text = text.slice(0, cut);
  }
  const kept = text.split(" ");
  if (kept.length > MAX_PHRASE_WORDS) {
    // Ends on a word that can end a phrase, not "and", "the" or "of".
    let end = MAX_PHRASE_WORDS;
    while (end > 3 && /^(and|or|of|the|a|an|to|in|with|for|on|at|by|&)$/i.test(kept[end - 1]!)) {
      end--;
    }
    text = kept.slice(0, end).join(" ");
  }
  return text.replace(/[,;:&]+$/, "").trim();
}

/**
 * A duty begins with what the person will do. A bullet has no subject, which leaves a tagger
 * unsure ("Own the roadmap", "Coach the team"), so the phrase is read after "You will": a verb
 * there is a duty. Its form becomes the one "would have you …" takes ("Manages" → "manage"); a
 * participle ("Written and verbal …") describes a skill, not a duty.
 */
function asDuty(phrase: string, underDuties: boolean): string | null {
  const lead = "You will ";
  const words = `${phrase[0]!.toLowerCase()}${phrase.slice(1)}`;
  const verb = readText(`${lead}${words}`).tokens.find((token) => token.start >= lead.length);
  if (!verb || verb.start !== lead.length) return null;
  // Under "What you'll do" the tagger's doubt ("own" as an adjective) goes the heading's way.
  if (verb.pos !== "VERB" && !(underDuties && verb.pos === "ADJ")) return null;
  if (/(ed|en)$/.test(verb.lower) && verb.lemma !== verb.lower) return null;
  const base = /(s|ing)$/.test(verb.lower) && verb.lemma !== verb.lower ? verb.lemma : verb.lower;
  return `${base}${words.slice(verb.end - lead.length)}`;
}

const termsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9+#]+/)
      .filter((word) => word.length > 2),
  );

/** The same requirement said twice: most of the shorter one's words are in the other. */
function sameRequirement(a: string, b: string): boolean {
  const [small, large] = [termsOf(a), termsOf(b)].sort((x, y) => x.size - y.size) as [
    Set<string>,
    Set<string>,
  ];
  if (small.size === 0) return true;
  let shared = 0;
  for (const term of small) if (large.has(term)) shared++;
  return shared / small.size >= 0.8;
}

/** Every skill and duty the post asks for, each once, the most important first. */
export function requirementsOf(jobPost: string): Requirement[] {
  const found: (Requirement & { at: number })[] = [];
  let section: Section = "unlabelled";
  const add = (item: string, at: number) => {
    if (section === "skip") return;
    const phrase = phraseOf(item);
    if (phrase.split(" ").length < 1 || phrase.length < 2) return;
    const duty = asDuty(phrase, section === "duties");
    const weight =
      SECTION_WEIGHT[section] + (/\b(must|essential|required|mandatory)\b/i.test(item) ? 1 : 0);
    const requirement: Requirement & { at: number } = duty
      ? { phrase: duty, kind: "duty", item, weight, at }
      : { phrase, kind: "skill", item, weight, at };
    const twin = found.findIndex((other) => sameRequirement(other.phrase, requirement.phrase));
    if (twin < 0) found.push(requirement);
    else if (found[twin]!.weight < weight) found[twin] = requirement;
  };
  const lines = jobPost
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  lines.forEach((line, at) => {
    const heading = headingOf(line);
    if (heading) {
      section = heading;
      return;
    }
    if (BULLET.test(line)) {
      add(line.replace(BULLET, ""), at);
      return;
    }
    // Prose: each sentence that asks for something.
    const doc = readText(line);
    for (const sentence of doc.sentences) {
      const text = line.slice(sentence.start, sentence.end);
      if (ASKS.test(text)) add(text, at);
    }
  });
  return found
    .sort((a, b) => b.weight - a.weight || a.at - b.at)
    .map(({ at: _at, ...requirement }) => requirement);
}

/** The question Company Specific asks about a requirement the bank has no question for. */
export function requirementQuestion(requirement: Requirement): string {
  if (requirement.kind === "duty") {
    return `This role would have you ${requirement.phrase}. Tell me about a time you did something like that.`;
  }
  return `This role asks for ${requirement.phrase}. Tell me about a time you used it at work.`;
}
