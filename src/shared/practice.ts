import { z } from "zod";
import { MAX_QUESTION_CHARS } from "./practice-limits";

/**
 * Payloads of the practice functions (`POST /functions/v1/{name}`), used by both sides.
 * The server checks the audio itself (base64, WebM/Opus, size, duration) and answers each
 * problem with its own machine code; these schemas cover the shape only.
 */

export const transcribeAudioRequestSchema = z.object({
  /** Base64 of a WebM/Opus recording; a `data:audio/webm;base64,` prefix is tolerated. */
  audio: z.string({ error: "audio must be a base64 string" }),
});
export type TranscribeAudioRequest = z.infer<typeof transcribeAudioRequestSchema>;

export const transcribeAudioResponseSchema = z.object({
  text: z.string(),
  /** Which engine produced the text, e.g. "offline" or "openai:gpt-4o-mini-transcribe". */
  source: z.string(),
  confidence: z.number().min(0).max(1).optional(),
  /** The engine doubts what it heard: the UI asks the user to check the question. */
  uncertain: z.boolean().optional(),
});
export type TranscribeAudioResponse = z.infer<typeof transcribeAudioResponseSchema>;

export const generateAnswerRequestSchema = z.object({
  question: z
    .string({ error: "question must be a string" })
    .trim()
    .min(1, "question must not be blank")
    .max(MAX_QUESTION_CHARS, `question must be at most ${MAX_QUESTION_CHARS} characters`),
  /** Ask for `text/event-stream` instead of one JSON answer. */
  stream: z.boolean({ error: "stream must be true or false" }).optional(),
});

export const generateAnswerResponseSchema = z.object({
  answer: z.string(),
  source: z.string(),
});
export type GenerateAnswerResponse = z.infer<typeof generateAnswerResponseSchema>;

/**
 * The streamed answer (`stream: true`) is server-sent events:
 *   data: {"delta":"..."}                    one or more, in order; the answer is their concatenation
 *   event: done   data: {"source":"..."}     last event of a successful answer
 *   event: error  data: {"error":{code,message}}  last event when the engine fails mid-answer
 * Lines starting with ":" are keep-alive comments.
 */
export const answerDeltaEventSchema = z.object({ delta: z.string() });
export const answerDoneEventSchema = z.object({ source: z.string() });
export const answerErrorEventSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

export const practiceConfigResponseSchema = z.object({
  transcriber: z.string(),
  answerer: z.string(),
  limits: z.object({
    maxRecordingSeconds: z.number(),
    maxAudioBytes: z.number(),
    maxQuestionChars: z.number(),
  }),
});
export type PracticeConfigResponse = z.infer<typeof practiceConfigResponseSchema>;

/** A person-readable name for an engine `source`, e.g. "OpenAI gpt-4o-mini". */
export function describeEngine(source: string): string {
  if (source === "offline") return "the built-in offline recogniser";
  if (source === "offline-library") return "the built-in interview library";
  const [kind, ...rest] = source.split(":");
  const model = rest.join(":");
  if (kind === "openai" && model) return `OpenAI ${model}`;
  if (kind === "openai-compatible" && model) return `${model} (OpenAI-compatible server)`;
  return source;
}
