import { z } from "zod";
import rawBank from "./question-bank.json";
import { roleQuestionSets } from "./role-questions";
import { levelSchema, roleIdSchema } from "@/shared/roles";
import { practiceCategorySchema } from "@/shared/sessions";

/**
 * The interview answer library: one reviewed data file (`question-bank.json`) of common interview
 * questions, each with natural alternative phrasings, a model answer the user adapts and a few
 * tips. Authoring rules are in docs/decisions/0035-question-bank-format.md. The file is validated
 * once, on first use; a malformed bank is a programming error and fails loudly.
 */

/** The bank's categories: the ones Quick Practice offers (src/shared/sessions.ts). */
export const questionCategories = practiceCategorySchema.options;

export type { PracticeCategory as QuestionCategory } from "@/shared/sessions";

const sentence = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .refine((text) => !/\s{2,}|\n/.test(text), "must be one line with single spaces");

/** What an interviewer says: no [placeholders], since the transcriber listens for these words. */
const spokenPhrasing = sentence
  .max(200)
  .refine((text) => !/[[\]{}<>]/.test(text), "must be spoken words, without [placeholders]");

const bankEntrySchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be kebab-case (lower-case words joined by '-')")
    .max(80),
  question: spokenPhrasing,
  category: practiceCategorySchema,
  variants: z.array(spokenPhrasing).min(2, "needs 2-5 variants").max(5, "needs 2-5 variants"),
  /**
   * More ways people say the question, for the offline speech grammar only: retrieval does not
   * index them, so its paraphrase evaluation stays blind (docs/decisions/0035).
   */
  spoken: z.array(spokenPhrasing).max(20, "holds at most 20 spoken phrasings").optional(),
  answer: z
    .string()
    .trim()
    .min(200, "is too short for a model answer")
    .max(2500, "is too long to read aloud in an interview"),
  tips: z.array(sentence.max(300)).min(2, "needs 2-3 tips").max(3, "needs 2-3 tips"),
  /** Role sets (docs/decisions/0072): the job this question is asked for, and the levels it suits. */
  role: roleIdSchema.optional(),
  levels: z.array(levelSchema).min(1).max(3).optional(),
  /** What the question probes, kebab-case ("sql", "stakeholder-management"), for job posts. */
  skills: z
    .array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "skills are kebab-case"))
    .min(1)
    .max(8)
    .optional(),
  /** What a good answer covers, in a few words each: the offline rubric's relevance check. */
  keyPoints: z.array(sentence.max(160)).min(2, "needs 2-5 key points").max(5).optional(),
});

export type BankEntry = z.infer<typeof bankEntrySchema>;

/** One question with the other ways it may be worded: what the question recogniser listens for. */
export type SpokenQuestion = { id: string; question: string; variants?: readonly string[] };

/** Every way each entry may be asked aloud (question, variants, spoken): the speech grammar's input. */
export function spokenQuestions(
  bank: readonly Pick<BankEntry, "id" | "question" | "variants" | "spoken">[],
): SpokenQuestion[] {
  return bank.map(({ id, question, variants, spoken = [] }) => ({
    id,
    question,
    variants: [...variants, ...spoken],
  }));
}

const questionBankSchema = z
  .array(bankEntrySchema)
  .min(1)
  .superRefine((entries, ctx) => {
    const seenIds = new Set<string>();
    const seenPhrasings = new Map<string, string>();
    entries.forEach((entry, index) => {
      if (seenIds.has(entry.id)) {
        ctx.addIssue({ code: "custom", path: [index, "id"], message: `duplicate id ${entry.id}` });
      }
      seenIds.add(entry.id);
      for (const phrasing of [entry.question, ...entry.variants, ...(entry.spoken ?? [])]) {
        const key = phrasing
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, " ")
          .trim();
        const owner = seenPhrasings.get(key);
        if (owner !== undefined && owner !== entry.id) {
          ctx.addIssue({
            code: "custom",
            path: [index],
            message: `phrasing "${phrasing}" also belongs to ${owner}`,
          });
        }
        seenPhrasings.set(key, entry.id);
      }
      if (entry.role && !(entry.levels && entry.skills && entry.keyPoints)) {
        ctx.addIssue({
          code: "custom",
          path: [index],
          message: "a role question needs levels, skills and keyPoints",
        });
      }
    });
  });

/** Validates a bank; throws an error listing every problem (entry index, id and field). */
export function parseQuestionBank(data: unknown): readonly BankEntry[] {
  const parsed = questionBankSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 20).map((issue) => {
      const [index, ...rest] = issue.path;
      const id =
        typeof index === "number" && Array.isArray(data)
          ? (data[index] as { id?: unknown } | undefined)?.id
          : undefined;
      const where = [index, typeof id === "string" ? `(${id})` : "", rest.join(".")]
        .filter((part) => part !== "" && part !== undefined)
        .join(" ");
      return `  - ${where}: ${issue.message}`;
    });
    throw new Error(`The question bank is invalid:\n${problems.join("\n")}`);
  }
  return Object.freeze(parsed.data.map((entry) => Object.freeze(entry)));
}

let cached: readonly BankEntry[] | undefined;

/** The built-in question bank, validated on the first call and shared afterwards. */
export function loadQuestionBank(): readonly BankEntry[] {
  cached ??= parseQuestionBank([...rawBank, ...roleQuestionSets]);
  return cached;
}
