import type { Context } from "hono";
import { EngineError, type Answerer } from "@/server/ai/engine";
import type { AuthedEnv } from "@/server/http/env";
import { ApiError, errorBody, type SchemaError } from "@/server/http/errors";
import { functionBody } from "@/server/http/validate";
import type { GenerateAnswerResponse } from "@/shared/practice";
import { MAX_QUESTION_CHARS } from "@/shared/practice-limits";
import { asApiError, engineFailure } from "./practice-errors";

/**
 * generate-interview-answer: `{ question }` → `{ answer, source }`, or with `stream: true` a
 * `text/event-stream` of the answer as it is written (protocol in src/shared/practice.ts and
 * docs/decisions/0050). A failure before the first words is an ordinary JSON error with its
 * status; after them, an `error` event ends the stream.
 */

/**
 * The body of `generate-interview-answer`. A blank or too long question has its own code, so
 * the browser can say so; any other problem is `validation_failed`.
 */
export const answerRequestBody = functionBody<"generate-interview-answer", AuthedEnv>(
  "generate-interview-answer",
  "The request must be a JSON object with `question`: the interview question as a string.",
  { refine: questionProblem },
);

function questionProblem(error: SchemaError): ApiError | undefined {
  const problems = error.issues.filter(
    (issue) => issue.path.length === 1 && issue.path[0] === "question",
  );
  if (problems.some((issue) => issue.code === "too_small")) {
    return new ApiError("question_required", "Please record or type a question first.");
  }
  if (problems.some((issue) => issue.code === "too_big")) {
    return new ApiError(
      "question_too_long",
      `The question is too long: at most ${MAX_QUESTION_CHARS} characters, please.`,
    );
  }
  return undefined;
}

/**
 * Starts the answer and waits for its first words, so that an engine that fails at once is
 * answered with a proper status. Returns the first piece and the rest of the stream.
 */
export async function startAnswer(
  answerer: Answerer,
  question: string,
  signal: AbortSignal,
  options: { paced: boolean } = { paced: true },
) {
  const iterator = answerer.answer(question, signal, options)[Symbol.asyncIterator]();
  try {
    let first = await iterator.next();
    while (!first.done && first.value === "") first = await iterator.next();
    if (first.done) {
      throw new ApiError("engine_failed", "The AI service returned an empty answer.");
    }
    return { first: first.value, iterator };
  } catch (error) {
    throw asApiError(error);
  }
}

export async function collectAnswer(
  answerer: Answerer,
  question: string,
  signal: AbortSignal,
): Promise<GenerateAnswerResponse> {
  const { first, iterator } = await startAnswer(answerer, question, signal, { paced: false });
  let answer = first;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      answer += next.value;
    }
  } catch (error) {
    throw asApiError(error);
  }
  return { answer: answer.trim(), source: answerer.source };
}

const KEEP_ALIVE_MS = 15_000;

/**
 * The answer as server-sent events; aborting `controller` (client gone) stops the engine. An
 * `error` event names the request (`requestId`), as every error envelope does.
 */
export function streamAnswer(
  started: { first: string; iterator: AsyncIterator<string> },
  source: string,
  controller: AbortController,
  /** The request's context: its log and id, and `c.body`, so the headers set before reach it. */
  c: Pick<Context<AuthedEnv>, "var" | "body">,
): Response {
  const { log: logger, requestId } = c.var;
  const encoder = new TextEncoder();
  const { iterator } = started;
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    async start(out) {
      const send = (text: string) => {
        if (!closed) out.enqueue(encoder.encode(text));
      };
      const ping = setInterval(() => send(": keep-alive\n\n"), KEEP_ALIVE_MS);
      try {
        send(`data: ${JSON.stringify({ delta: started.first })}\n\n`);
        for (;;) {
          const next = await iterator.next();
          if (next.done || closed) break;
          if (next.value) send(`data: ${JSON.stringify({ delta: next.value })}\n\n`);
        }
        send(`event: done\ndata: ${JSON.stringify({ source })}\n\n`);
      } catch (error) {
        if (!controller.signal.aborted || error instanceof EngineError) {
          const failure =
            error instanceof EngineError
              ? engineFailure(error)
              : new ApiError("engine_failed", "The answer was interrupted. Please try again.");
          if (!(error instanceof EngineError)) logger.error({ err: error }, "answer stream failed");
          send(`event: error\ndata: ${JSON.stringify(errorBody(failure, requestId))}\n\n`);
        }
      } finally {
        clearInterval(ping);
        if (!closed) {
          closed = true;
          out.close();
        }
      }
    },
    cancel() {
      closed = true;
      controller.abort(new Error("client disconnected"));
      void iterator.return?.().catch(() => {});
    },
  });
  return c.body(body, 200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    "X-Accel-Buffering": "no",
    "X-Answer-Source": source,
  });
}
