import type { Database } from "@/server/db/client";
import { attempts } from "@/server/db/schema";
import type { Feedback } from "@/shared/feedback";

/** Stores one scored answer (never its audio) and returns its id. */
export async function saveAttempt(
  db: Database,
  attempt: Omit<Feedback, "id"> & { userId: string; question: string; attemptOf?: string },
): Promise<string> {
  const [row] = await db
    .insert(attempts)
    .values({
      userId: attempt.userId,
      attemptOf: attempt.attemptOf ?? null,
      question: attempt.question,
      transcript: attempt.transcript,
      transcriber: attempt.source.transcriber,
      evaluator: attempt.source.evaluator,
      approximate: attempt.approximate,
      ...attempt.scores,
      delivery: attempt.delivery,
      structure: attempt.structure,
      strengths: attempt.strengths,
      improvements: attempt.improvements,
      summary: attempt.summary,
    })
    .returning({ id: attempts.id });
  return row!.id;
}
