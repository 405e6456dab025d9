import type { BankEntry } from "@/server/library/answer-library";
import { roleLabel } from "@/shared/roles";
import { requirementQuestion, requirementsOf } from "./job-post";
import type { SessionQuestion, StartSessionRequest } from "@/shared/sessions";

/**
 * Which questions a session asks (docs/decisions/0072), offline and deterministic apart from the shuffle:
 * - AI Interviewer: an opener, the role's questions at the chosen level (one general behavioural
 *   question in longer runs), and a closing question in runs of 5 or more;
 * - Quick Practice: one question of the chosen category (or any, "surprise me"), not one the user
 *   answered recently when there is another;
 * - Company Specific: the opener, questions in the company's name, one question on each of the
 *   job post's most important requirements (job-post.ts; a bank question when one probes the
 *   skill it names), and the role's.
 */

export type ChosenSession = {
  questions: SessionQuestion[];
  /** Words the offline recogniser should expect in the answers (company, the post's skills). */
  vocabulary: string[];
};

type Options = {
  /** Question keys the user answered recently (newest first), avoided by Quick Practice. */
  recentKeys?: ReadonlySet<string>;
  random?: () => number;
};

const OPENER = "tell-me-about-yourself";
const CLOSERS = [
  "one-thing-to-remember-about-you",
  "anything-else-to-add",
  "why-should-we-hire-you",
];
const COMPANY_SET_LENGTH = 7;
/** Of a company set, at most this many ask about the job post's requirements. */
const JOB_POST_QUESTIONS = 4;

/** The key under which attempts at the same question are grouped (its trend). */
export function questionKeyOf(question: string, bankId: string | null): string {
  if (bankId) return bankId;
  return question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .slice(0, 300);
}

export function chooseQuestions(
  bank: readonly BankEntry[],
  request: StartSessionRequest,
  { recentKeys = new Set(), random = Math.random }: Options = {},
): ChosenSession {
  const general = bank.filter((entry) => !entry.role);
  const byId = new Map(bank.map((entry) => [entry.id, entry]));
  const shuffled = <T>(items: readonly T[]) => shuffle(items, random);
  const forRole = (role: string, level?: string) =>
    bank.filter(
      (entry) => entry.role === role && (!level || entry.levels?.some((suits) => suits === level)),
    );

  switch (request.mode) {
    case "interview": {
      const picks: BankEntry[] = [byId.get(OPENER) ?? general[0]!];
      const closer = request.length >= 5 ? pickExisting(byId, CLOSERS, random) : undefined;
      const middle = request.length - picks.length - (closer ? 1 : 0);
      const behavioural = shuffled(general.filter((entry) => entry.category === "behavioural"));
      const roleQuestions = shuffled(forRole(request.role, request.level));
      const fromRole = roleQuestions.slice(0, request.length >= 5 ? middle - 1 : middle);
      const fill = behavioural.slice(0, middle - fromRole.length);
      // The role's questions first, with a general story question in the middle of longer runs.
      const body = [...fromRole];
      body.splice(Math.ceil(body.length / 2), 0, ...fill);
      picks.push(...body);
      if (closer) picks.push(closer);
      return {
        questions: picks.map((entry, index) => fromEntry(entry, index)),
        vocabulary: [],
      };
    }
    case "quick": {
      const pool = (request.role ? [...general, ...forRole(request.role)] : general).filter(
        (entry) => !request.category || entry.category === request.category,
      );
      const candidates = pool.length > 0 ? pool : general;
      const fresh = candidates.filter((entry) => !recentKeys.has(entry.id));
      const [pick] = shuffled(fresh.length > 0 ? fresh : candidates);
      return { questions: [fromEntry(pick!, 0)], vocabulary: [] };
    }
    case "company": {
      const { company, role } = request;
      const skills = skillsInJobPost(bank, request.jobPost ?? "");
      const chosen = new Set<string>([OPENER]);
      const questions: Omit<SessionQuestion, "index">[] = [
        { ...asQuestion(byId.get(OPENER) ?? general[0]!), source: "general" },
        {
          question: `Why do you want to work at ${company}?`,
          category: "motivational",
          source: "company",
          bankId: null,
        },
      ];
      // The post's requirements, the most important first, one question each: a bank question
      // that probes a skill the requirement names (the role's first), else the requirement
      // asked about directly. A requirement that names several of the bank's skills ("SQL,
      // stakeholder management and Kubernetes") is one per skill; a post in which the reader
      // finds no requirement falls back to the bank's skill tags it mentions.
      const requirements = requirementsOf(request.jobPost ?? "");
      const bySkill = (skill: string) => ({
        named: [skill],
        ask: `This role asks for ${skillWords(skill)}. Tell me about a time you used it at work.`,
      });
      const asks =
        requirements.length > 0
          ? requirements.flatMap((requirement) => {
              const named = skills.filter((skill) =>
                containsWords(requirement.item, skillWords(skill)),
              );
              return named.length > 1
                ? named.map(bySkill)
                : [{ named, ask: requirementQuestion(requirement) }];
            })
          : skills.map(bySkill);
      for (const { named, ask } of asks.slice(0, JOB_POST_QUESTIONS)) {
        const probing = shuffled(
          bank.filter(
            (entry) =>
              entry.skills?.some((skill) => named.includes(skill)) && !chosen.has(entry.id),
          ),
        ).sort((a, b) => Number(b.role === role) - Number(a.role === role));
        const entry = probing[0];
        if (entry) {
          chosen.add(entry.id);
          questions.push({ ...asQuestion(entry), source: "job-post" });
        } else {
          questions.push({
            question: ask,
            category: "behavioural",
            source: "job-post",
            bankId: null,
          });
        }
      }
      const roleQuestions = shuffled(forRole(role, request.level)).filter(
        (entry) => !chosen.has(entry.id),
      );
      const closing = {
        question: `What do you know about ${company}, and how would you contribute in your first months?`,
        category: "motivational",
        source: "company" as const,
        bankId: null,
      };
      const room = COMPANY_SET_LENGTH - questions.length - 1;
      questions.push(
        ...roleQuestions.slice(0, room).map((entry) => ({
          ...asQuestion(entry),
          source: "role" as const,
        })),
      );
      questions.push(closing);
      return {
        questions: questions.map((question, index) => ({ ...question, index })),
        vocabulary: vocabularyOf([
          company,
          roleLabel(role),
          ...skills.map(skillWords),
          ...requirements.map((requirement) => requirement.phrase),
        ]),
      };
    }
  }
}

function fromEntry(entry: BankEntry, index: number): SessionQuestion {
  return { ...asQuestion(entry), source: entry.role ? "role" : "general", index };
}

function asQuestion(entry: BankEntry) {
  return { question: entry.question, category: entry.category, bankId: entry.id };
}

function pickExisting(byId: Map<string, BankEntry>, ids: readonly string[], random: () => number) {
  const present = ids.flatMap((id) => byId.get(id) ?? []);
  return shuffle(present, random)[0];
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const skillWords = (skill: string) => skill.replace(/-/g, " ");

/**
 * The bank's skill tags the job post mentions, most mentioned first. A tag matches as whole
 * words: "stakeholder-management" matches "stakeholder management".
 */
export function skillsInJobPost(bank: readonly BankEntry[], jobPost: string): string[] {
  const text = ` ${jobPost.toLowerCase().replace(/[^a-z0-9+#]+/g, " ")} `;
  if (text.trim() === "") return [];
  const tags = new Set(bank.flatMap((entry) => entry.skills ?? []));
  const counts: [string, number][] = [];
  for (const tag of tags) {
    const phrase = ` ${skillWords(tag)} `;
    let count = 0;
    for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) count++;
    if (count > 0) counts.push([tag, count]);
  }
  return counts.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
}

/** Whether `phrase` occurs in `text` as whole words, case aside. */
function containsWords(text: string, phrase: string): boolean {
  const plain = (value: string) => ` ${value.toLowerCase().replace(/[^a-z0-9+#]+/g, " ")} `;
  return plain(text).includes(plain(phrase));
}

/** Lower-case words of 3+ letters, each once. */
function vocabularyOf(phrases: string[]): string[] {
  return [...new Set(phrases.flatMap((phrase) => phrase.toLowerCase().match(/[a-z']{3,}/g) ?? []))];
}
