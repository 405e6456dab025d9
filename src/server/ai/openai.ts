import OpenAI, { toFile } from "openai";
import { AudioFormatError } from "@/server/audio/webm";
import { decodeWebmOpus, RecordingTooLongError } from "@/server/audio/decode";
import type { Logger } from "@/server/logger";
import { z } from "zod";
import { cvProfileSchema } from "@/shared/cv";
import { feedbackSchema } from "@/shared/feedback";
import {
  callWithRetries,
  Deadline,
  ProviderBusyError,
  retryAfterMs,
  type RetryVerdict,
} from "@/server/provider-calls";
import {
  EngineError,
  type Answerer,
  type AnswerTranscriber,
  type AudioInput,
  type CvReader,
  type Evaluation,
  type Evaluator,
  type HeardAnswer,
  type QuestionWriter,
  type Transcriber,
  type Transcript,
} from "./engine";
import {
  ANSWER_SYSTEM_PROMPT,
  CV_READER_PROMPT,
  EVALUATE_SYSTEM_PROMPT,
  JOB_POST_QUESTIONS_PROMPT,
  TRANSCRIBE_PROMPT,
  answerUserMessage,
  evaluateUserMessage,
} from "./prompts";

/**
 * Engines that talk to any OpenAI-compatible server: OpenAI itself, a gateway, or a local
 * Ollama / vLLM / llama.cpp / LocalAI. 429 and 5xx answers are retried with back-off (honouring
 * Retry-After) inside the call's deadline (provider-calls.ts), and a streamed answer also has an
 * idle limit between tokens, so nothing hangs.
 */

export type OpenAIEngineOptions = {
  apiKey: string | undefined;
  /** Without one, OpenAI's own API. */
  baseURL: string | undefined;
  model: string;
  /** Deadline of a transcription; for an answer, the wait for the first token and between tokens. */
  timeoutMs: number;
  /** Retries of a 429, 5xx or connection failure, within the deadline. */
  maxRetries: number;
  logger: Logger;
};

/** Longest answer passed on; a runaway model is cut off here. */
const MAX_ANSWER_CHARS = 8000;

function client(options: OpenAIEngineOptions) {
  return new OpenAI({
    // Local servers need no key, but the SDK insists on one.
    apiKey: options.apiKey || "not-needed",
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    // Ours, not the SDK's: its back-off sleeps ignore the deadline (provider-calls.ts).
    maxRetries: 0,
  });
}

/** "openai:gpt-4o-mini" on OpenAI's API, "openai-compatible:llama3.2" on any other server. */
export function openAISource(options: Pick<OpenAIEngineOptions, "baseURL" | "model">): string {
  const own = !options.baseURL || new URL(options.baseURL).hostname === "api.openai.com";
  return `${own ? "openai" : "openai-compatible"}:${options.model}`;
}

export function createOpenAITranscriber(options: OpenAIEngineOptions): Transcriber {
  const openai = client(options);
  const source = openAISource(options);
  return {
    source,
    async transcribe(audio: AudioInput, signal?: AbortSignal): Promise<Transcript> {
      const deadline = new Deadline(options.timeoutMs, signal);
      try {
        const file = await toFile(audio.bytes, "recording.webm", { type: audio.mimeType });
        const result = await callWithRetries({
          deadline,
          maxRetries: options.maxRetries,
          classify: retryable,
          attempt: (signal) =>
            openai.audio.transcriptions.create(
              { file, model: options.model, prompt: TRANSCRIBE_PROMPT, response_format: "json" },
              { signal },
            ),
        });
        const text = (typeof result === "string" ? result : (result.text ?? "")).trim();
        if (!text || !/[\p{L}\p{N}]/u.test(text)) {
          throw new EngineError(
            "unrecognised",
            "We couldn't make out a question — try again closer to the microphone, or type it.",
          );
        }
        // Speech models tend to "hear" a word or two in silence or noise: ask the user to check.
        const words = text.split(/\s+/).filter(Boolean).length;
        return words < 3 ? { text, source, uncertain: true } : { text, source };
      } catch (error) {
        throw engineError(error, deadline, options.logger, "transcription");
      } finally {
        deadline.clear();
      }
    },
  };
}

export function createOpenAIAnswerer(options: OpenAIEngineOptions): Answerer {
  const openai = client(options);
  const source = openAISource(options);
  return {
    source,
    async *answer(question: string, signal?: AbortSignal): AsyncIterable<string> {
      const deadline = new Deadline(options.timeoutMs, signal);
      let length = 0;
      try {
        const { data: stream, response } = await callWithRetries({
          deadline,
          maxRetries: options.maxRetries,
          classify: retryable,
          attempt: (signal) =>
            openai.chat.completions
              .create(
                {
                  model: options.model,
                  stream: true,
                  temperature: 0.7,
                  messages: [
                    { role: "system", content: ANSWER_SYSTEM_PROMPT },
                    { role: "user", content: answerUserMessage(question) },
                  ],
                },
                { signal },
              )
              .withResponse(),
        });
        deadline.restart();
        // Some servers and gateways ignore `stream: true` and send one JSON completion.
        if ((response.headers.get("content-type") ?? "").includes("application/json")) {
          const completion = (await response.json()) as {
            choices?: { message?: { content?: string | null } }[];
          };
          const content = completion.choices?.[0]?.message?.content ?? "";
          if (!content.trim()) {
            throw new EngineError("upstream", "The AI service returned an empty answer.");
          }
          yield content.slice(0, MAX_ANSWER_CHARS);
          return;
        }
        for await (const chunk of stream) {
          deadline.restart();
          const delta = chunk.choices?.[0]?.delta?.content;
          if (!delta) continue;
          const room = MAX_ANSWER_CHARS - length;
          const piece = delta.length > room ? delta.slice(0, room) : delta;
          length += piece.length;
          yield piece;
          if (length >= MAX_ANSWER_CHARS) break;
        }
        // The SDK ends the iteration quietly when the request is aborted: say why it ended.
        if (deadline.signal.aborted) throw deadline.signal.reason ?? new Error("aborted");
        if (length === 0) {
          throw new EngineError("upstream", "The AI service returned an empty answer.");
        }
      } catch (error) {
        throw engineError(error, deadline, options.logger, "answer");
      } finally {
        deadline.clear();
      }
    },
  };
}

/**
 * The user's spoken answer: transcribed with word timestamps where the server offers them
 * (`verbose_json`, as whisper-1 does; models without it answer 400 and get a plain transcript),
 * and decoded here too, for delivery figures we measure ourselves.
 */
export function createOpenAIAnswerTranscriber(
  options: OpenAIEngineOptions & { maxSeconds: number },
): AnswerTranscriber {
  const openai = client(options);
  return {
    source: "openai",
    async transcribe(audio, question, signal): Promise<HeardAnswer> {
      let decoded;
      try {
        decoded = await decodeWebmOpus(audio.bytes, {
          sampleRate: 16_000,
          maxSeconds: options.maxSeconds,
        });
      } catch (error) {
        if (error instanceof AudioFormatError || error instanceof RecordingTooLongError) {
          throw new EngineError("invalid_audio", error.message, { cause: error });
        }
        throw error;
      }
      const deadline = new Deadline(options.timeoutMs, signal);
      try {
        const file = await toFile(audio.bytes, "answer.webm", { type: audio.mimeType });
        const transcribe = (timestamps: boolean) =>
          callWithRetries({
            deadline,
            maxRetries: options.maxRetries,
            classify: retryable,
            attempt: (attemptSignal) =>
              openai.audio.transcriptions.create(
                timestamps
                  ? {
                      file,
                      model: options.model,
                      prompt: question,
                      response_format: "verbose_json",
                      timestamp_granularities: ["word"],
                    }
                  : { file, model: options.model, prompt: question, response_format: "json" },
                { signal: attemptSignal },
              ),
          });
        let result: { text?: string; words?: { word: string; start: number; end: number }[] };
        try {
          result = await transcribe(true);
        } catch (error) {
          if (!(error instanceof OpenAI.APIError && error.status === 400)) throw error;
          result = await transcribe(false);
        }
        const text = (result.text ?? "").trim();
        if (!/[\p{L}\p{N}]/u.test(text)) {
          throw new EngineError(
            "unrecognised",
            "We couldn't hear an answer in the recording — check the microphone and try again, or type it.",
          );
        }
        return {
          text,
          words: result.words?.map((w) => ({
            word: w.word,
            startSeconds: w.start,
            endSeconds: w.end,
          })),
          approximate: false,
          pcm: decoded.pcm,
          sampleRate: decoded.sampleRate,
          durationSeconds: decoded.durationSeconds,
        };
      } catch (error) {
        throw engineError(error, deadline, options.logger, "answer transcription");
      } finally {
        deadline.clear();
      }
    },
  };
}

/** What the chat model must return: the part of the feedback it writes, nothing measured. */
const evaluationSchema = feedbackSchema.pick({
  scores: true,
  structure: true,
  strengths: true,
  improvements: true,
  summary: true,
  followUp: true,
});

/** The same shape as JSON Schema for structured outputs (strict: every field required). */
const EVALUATION_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["scores", "structure", "strengths", "improvements", "summary", "followUp"],
  properties: {
    scores: {
      type: "object",
      additionalProperties: false,
      required: ["overall", "clarity", "relevance", "timing"],
      properties: Object.fromEntries(
        ["overall", "clarity", "relevance", "timing"].map((name) => [name, { type: "number" }]),
      ),
    },
    structure: {
      anyOf: [
        {
          type: "object",
          additionalProperties: false,
          required: ["situation", "task", "action", "result"],
          properties: Object.fromEntries(
            ["situation", "task", "action", "result"].map((name) => [name, { type: "boolean" }]),
          ),
        },
        { type: "null" },
      ],
    },
    strengths: { type: "array", items: { type: "string" } },
    improvements: { type: "array", items: { type: "string" } },
    summary: { type: "string" },
    followUp: { anyOf: [{ type: "string" }, { type: "null" }] },
  },
} as const;

const oneDecimal = (score: number) => Math.round(score * 10) / 10;

/**
 * One chat call with a JSON-schema structured output, validated by `parse` (the response's own
 * zod schema): an answer that does not match is asked for once more, then it is a 502.
 */
async function structuredChat<T>(
  openai: OpenAI,
  options: OpenAIEngineOptions,
  call: {
    what: string;
    name: string;
    schema: Record<string, unknown>;
    parse: (value: unknown) => { success: true; data: T } | { success: false };
    system: string;
    user: string;
  },
  signal?: AbortSignal,
): Promise<T> {
  const deadline = new Deadline(options.timeoutMs, signal);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      const completion = await callWithRetries({
        deadline,
        maxRetries: options.maxRetries,
        classify: retryable,
        attempt: (attemptSignal) =>
          openai.chat.completions.create(
            {
              model: options.model,
              temperature: 0.2,
              response_format: {
                type: "json_schema",
                json_schema: { name: call.name, strict: true, schema: call.schema },
              },
              messages: [
                { role: "system", content: call.system },
                { role: "user", content: call.user },
              ],
            },
            { signal: attemptSignal },
          ),
      });
      const parsed = call.parse(parseJson(completion.choices?.[0]?.message?.content ?? ""));
      if (parsed.success) return parsed.data;
      options.logger.warn({ attempt, what: call.what }, "AI answer did not match its schema");
    }
    throw new EngineError("upstream", `The AI service returned ${call.what} we could not read.`);
  } catch (error) {
    throw engineError(error, deadline, options.logger, call.what);
  } finally {
    deadline.clear();
  }
}

/** Feedback from a chat model (docs/contracts/feedback.md), nothing measured asked of it. */
export function createOpenAIEvaluator(options: OpenAIEngineOptions): Evaluator {
  const openai = client(options);
  return {
    source: "openai",
    async evaluate(input, signal): Promise<Evaluation> {
      const evaluation = await structuredChat(
        openai,
        options,
        {
          what: "feedback",
          name: "answer_feedback",
          schema: EVALUATION_JSON_SCHEMA,
          parse: (value) => evaluationSchema.safeParse(value),
          system: EVALUATE_SYSTEM_PROMPT,
          user: evaluateUserMessage({ ...input, modelAnswer: input.reference.modelAnswer }),
        },
        signal,
      );
      const { scores } = evaluation;
      return {
        ...evaluation,
        scores: {
          overall: oneDecimal(scores.overall),
          clarity: oneDecimal(scores.clarity),
          relevance: oneDecimal(scores.relevance),
          timing: oneDecimal(scores.timing),
        },
      };
    },
  };
}

const writtenQuestionsSchema = z.object({
  questions: z.array(z.string().trim().min(10).max(300)).min(1).max(5),
});

/**
 * Company Specific in cloud mode: the chat model writes interview questions from the job post's
 * requirements (decision 0072), checked by a schema; the offline chooser does the rest.
 */
export function createOpenAIQuestionWriter(options: OpenAIEngineOptions): QuestionWriter {
  const openai = client(options);
  return {
    async fromJobPost(input, signal) {
      const { questions } = await structuredChat(
        openai,
        options,
        {
          what: "questions",
          name: "job_post_questions",
          schema: {
            type: "object",
            additionalProperties: false,
            required: ["questions"],
            properties: { questions: { type: "array", items: { type: "string" } } },
          },
          parse: (value) => writtenQuestionsSchema.safeParse(value),
          system: JOB_POST_QUESTIONS_PROMPT,
          user: JSON.stringify(input),
        },
        signal,
      );
      return questions.slice(0, 3);
    },
  };
}

/**
 * The CV in cloud mode (docs/decisions/0110): the chat model lists its jobs, skills and
 * achievements, checked by the same schema as the offline reading's.
 */
export function createOpenAICvReader(options: OpenAIEngineOptions): CvReader {
  const openai = client(options);
  const list = { type: "array", items: { type: "string" } };
  return {
    read: (text, signal) =>
      structuredChat(
        openai,
        options,
        {
          what: "CV",
          name: "cv_profile",
          schema: {
            type: "object",
            additionalProperties: false,
            required: ["jobs", "skills", "achievements"],
            properties: {
              jobs: {
                type: "array",
                items: {
                  type: "object",
                  additionalProperties: false,
                  required: ["title", "employer", "dates"],
                  properties: {
                    title: { type: "string" },
                    employer: { type: "string" },
                    dates: { type: "string" },
                  },
                },
              },
              skills: list,
              achievements: list,
            },
          },
          parse: (value) => cvProfileSchema.safeParse(value),
          system: CV_READER_PROMPT,
          user: text,
        },
        signal,
      ),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** 408, 409, 429 and 5xx answers and dropped connections are worth another try. */
function retryable(error: unknown): RetryVerdict {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { retry: false };
  if (error instanceof OpenAI.APIConnectionError) return { retry: true };
  if (!(error instanceof OpenAI.APIError) || error.status === undefined) return { retry: false };
  const status = error.status;
  if (status !== 408 && status !== 409 && status !== 429 && status < 500) return { retry: false };
  return { retry: true, afterMs: retryAfterMs(error.headers) };
}

function engineError(error: unknown, deadline: Deadline, logger: Logger, what: string): unknown {
  if (error instanceof EngineError) return error;
  if (error instanceof ProviderBusyError) {
    logger.warn({ what, retryAfterSeconds: error.retryAfterSeconds }, "AI provider busy");
    return new EngineError(
      "unavailable",
      `The AI service is busy right now. Please try again in ${error.retryAfterSeconds} seconds.`,
      { cause: error, retryAfterSeconds: error.retryAfterSeconds },
    );
  }
  // The caller went away: pass the abort on untouched; nobody is waiting for a message.
  if (deadline.outer?.aborted && !deadline.fired) return error;
  if (deadline.fired || error instanceof OpenAI.APIConnectionTimeoutError) {
    logger.warn({ what }, "AI provider timed out");
    return new EngineError("timeout", "The AI service took too long to answer. Please try again.", {
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIError) {
    // Never log the error object whole: it carries request headers.
    logger.warn(
      { what, status: error.status, type: error.type, code: error.code },
      "AI provider failed",
    );
    const message =
      error.status === 429
        ? "The AI service is busy right now. Please try again in a minute."
        : error.status === 401 || error.status === 403
          ? "The AI service rejected the server's credentials."
          : error.status === 404
            ? "The AI service does not offer the configured model."
            : error.status === undefined
              ? "Could not reach the AI service. Please try again."
              : "The AI service failed. Please try again.";
    return new EngineError("upstream", message, { cause: error });
  }
  logger.warn({ what, err: error }, "AI provider call failed");
  return new EngineError("upstream", "The AI service failed. Please try again.", { cause: error });
}
