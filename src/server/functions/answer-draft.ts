import type { AnswerTranscriber, QuestionReference } from "@/server/ai/engine";
import { finishedThought, measureForInterview } from "@/server/sessions/follow-up";
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
 * A chunk sent with `listen` (the AI Interviewer, when the speaker pauses) also answers whether
 * the words heard so far make a finished answer.
 */
export const answerDraftBody = functionBody<"answer-draft", AuthedEnv>(
  "answer-draft",
  "The request must be a JSON object with `draft`, `seq`, `chunk` (base64) and `question`.",
);

/** How long a `listen` chunk waits for the recogniser before answering with what it has. */
const LISTEN_WAIT_MS = 1200;

export async function answerDraft(
  transcriber: AnswerTranscriber,
  reference: (question: string) => QuestionReference,
  userId: string,
  request: AnswerDraftRequest,
): Promise<AnswerDraftResponse> {
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
  if (!request.listen || !transcriber.heardSoFar) return { drafting: true };
  // The speaker has paused: is what we have heard already a whole answer? (docs/decisions/0104)
  // What is heard already may say so; only if not, the recogniser is given time to catch up.
  const finished = (heard: string) =>
    finishedThought(request.question, measureForInterview(reference, request.question, heard));
  const now = await transcriber.heardSoFar(userId, request.draft, 0);
  if (now && finished(now)) return { drafting: true, thought: "finished" };
  const later = await transcriber.heardSoFar(userId, request.draft, LISTEN_WAIT_MS);
  if (!later) return { drafting: true };
  return { drafting: true, thought: later !== now && finished(later) ? "finished" : "open" };
}
