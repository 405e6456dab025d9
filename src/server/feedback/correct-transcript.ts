import { and, eq } from "drizzle-orm";
import type { Engines } from "@/server/engines";
import type { Database } from "@/server/db/client";
import { attempts } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
import { interviewFollowUp } from "@/server/sessions/follow-up";
import { interviewPressure } from "@/server/sessions/store";
import type { CorrectTranscriptRequest, Delivery, Feedback } from "@/shared/feedback";
import { deliveryWithTranscript } from "./delivery";

const notFound = () => new ApiError("not_found", "No such attempt.");

/**
 * The user's correction of what the recogniser heard in one of their spoken answers
 * (docs/decisions/0092): the content is scored again from their words, the recording's delivery
 * is kept (only the figures that depend on the words are counted again), and the same attempt is
 * updated in one statement — a correction is not another try. Another user's attempt is not
 * found (404), as everywhere in the history; a typed answer has nothing to correct (422).
 */
export async function correctTranscript(
  deps: { ai: Pick<Engines, "evaluator" | "reference">; db: Database },
  userId: string,
  request: CorrectTranscriptRequest,
  signal?: AbortSignal,
): Promise<Feedback> {
  const mine = and(eq(attempts.id, request.attemptId), eq(attempts.userId, userId));
  const [row] = await deps.db.select().from(attempts).where(mine);
  if (!row) throw notFound();
  if (row.transcriber === "typed" || !row.delivery) {
    throw new ApiError(
      "unprocessable",
      "Only a spoken answer's transcript can be corrected. Answer again to change a typed answer.",
    );
  }
  const transcript = request.transcript;
  const delivery = deliveryWithTranscript(row.delivery as Delivery, transcript);
  const evaluation = await deps.ai.evaluator.evaluate(
    {
      question: row.question,
      transcript,
      delivery,
      reference: deps.ai.reference(row.question),
      // The user vouches for these words; the recogniser's word times no longer match them.
      approximate: false,
    },
    signal,
  );
  const [updated] = await deps.db
    .update(attempts)
    .set({
      transcript,
      approximate: false,
      transcriptCorrected: true,
      evaluator: deps.ai.evaluator.source,
      ...evaluation.scores,
      delivery,
      structure: evaluation.structure,
      strengths: evaluation.strengths,
      improvements: evaluation.improvements,
      summary: evaluation.summary,
      evidence: evaluation.evidence ?? null,
    })
    .where(mine)
    .returning({ id: attempts.id });
  // Deleted (the history, the account) while it was being scored.
  if (!updated) throw notFound();
  const feedback: Feedback = {
    id: row.id,
    transcript,
    source: { transcriber: row.transcriber, evaluator: deps.ai.evaluator.source },
    delivery,
    approximate: false,
    corrected: true,
    ...evaluation,
    followUp: null,
  };
  // As evaluate-answer: the AI Interviewer's follow-up to a question's answer, never a follow-up's.
  if (row.mode === "interview" && !row.followUp) {
    feedback.followUp =
      evaluation.followUp !== undefined
        ? evaluation.followUp
        : interviewFollowUp(
            deps.ai.reference,
            row.question,
            transcript,
            await interviewPressure(deps.db, row.sessionId),
          );
  }
  return feedback;
}
