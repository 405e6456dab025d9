import type { AnswerTranscriber } from "@/server/ai/engine";
import { DraftError } from "@/server/ai/offline/answer-drafts";
import { ApiError, payloadTooLarge } from "@/server/http/errors";
import type { AuthedEnv } from "@/server/http/env";
import { functionBody } from "@/server/http/validate";
import {
  MAX_ANSWER_AUDIO_BYTES,
  type AnswerDraftRequest,
  type AnswerDraftResponse,
} from "@/shared/feedback";

/**
 * answer-draft (docs/decisions/0070): the next chunk of an answer still being recorded, for an
 * engine that listens as the user speaks. Nothing is stored but the user's one draft, in memory.
 */
export const answerDraftBody = functionBody<"answer-draft", AuthedEnv>(
  "answer-draft",
  "The request must be a JSON object with `draft`, `seq`, `chunk` (base64) and `question`.",
);

export function answerDraft(
  transcriber: AnswerTranscriber,
  userId: string,
  request: AnswerDraftRequest,
): AnswerDraftResponse {
  if (!transcriber.draft) return { drafting: false };
  try {
    transcriber.draft(userId, {
      id: request.draft,
      seq: request.seq,
      bytes: new Uint8Array(Buffer.from(request.chunk, "base64")),
      done: request.done ?? false,
      question: request.question,
    });
  } catch (error) {
    if (!(error instanceof DraftError)) throw error;
    if (error.kind === "too_large") {
      throw payloadTooLarge("The recording is too large.", MAX_ANSWER_AUDIO_BYTES);
    }
    throw new ApiError("conflict", error.message);
  }
  return { drafting: true };
}
