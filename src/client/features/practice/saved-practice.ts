import { z } from "zod";
import { feedbackSchema } from "@/shared/feedback";

/**
 * What "Your own question" shows, kept for the tab's life (sessionStorage) so a reload or an
 * accidental close and reopen (which restores the tab's storage) brings back the question, its
 * sample answer and the last report. The attempt itself is on the server (the history has it);
 * this is only the screen. One entry per user, so another account in the same tab starts afresh.
 */
const savedPracticeSchema = z.object({
  question: z.string(),
  transcriptSource: z.string().nullable(),
  uncertain: z.boolean(),
  answer: z.string(),
  answerSource: z.string().nullable(),
  typed: z.string(),
  latest: z.object({ question: z.string(), feedback: feedbackSchema }).nullable(),
});
export type SavedPractice = z.infer<typeof savedPracticeSchema>;

const storageKey = (userId: string) => `interview-coach:practice:${userId}`;

export function loadPractice(userId: string): SavedPractice | null {
  try {
    const saved = savedPracticeSchema.safeParse(
      JSON.parse(sessionStorage.getItem(storageKey(userId)) ?? "null"),
    );
    return saved.success ? saved.data : null;
  } catch {
    return null; // storage blocked or unreadable: start afresh
  }
}

export function savePractice(userId: string, practice: SavedPractice): void {
  try {
    const empty = !practice.question && !practice.answer && !practice.typed && !practice.latest;
    if (empty) sessionStorage.removeItem(storageKey(userId));
    else sessionStorage.setItem(storageKey(userId), JSON.stringify(practice));
  } catch {
    // storage blocked or full: nothing to restore next time
  }
}
