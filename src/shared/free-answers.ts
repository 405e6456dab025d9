import { z } from "zod";
import { practiceCategorySchema } from "./sessions";

/**
 * The free taste of Premium (docs/decisions/0120): a signed-in account without a subscription may
 * answer this many Quick Practice questions, spoken or typed, with the full report. Counted per
 * account on the server.
 */
export const FREE_ANSWERS = 3;

/** free-answers: how many of the account's free answers are used and left. */
export const freeAnswersResponseSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** Premium needs no free answers: every answer is included. */
  subscribed: z.boolean(),
});
export type FreeAnswers = z.infer<typeof freeAnswersResponseSchema>;

/** free-question: a Quick Practice question to answer free, of a category or a surprise. */
export const freeQuestionRequestSchema = z.strictObject({
  category: practiceCategorySchema.optional(),
});
