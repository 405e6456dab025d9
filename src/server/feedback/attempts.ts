import type { Database } from "@/server/db/client";
import { attempts } from "@/server/db/schema";
import type { Feedback } from "@/shared/feedback";

export type AttemptPlace = {
  sessionId: string | null;
  questionIndex: number | null;
  followUp: boolean;
  mode: "interview" | "quick" | "company" | "own";
  role: string | null;
  category: string | null;
  questionKey: string;
};

/** Stores one scored answer (never its audio), with what its feedback rests on; returns its id. */
export async function saveAttempt(
  db: Database,
  attempt: Omit<Feedback, "id"> & {
    userId: string;
    question: string;
    attemptOf?: string;
    /** Where it belongs: a session's question, or the user's own (mode "own"). */
    place: AttemptPlace;
  },
): Promise<string> {
  const [row] = await db
    .insert(attempts)
    .values({
      userId: attempt.userId,
      attemptOf: attempt.attemptOf ?? null,
      ...attempt.place,
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
      evidence: attempt.evidence ?? null,
    })
    .returning({ id: attempts.id });
  return row!.id;
}
