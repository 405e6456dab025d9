import { z } from "zod";

/**
 * The user's CV (docs/decisions/0110): read from an upload (read-cv), reviewed, then kept as text
 * with what was understood from it (save-cv), one per account; get-cv and delete-cv. Its jobs,
 * skills and achievements become "From your CV" questions in AI Interviewer and Company Specific
 * sessions.
 */

/** Largest CV file accepted, in bytes. */
export const MAX_CV_FILE_BYTES = 2 * 1024 * 1024;
/** Longest CV text kept, in characters (a long, dense four-page CV is about 20,000). */
export const MAX_CV_TEXT_CHARS = 40_000;
/** Shortest text worth calling a CV. */
export const MIN_CV_TEXT_CHARS = 40;
/** The base64 of the largest file, and no more. */
export const MAX_CV_BASE64_CHARS = Math.ceil(MAX_CV_FILE_BYTES / 3) * 4;

const cvFormatSchema = z.enum(["pdf", "docx", "text"]);
export type CvFormat = z.infer<typeof cvFormatSchema>;

const fileNameSchema = z
  .string({ error: "fileName must be a string" })
  .trim()
  .min(1, "fileName must not be blank")
  .max(200, "fileName must be at most 200 characters");

export const readCvRequestSchema = z.strictObject({
  fileName: fileNameSchema,
  /** The file's bytes, base64 (a `data:` URL prefix is allowed). */
  data: z.string({ error: "data must be the file as a base64 string" }),
});

export const readCvResponseSchema = z.object({
  /** What was found in the file, for the user to review (and correct) before it is saved. */
  text: z.string(),
  format: cvFormatSchema,
  /** The file ran past what is kept: the text is its beginning. */
  truncated: z.boolean(),
});
export type ReadCvResponse = z.infer<typeof readCvResponseSchema>;

export const saveCvRequestSchema = z.strictObject({
  text: z
    .string({ error: "text must be a string" })
    .trim()
    .min(MIN_CV_TEXT_CHARS, `text must be at least ${MIN_CV_TEXT_CHARS} characters`)
    .max(MAX_CV_TEXT_CHARS, `text must be at most ${MAX_CV_TEXT_CHARS} characters`),
  /** The uploaded file's name, or null when the text was pasted. */
  fileName: fileNameSchema.nullable().optional(),
  format: cvFormatSchema.optional(),
});
export type SaveCvRequest = z.infer<typeof saveCvRequestSchema>;

export const cvJobSchema = z.object({
  title: z.string(),
  employer: z.string(),
  /** As written ("2019 – 2023", "Mar 2021 – Present"); empty when none was found. */
  dates: z.string(),
});
export type CvJob = z.infer<typeof cvJobSchema>;

/** What was understood from a CV: its jobs, skills and tools, and achievements. */
export const cvProfileSchema = z.object({
  jobs: z.array(cvJobSchema).max(20),
  skills: z.array(z.string()).max(40),
  /** Lines that claim a result, numbers and all ("Cut release time by 40%"). */
  achievements: z.array(z.string()).max(20),
});
export type CvProfile = z.infer<typeof cvProfileSchema>;

export const cvSchema = z.object({
  fileName: z.string().nullable(),
  format: cvFormatSchema,
  text: z.string(),
  profile: cvProfileSchema,
  /** Which reader understood it: the offline rules, or the configured chat model. */
  reader: z.enum(["offline", "openai"]),
  updatedAt: z.string(),
});
export type Cv = z.infer<typeof cvSchema>;

export const getCvResponseSchema = z.object({
  cv: cvSchema.nullable(),
  /**
   * A cloud chat model is configured, so a saved CV is sent to it to be understood (and its
   * questions asked by it); false: it never leaves this server.
   */
  cloud: z.boolean(),
});

export const deleteCvResponseSchema = z.object({ deleted: z.boolean() });
