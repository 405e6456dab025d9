import { z } from "zod";
import { deliverySchema, feedbackSchema } from "./feedback";
import { levelSchema, roleIdSchema } from "./roles";

/**
 * Practice sessions, history and progress (docs/decisions/0072): the functions
 * start-session, list-attempts, list-history, get-attempt, get-session, progress, export-my-data,
 * delete-my-history, and the AI Interviewer's save-interview-progress and resume-interview. A user only ever reaches their own rows.
 */

const practiceModes = ["interview", "quick", "company"] as const;
export const practiceModeSchema = z.enum(practiceModes, {
  error: "mode must be interview, quick or company",
});
export type PracticeMode = z.infer<typeof practiceModeSchema>;
/** Where an attempt came from: a session's mode, or the user's own recorded question. */
const attemptModeSchema = z.enum([...practiceModes, "own"]);

/** What the pages call each mode (the landing page's names). */
export const modeLabels: Record<z.infer<typeof attemptModeSchema>, string> = {
  interview: "AI Interviewer",
  quick: "Quick Practice",
  company: "Company Specific",
  own: "Own question",
};

export const interviewLengths = [3, 5, 8] as const;

/** Quick Practice's categories, as the question bank names them, with their labels. */
export const practiceCategories = [
  { id: "behavioural", label: "Behavioural" },
  { id: "situational", label: "Situational" },
  { id: "motivational", label: "Motivation" },
  { id: "strengths-weaknesses", label: "Strengths and weaknesses" },
  { id: "career", label: "Career goals" },
  { id: "teamwork", label: "Teamwork" },
  { id: "leadership", label: "Leadership" },
  { id: "customer", label: "Customers" },
  { id: "background", label: "About you" },
  { id: "closing", label: "Closing questions" },
  { id: "technical", label: "Role knowledge" },
] as const;

/**
 * A category a request may name: one of the bank's, never free text, so a misspelt one is refused
 * rather than quietly answered with a question of another.
 */
export const practiceCategorySchema = z.enum(
  practiceCategories.map((category) => category.id) as [
    (typeof practiceCategories)[number]["id"],
    ...(typeof practiceCategories)[number]["id"][],
  ],
  { error: `category must be one of: ${practiceCategories.map((c) => c.id).join(", ")}` },
);
export type PracticeCategory = z.infer<typeof practiceCategorySchema>;
/** Longest job post pasted into Company Specific, in characters (about 3,000 words). */
export const MAX_JOB_POST_CHARS = 20_000;

const company = z
  .string({ error: "company must be a string" })
  .trim()
  .min(1, "company must not be blank")
  .max(100, "company must be at most 100 characters");

/**
 * How hard the AI Interviewer presses (docs/decisions/0105): which gaps draw a follow-up and how
 * it acknowledges an answer.
 */
export const pressures = ["friendly", "realistic", "tough"] as const;
export const pressureSchema = z.enum(pressures, {
  error: "pressure must be friendly, realistic or tough",
});
export type Pressure = z.infer<typeof pressureSchema>;

export const startSessionRequestSchema = z.discriminatedUnion(
  "mode",
  [
    z.strictObject({
      mode: z.literal("interview"),
      role: roleIdSchema,
      level: levelSchema,
      pressure: pressureSchema.optional(),
      /** Mix in questions from the user's saved CV (docs/decisions/0110). */
      useCv: z.boolean().optional(),
      length: z.union(
        interviewLengths.map((n) => z.literal(n)),
        {
          error: "length must be 3, 5 or 8",
        },
      ),
    }),
    z.strictObject({
      mode: z.literal("quick"),
      /** A bank category, or none for "surprise me". */
      category: practiceCategorySchema.optional(),
      role: roleIdSchema.optional(),
    }),
    z.strictObject({
      mode: z.literal("company"),
      company,
      role: roleIdSchema,
      level: levelSchema.optional(),
      jobPost: z
        .string({ error: "jobPost must be a string" })
        .trim()
        .max(MAX_JOB_POST_CHARS, `jobPost must be at most ${MAX_JOB_POST_CHARS} characters`)
        .optional(),
      useCv: z.boolean().optional(),
    }),
  ],
  { error: "mode must be interview, quick or company" },
);
export type StartSessionRequest = z.infer<typeof startSessionRequestSchema>;

/** Where a session question came from. */
const questionSourceSchema = z.enum(["general", "role", "job-post", "company", "cv"]);

export const sessionQuestionSchema = z.object({
  /** Position in the session, from 0; an answer names it as `attemptOf: "{session}:{index}"`. */
  index: z.number().int().min(0),
  question: z.string(),
  category: z.string(),
  source: questionSourceSchema,
  /** The bank entry, when the question is one of ours. */
  bankId: z.string().nullable(),
});
export type SessionQuestion = z.infer<typeof sessionQuestionSchema>;

/**
 * Where an AI Interviewer session stands, saved by the page at every turn (save-interview-progress,
 * docs/decisions/0104): the question being asked, the follow-up being asked (null when the
 * question itself is), the questions skipped, and whether the interview has ended.
 */
export const interviewProgressSchema = z.strictObject({
  at: z.number().int().min(0),
  followUp: z.string().trim().min(1).max(300).nullable(),
  skipped: z.array(z.number().int().min(0)).max(20),
  finished: z.boolean(),
});
export type InterviewProgress = z.infer<typeof interviewProgressSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  mode: practiceModeSchema,
  role: z.string().nullable(),
  level: z.string().nullable(),
  company: z.string().nullable(),
  questions: z.array(sessionQuestionSchema).min(1),
  /** AI Interviewer only (null for the other modes). */
  pressure: pressureSchema.nullable(),
  progress: interviewProgressSchema.nullable(),
  createdAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const saveInterviewProgressRequestSchema = interviewProgressSchema.extend({
  id: z.uuid({ error: "id must be a UUID" }),
});

/**
 * resume-interview: the user's newest AI Interviewer session left unfinished in the last day, with
 * what they said so far (every answer's transcript, in order), or null.
 */
export const resumeInterviewResponseSchema = z.object({
  interview: z
    .object({
      session: sessionSchema,
      answers: z.array(
        z.object({
          questionIndex: z.number().int(),
          followUp: z.boolean(),
          transcript: z.string(),
        }),
      ),
    })
    .nullable(),
});
export type ResumeInterview = NonNullable<
  z.infer<typeof resumeInterviewResponseSchema>["interview"]
>;

const scoresSchema = feedbackSchema.shape.scores;

export const attemptSummarySchema = z.object({
  id: z.string(),
  question: z.string(),
  mode: attemptModeSchema,
  role: z.string().nullable(),
  category: z.string().nullable(),
  sessionId: z.string().nullable(),
  questionIndex: z.number().int().nullable(),
  followUp: z.boolean(),
  scores: scoresSchema,
  approximate: z.boolean(),
  /** The user corrected the transcript and it was scored again (docs/decisions/0092). */
  corrected: z.boolean(),
  createdAt: z.string(),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

const MAX_LIST_LIMIT = 50;

/** Where a history page ends: the last attempt's time (to the millisecond) and id. */
export type AttemptsCursor = { createdAt: Date; id: string };

/**
 * The times a cursor may name. Beyond them JavaScript still has dates (to the year 275760) that
 * the database cannot read, which made a forged cursor a 500; no attempt is older or newer.
 */
const CURSOR_YEARS = { min: 2000, max: 9999 } as const;

/** `{time}|{id}` in base64url; browsers and Node both have btoa/atob, so one codec serves both. */
export function encodeAttemptsCursor(cursor: AttemptsCursor): string {
  return btoa(`${cursor.createdAt.toISOString()}|${cursor.id}`)
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The cursor `encodeAttemptsCursor` made, or null for anything else (forged, cut, mangled). */
function decodeAttemptsCursor(value: string): AttemptsCursor | null {
  let text: string;
  try {
    text = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const [time = "", id = "", ...rest] = text.split("|");
  if (rest.length > 0 || !z.uuid().safeParse(id).success) return null;
  const createdAt = new Date(time);
  const year = createdAt.getUTCFullYear();
  // Only the exact form toISOString writes: no other calendar, no 31 February rolled over.
  if (Number.isNaN(year) || createdAt.toISOString() !== time) return null;
  if (year < CURSOR_YEARS.min || year > CURSOR_YEARS.max) return null;
  return { createdAt, id: id.toLowerCase() };
}

const attemptsCursorSchema = z
  .string({ error: "cursor must be a string" })
  .max(200, "cursor is not valid")
  .transform((value, ctx) => {
    const cursor = decodeAttemptsCursor(value);
    if (!cursor) {
      ctx.addIssue({ code: "custom", message: "cursor is not one this server gave out" });
      return z.NEVER;
    }
    return cursor;
  });

export const listAttemptsRequestSchema = z.strictObject({
  /** The previous page's `nextCursor`. */
  cursor: attemptsCursorSchema.optional(),
  mode: attemptModeSchema.optional(),
  role: roleIdSchema.optional(),
  category: practiceCategorySchema.optional(),
  limit: z.number().int().min(1).max(MAX_LIST_LIMIT).optional(),
});
export type ListAttemptsRequest = z.infer<typeof listAttemptsRequestSchema>;

export const listAttemptsResponseSchema = z.object({
  attempts: z.array(attemptSummarySchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ListAttemptsResponse = z.infer<typeof listAttemptsResponseSchema>;

/** How many of a question's newest scores an entry carries for its trend. */
export const HISTORY_TREND_POINTS = 10;

const historyEntrySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("question"),
    /** The newest try, which the entry opens. */
    latest: attemptSummarySchema,
    tries: z.number().int().min(1),
    /** The newest tries' overall scores, oldest first (at most `HISTORY_TREND_POINTS`). */
    trend: z.array(z.number()),
  }),
  z.object({
    kind: z.literal("session"),
    session: z.object({
      id: z.string(),
      mode: practiceModeSchema,
      role: z.string().nullable(),
      level: z.string().nullable(),
      company: z.string().nullable(),
      pressure: pressureSchema.nullable(),
      questionCount: z.number().int(),
      createdAt: z.string(),
    }),
    /** The session's answers (those the filters keep), in the order they were given. */
    answers: z.array(attemptSummarySchema).min(1),
  }),
]);
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * list-history takes list-attempts' request (its filters and cursor) and answers a page of
 * entries: every try of one question outside a session together, and every answer of one AI
 * Interviewer or Company Specific session under that session, ordered by their newest answer.
 */
export const listHistoryResponseSchema = z.object({
  entries: z.array(historyEntrySchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const idRequestSchema = z.strictObject({
  id: z.uuid({ error: "id must be a UUID" }),
});

/** One attempt with its whole feedback, and this question's earlier and later scores. */
export const attemptDetailSchema = attemptSummarySchema.extend({
  transcript: z.string(),
  source: feedbackSchema.shape.source,
  delivery: deliverySchema.nullable(),
  structure: feedbackSchema.shape.structure,
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
  summary: z.string(),
  /** What each line of feedback rests on; absent on answers stored before it was kept. */
  evidence: feedbackSchema.shape.evidence,
  /** Every attempt at the same question, oldest first (at most the last 20). */
  trend: z.array(z.object({ id: z.string(), overall: z.number(), createdAt: z.string() })),
});
export type AttemptDetail = z.infer<typeof attemptDetailSchema>;

const averagesSchema = z.object({
  overall: z.number(),
  clarity: z.number(),
  relevance: z.number(),
  timing: z.number(),
});

/** The end-of-session report: averages, best and weakest answer, what to work on next. */
export const sessionReportSchema = z.object({
  /** Questions of the session answered at least once. */
  answered: z.number().int(),
  averages: averagesSchema.nullable(),
  best: z.object({ attemptId: z.string(), question: z.string(), overall: z.number() }).nullable(),
  weakest: z
    .object({ attemptId: z.string(), question: z.string(), overall: z.number() })
    .nullable(),
  workOn: z.array(z.object({ text: z.string(), attemptId: z.string() })).max(3),
});
export type SessionReport = z.infer<typeof sessionReportSchema>;

export const sessionDetailSchema = sessionSchema.extend({
  /** With what was heard (or typed), for the interview's report. */
  attempts: z.array(attemptSummarySchema.extend({ transcript: z.string() })),
  report: sessionReportSchema,
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

export const progressRequestSchema = z.strictObject({
  limit: z.number().int().min(1).max(2000).optional(),
});

export const progressResponseSchema = z.object({
  /** One point per attempt, oldest first: the newest `limit` (100 unless asked) of them. */
  points: z.array(
    z.object({
      attemptId: z.string(),
      /** The question answered, for the chart's labels. */
      question: z.string(),
      date: z.string(),
      overall: z.number(),
      clarity: z.number(),
      relevance: z.number(),
      timing: z.number(),
    }),
  ),
  total: z.number().int(),
  /** Answers in the last 7 days. */
  thisWeek: z.number().int(),
  /** Days in a row, up to today (or yesterday), with at least one answer. */
  streakDays: z.number().int(),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

/**
 * export-my-data: everything held about the user, downloaded as a file. Loose objects: the file
 * keeps every field the server writes, as it wrote it.
 */
const exportedRowsSchema = z.array(z.record(z.string(), z.unknown()));
export const exportMyDataResponseSchema = z.looseObject({
  exportedAt: z.string(),
  account: z.looseObject({ id: z.string(), email: z.string(), createdAt: z.string() }),
  subscription: z.record(z.string(), z.unknown()).nullable(),
  sessions: exportedRowsSchema,
  attempts: exportedRowsSchema,
  /** The user's CV as kept (docs/decisions/0110), or null. */
  cv: z.record(z.string(), z.unknown()).nullable(),
  /** The user's share links (never their tokens) with the comments left through each. */
  shares: exportedRowsSchema,
});

/** delete-my-history: how many answers and sessions are gone, and whether a CV was. */
export const deleteMyHistoryResponseSchema = z.object({
  deleted: z.object({ attempts: z.number().int(), sessions: z.number().int(), cv: z.boolean() }),
});
