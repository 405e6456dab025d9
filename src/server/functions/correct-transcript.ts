import type { Engines } from "@/server/engines";
import type { Database } from "@/server/db/client";
import { correctTranscript as rescore } from "@/server/feedback/correct-transcript";
import type { AuthedEnv } from "@/server/http/env";
import { functionBody } from "@/server/http/validate";
import type { CorrectTranscriptRequest } from "@/shared/feedback";
import { asApiError } from "./practice-errors";

/**
 * correct-transcript (docs/decisions/0092): `{ attemptId, transcript }` → the same attempt's
 * feedback, scored again from the user's words with the recording's delivery kept.
 */
export const correctTranscriptBody = functionBody<"correct-transcript", AuthedEnv>(
  "correct-transcript",
  "The request must be a JSON object with `attemptId` (a UUID) and `transcript` (1-5000 characters).",
);

export async function correctTranscript(
  deps: { ai: Pick<Engines, "evaluator" | "reference">; db: Database },
  userId: string,
  request: CorrectTranscriptRequest,
  signal?: AbortSignal,
) {
  try {
    return await rescore(deps, userId, request, signal);
  } catch (error) {
    throw asApiError(error);
  }
}
