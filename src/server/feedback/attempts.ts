import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { attempts } from "@/server/db/schema";
import { ApiError } from "@/server/http/errors";
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
    /**
     * The client's key for this answer and the digest of what was sent under it
     * (`answerDigest`): an answer already stored under the key is not stored again.
     */
    answerKey?: { key: string; digest: string };
    /** Where it belongs: a session's question, or the user's own (mode "own"). */
    place: AttemptPlace;
  },
): Promise<string> {
  const [row] = await db
    .insert(attempts)
    .values({
      userId: attempt.userId,
      attemptOf: attempt.attemptOf ?? null,
      answerKey: attempt.answerKey?.key ?? null,
      answerDigest: attempt.answerKey?.digest ?? null,
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
    // Two sends of one answer that both got this far (the first one's job was re-run): one row.
    .onConflictDoNothing({ target: [attempts.userId, attempts.answerKey] })
    .returning({ id: attempts.id });
  if (row) return row.id;
  const stored = await storedAnswer(db, attempt.userId, attempt.answerKey!);
  return stored!.id;
}

/**
 * The answer a user already stored under the client's key, as its feedback (without a follow-up,
 * which depends on the session), or null. What was heard and scored the first time stands: a
 * retry is the same answer, not a new try.
 * @throws ApiError("conflict") when the key was sent before with another question or other words:
 *   answering with the stored answer would report on words the user did not send this time
 */
export async function storedAnswer(
  db: Database,
  userId: string,
  answerKey: { key: string; digest: string },
): Promise<Omit<Feedback, "followUp"> | null> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.answerKey, answerKey.key)));
  if (!row) return null;
  // Rows stored before digests were kept have none: their key alone stands.
  if (row.answerDigest !== null && row.answerDigest !== answerKey.digest) {
    throw new ApiError(
      "conflict",
      "This answerId was already sent with a different answer: make a new answerId for each answer.",
    );
  }
  return { ...storedFeedback(row), id: row.id };
}

/**
 * What an attempt's row holds of its feedback, as the API shapes it: the one mapping for the
 * attempt page and for an answer sent twice.
 */
export function storedFeedback(row: typeof attempts.$inferSelect) {
  return {
    transcript: row.transcript,
    source: { transcriber: row.transcriber, evaluator: row.evaluator },
    scores: {
      overall: row.overall,
      clarity: row.clarity,
      relevance: row.relevance,
      timing: row.timing,
    },
    delivery: (row.delivery as Feedback["delivery"]) ?? null,
    structure: (row.structure as Feedback["structure"]) ?? null,
    strengths: row.strengths,
    improvements: row.improvements,
    summary: row.summary,
    // Absent on answers stored before it was kept (the row's own column is null).
    evidence: row.evidence ?? undefined,
    approximate: row.approximate,
    corrected: row.transcriptCorrected,
  };
}
