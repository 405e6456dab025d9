import { z } from "zod";
import { MAX_QUESTION_CHARS } from "./practice-limits";

/**
 * `POST /functions/v1/evaluate-answer` (docs/contracts/feedback.md): the user's own answer, spoken or
 * typed, scored like the landing page's sample card. Used by both sides; the server checks the
 * audio itself (base64, WebM/Opus, length) as it does for transcribe-audio.
 */

/** Longest spoken answer, in seconds. */
export const MAX_ANSWER_RECORDING_SECONDS = 180;
/** Longest typed answer, in characters (after trimming). */
export const MAX_TYPED_ANSWER_CHARS = 5000;
/** Audio of a 3-minute answer is ~0.8 MB of Opus at 32 kbit/s; the cap leaves room. */
export const MAX_ANSWER_AUDIO_BYTES = 6 * 1024 * 1024;
const MAX_ANSWER_AUDIO_BASE64_CHARS = Math.ceil(MAX_ANSWER_AUDIO_BYTES / 3) * 4;
/** Body limit of evaluate-answer: the audio's base64 (or the answer's text) plus the rest. */
export const MAX_EVALUATE_BODY_BYTES = MAX_ANSWER_AUDIO_BASE64_CHARS + 64 * 1024;

/** Words per minute most listeners find comfortable in an interview. */
export const COMFORTABLE_WORDS_PER_MINUTE = { min: 120, max: 170 } as const;

/** Where an answer belongs in a practice session (`attemptOf`; docs/decisions/0072). */
export type SessionQuestionRef = { sessionId: string; index: number; followUp: boolean };

/** `attemptOf` in the session form, `"{session}:{index}"` or `"{session}:{index}:follow-up"`. */
const SESSION_SHAPED = /^([^:]{36}):(\d{1,3})(:follow-up)?$/i;

/**
 * The session question `attemptOf` names, or null for any other value (kept as the client gave
 * it). The id must be a UUID: one of 36 other characters once reached the database and failed
 * there (a 500), so the request schema refuses it instead.
 */
export function sessionQuestionOf(attemptOf: string): SessionQuestionRef | null {
  const match = SESSION_SHAPED.exec(attemptOf);
  if (!match || !z.uuid().safeParse(match[1]).success) return null;
  return { sessionId: match[1]!.toLowerCase(), index: Number(match[2]), followUp: !!match[3] };
}

/** A letter or a digit in any script: text without one (".", "?!", marks alone) has no words. */
export const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

export const evaluateAnswerRequestSchema = z
  .object({
    question: z
      .string({ error: "question must be a string" })
      .trim()
      .min(1, "question must not be blank")
      .max(MAX_QUESTION_CHARS, `question must be at most ${MAX_QUESTION_CHARS} characters`),
    /** Base64 of a WebM/Opus recording; a `data:audio/webm;base64,` prefix is tolerated. */
    audio: z
      .string({ error: "audio must be a base64 string" })
      .max(MAX_ANSWER_AUDIO_BASE64_CHARS, "audio is too large")
      .optional(),
    answer: z
      .string({ error: "answer must be a string" })
      .trim()
      .min(1, "answer must not be blank")
      .max(MAX_TYPED_ANSWER_CHARS, `answer must be at most ${MAX_TYPED_ANSWER_CHARS} characters`)
      .refine(hasWords, "answer must have words in it")
      .optional(),
    /** The practice session question this answers (history); optional. */
    attemptOf: z
      .string({ error: "attemptOf must be a string" })
      .trim()
      .min(1)
      .max(100)
      .refine((value) => !SESSION_SHAPED.test(value) || sessionQuestionOf(value) !== null, {
        message: 'attemptOf names a session question as "{session id, a UUID}:{index}"',
      })
      .optional(),
    /**
     * A key the client makes once per answer (a UUID) and sends again with every retry of it: an
     * answer that arrived although its response was lost is then answered from what was stored,
     * not stored (and counted) twice.
     */
    answerId: z.uuid("answerId must be a UUID").optional(),
  })
  .refine((request) => (request.audio === undefined) !== (request.answer === undefined), {
    message: "send exactly one of audio (a recording) or answer (typed text)",
    path: ["audio"],
  });
export type EvaluateAnswerRequest = z.infer<typeof evaluateAnswerRequestSchema>;

/**
 * `POST /functions/v1/correct-transcript` (docs/decisions/0092): the user's correction of what the
 * recogniser heard in one of their spoken answers. The same attempt is scored again from these
 * words, keeping the recording's delivery, and updated in place (not a new try).
 */
export const correctTranscriptRequestSchema = z.strictObject({
  attemptId: z.uuid({ error: "attemptId must be a UUID" }),
  transcript: z
    .string({ error: "transcript must be a string" })
    .trim()
    .min(1, "transcript must not be blank")
    .max(MAX_TYPED_ANSWER_CHARS, `transcript must be at most ${MAX_TYPED_ANSWER_CHARS} characters`)
    .refine(hasWords, "transcript must have words in it"),
});
export type CorrectTranscriptRequest = z.infer<typeof correctTranscriptRequestSchema>;
/** A corrected transcript's body: its text, escaped as JSON at worst, and the id. */
export const MAX_CORRECT_TRANSCRIPT_BODY_BYTES = MAX_TYPED_ANSWER_CHARS * 6 + 4 * 1024;

/**
 * `POST /functions/v1/answer-draft` (docs/decisions/0070): while the user is still speaking, the
 * recorder's chunks go ahead of the answer, in order, so the offline recogniser can start on them.
 * Best effort: the answer itself is still sent whole to evaluate-answer.
 */
export const MAX_DRAFT_CHUNK_BYTES = 512 * 1024;
export const MAX_DRAFT_BODY_BYTES = Math.ceil(MAX_DRAFT_CHUNK_BYTES / 3) * 4 + 16 * 1024;

export const answerDraftRequestSchema = z.object({
  /** The client's name for the recording; chunk 0 starts a new draft. */
  draft: z.string().trim().min(1).max(100),
  seq: z.number().int().min(0).max(10_000),
  /** Base64 of the recorder's next bytes. */
  chunk: z
    .base64("chunk must be base64")
    .min(1, "chunk must not be empty")
    .max(Math.ceil(MAX_DRAFT_CHUNK_BYTES / 3) * 4, "chunk is too large"),
  /** The last chunk: the recording has stopped. */
  done: z.boolean().optional(),
  question: evaluateAnswerRequestSchema.shape.question,
  /**
   * The speaker has paused: say whether what was heard so far is a finished thought (`thought`),
   * waiting briefly for the recogniser (the AI Interviewer's end of turn, docs/decisions/0104).
   */
  listen: z.boolean().optional(),
});
export type AnswerDraftRequest = z.infer<typeof answerDraftRequestSchema>;

/** `drafting: false`: this engine listens to whole answers only; stop sending chunks. */
export const answerDraftResponseSchema = z.object({
  drafting: z.boolean(),
  /**
   * Asked with `listen`: "finished" when the words heard so far already complete the answer (a
   * story with its result, a reason given), "open" when not, absent when nothing is heard yet.
   */
  thought: z.enum(["finished", "open"]).optional(),
});
export type AnswerDraftResponse = z.infer<typeof answerDraftResponseSchema>;

/**
 * `POST /functions/v1/queue-status` (docs/decisions/0085): where the user's spoken answer is while
 * evaluate-answer waits for the offline recogniser: queued (1 = next to start), being heard, or
 * nowhere (no answer waiting, or an engine without a queue).
 */
export const queueStatusSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("queued"), position: z.number().int().min(1) }),
  z.object({ state: z.literal("running") }),
  z.object({ state: z.literal("idle") }),
]);
export type QueueStatus = z.infer<typeof queueStatusSchema>;

/** A score from 1.0 to 5.0 with one decimal. */
const scoreSchema = z.number().min(1).max(5);

const scoresSchema = z.object({
  overall: scoreSchema,
  clarity: scoreSchema,
  relevance: scoreSchema,
  timing: scoreSchema,
});

export const deliverySchema = z.object({
  durationSeconds: z.number().min(0),
  speakingSeconds: z.number().min(0),
  /** Words, not fillers, over the speaking time. */
  wordsPerMinute: z.number().min(0),
  fillerWords: z.object({
    count: z.number().int().min(0),
    words: z.record(z.string(), z.number().int().min(0)),
  }),
  longestPauseSeconds: z.number().min(0),
});
export type Delivery = z.infer<typeof deliverySchema>;

const structureSchema = z.object({
  situation: z.boolean(),
  task: z.boolean(),
  action: z.boolean(),
  result: z.boolean(),
});

/**
 * What a line of feedback rests on (docs/decisions/0091): the words of the answer it quotes (a
 * span of the transcript, by character offsets), and/or the measurement it was drawn from.
 */
export const evidenceSchema = z.object({
  quote: z
    .object({
      start: z.number().int().min(0),
      end: z.number().int().min(0),
      text: z.string(),
    })
    .nullable(),
  basis: z.string().nullable(),
});
export type Evidence = z.infer<typeof evidenceSchema>;
export type Claim = { text: string; evidence: Evidence };

export const feedbackSchema = z.object({
  /** The stored attempt. */
  id: z.string(),
  transcript: z.string(),
  source: z.object({
    transcriber: z.enum(["openai", "offline", "typed"]),
    evaluator: z.enum(["openai", "offline"]),
  }),
  scores: scoresSchema,
  /** null for a typed answer. */
  delivery: deliverySchema.nullable(),
  /** null when the question is not about a past situation. */
  structure: structureSchema.nullable(),
  strengths: z.array(z.string()).min(1).max(3),
  improvements: z.array(z.string()).min(1).max(3),
  summary: z.string(),
  /**
   * Ours, beyond the contract: the evidence of each strength and improvement, in the same order
   * (absent on answers stored before it existed).
   */
  evidence: z
    .object({ strengths: z.array(evidenceSchema), improvements: z.array(evidenceSchema) })
    .optional(),
  /**
   * Ours, beyond the contract (docs/decisions/0067): true when the transcript is the offline
   * recogniser's best guess and it was unsure, so the page labels it "approximate" and the
   * feedback says how far to trust it.
   */
  approximate: z.boolean(),
  /**
   * Ours, beyond the contract (docs/decisions/0092): true once the user corrected the transcript
   * of this spoken answer and it was scored again from their words (absent or false otherwise).
   */
  corrected: z.boolean().optional(),
  /**
   * Ours, beyond the contract (docs/decisions/0072): in an AI Interviewer session, the interviewer's one
   * follow-up question when the answer left something out; null when it did not.
   */
  followUp: z.string().nullable().optional(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
