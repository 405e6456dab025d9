import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  spokenQuestions,
  type BankEntry,
  type SpokenQuestion,
} from "@/server/library/answer-library";

/**
 * Questions for the transcriber's tests, evaluation and benchmark: the 40 questions the bank
 * must hold (docs/decisions/0035), plus whatever question-bank*.json files exist beside this file, so the
 * checks follow the real bank as it grows.
 */
export const REQUIRED_QUESTIONS: readonly string[] = [
  "tell me about yourself",
  "walk me through your resume",
  "why do you want to work here",
  "why are you interested in this role",
  "why should we hire you",
  "what are your greatest strengths",
  "what is your greatest weakness",
  "where do you see yourself in five years",
  "why are you leaving your current job",
  "tell me about a time you had a conflict with a coworker",
  "tell me about a time you failed",
  "tell me about a time you showed leadership",
  "tell me about a time you made a mistake",
  "describe a challenging project you worked on",
  "tell me about a time you worked under pressure",
  "how do you handle stress",
  "how do you prioritize your work",
  "what is your biggest accomplishment",
  "what are your salary expectations",
  "do you have any questions for us",
  "what do you know about our company",
  "how would your coworkers describe you",
  "tell me about a time you disagreed with your manager",
  "describe a time you had to meet a tight deadline",
  "tell me about a time you went above and beyond",
  "how do you handle criticism",
  "what motivates you",
  "what is your ideal work environment",
  "tell me about a time you had to learn something quickly",
  "describe a time you solved a difficult problem",
  "how do you work in a team",
  "tell me about a time you persuaded someone",
  "what makes you unique",
  "why did you choose this career",
  "tell me about a gap in your resume",
  "how do you handle a difficult customer",
  "what are your career goals",
  "tell me about a time you took initiative",
  "describe your leadership style",
  "what would you do in your first ninety days",
];

const libraryDir = path.resolve(import.meta.dirname, "../../src/server/library");

/** The bank files' questions, variants and spoken phrasings (an entry without `question` is ignored). */
function bankQuestions(dir = libraryDir): SpokenQuestion[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^question-bank.*\.json$/.test(name))
    .sort()
    .flatMap((name) => {
      const entries = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as unknown;
      if (!Array.isArray(entries)) return [];
      return spokenQuestions(
        entries
          .filter((entry): entry is BankEntry => typeof entry?.question === "string")
          .map((entry) => ({ ...entry, id: String(entry.id), variants: entry.variants ?? [] })),
      );
    });
}

/** The required questions, then the bank's entries. */
export function testQuestions(): SpokenQuestion[] {
  return [
    ...REQUIRED_QUESTIONS.map((question, index) => ({ id: `required-${index + 1}`, question })),
    ...bankQuestions(),
  ];
}
