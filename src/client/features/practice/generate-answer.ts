import { useMutation } from "@tanstack/react-query";
import {
  answerDeltaEventSchema,
  answerDoneEventSchema,
  answerErrorEventSchema,
  generateAnswerResponseSchema,
} from "@/shared/practice";
import { createSseParser } from "@/shared/practice-sse";
import { ApiCallError, toApiCallError } from "@/client/lib/api-client";
import { getSupabase } from "@/client/lib/auth";

/**
 * generate-interview-answer, streamed: calls `onDelta` with each piece of the answer as the
 * server sends it (server-sent events, docs/decisions/0050) and resolves with the engine's
 * source when the answer is complete. A failure before the first words, or an `error` event
 * after some, rejects with the server's explanation; `signal` cancels the request.
 */
async function generateAnswer(
  question: string,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<{ source: string }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke("generate-interview-answer", {
    body: { question, stream: true },
    headers: { Accept: "text/event-stream" },
    signal,
  });
  if (error) throw await toApiCallError(error, signal);

  // A server (or proxy) that answers with plain JSON still works.
  if (!(data instanceof Response)) {
    const parsed = generateAnswerResponseSchema.safeParse(data);
    if (!parsed.success)
      throw new ApiCallError("The server's answer was not understood.", "bad_response");
    onDelta(parsed.data.answer);
    return { source: parsed.data.source };
  }
  if (!data.body) throw new ApiCallError("The server sent an empty answer.", "bad_response");

  const reader = data.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (readError) {
        throw await toApiCallError(readError, signal);
      }
      const events = chunk.done ? parser.end() : parser.push(chunk.value);
      for (const event of events) {
        const payload = JSON.parse(event.data) as unknown;
        if (event.event === "message") {
          const delta = answerDeltaEventSchema.safeParse(payload);
          if (delta.success && delta.data.delta) onDelta(delta.data.delta);
        } else if (event.event === "done") {
          const done = answerDoneEventSchema.parse(payload);
          return { source: done.source };
        } else if (event.event === "error") {
          const failure = answerErrorEventSchema.safeParse(payload);
          throw new ApiCallError(
            failure.success ? failure.data.error.message : "The answer was interrupted.",
            failure.success ? failure.data.error.code : "stream_error",
          );
        }
      }
      if (chunk.done) {
        throw new ApiCallError("The answer was cut off. Please try again.", "stream_ended");
      }
    }
  } finally {
    // Stops the download when we return early (or fail); a no-op after the end.
    void reader.cancel().catch(() => {});
  }
}

/** Streams a sample answer; a failure toasts 'Failed to generate answer' with the reason. */
export const useGenerateAnswer = () =>
  useMutation({
    mutationFn: ({
      question,
      onDelta,
      signal,
    }: {
      question: string;
      onDelta: (text: string) => void;
      signal?: AbortSignal;
    }) => generateAnswer(question, onDelta, signal),
    meta: { errorToast: { title: "Failed to generate answer" } },
  });
