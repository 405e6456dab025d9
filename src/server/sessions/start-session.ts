import type { QuestionWriter } from "@/server/ai/engine";
import { loadQuestionBank } from "@/server/library/answer-library";
import { withCvQuestions } from "@/server/cv/cv-questions";
import { getCv } from "@/server/cv/cv-store";
import type { Database } from "@/server/db/client";
import { ApiError } from "@/server/http/errors";
import type { Logger } from "@/server/logger";
import type { Session, SessionQuestion, StartSessionRequest } from "@/shared/sessions";
import { chooseQuestions } from "./choose-questions";
import { createSession, recentQuestionKeys } from "./store";

/**
 * Starts a practice session (docs/decisions/0072): the offline chooser's questions; in cloud
 * mode a Company Specific set's job-post questions written by the model instead; the user's CV
 * mixed in when asked for; then the session stored. The route only checks and answers.
 */
export async function startSession(
  deps: { db: Database; questionWriter: QuestionWriter | null; log: Logger },
  userId: string,
  request: StartSessionRequest,
  signal?: AbortSignal,
): Promise<Session> {
  const { db, questionWriter, log } = deps;
  const recentKeys = request.mode === "quick" ? await recentQuestionKeys(db, userId) : undefined;
  const bank = loadQuestionBank();
  let chosen = chooseQuestions(bank, request, { recentKeys });
  if (request.mode === "company" && request.jobPost && questionWriter) {
    const { company, role, level, jobPost } = request;
    chosen.questions = await withWrittenQuestions(
      chosen.questions,
      () => questionWriter.fromJobPost({ company, role, level, jobPost }, signal),
      log,
    );
  }
  if (request.mode !== "quick" && request.useCv) {
    const cv = await getCv(db, userId);
    if (!cv) {
      throw new ApiError(
        "conflict",
        "There is no CV on your account: add one first, or start without it.",
      );
    }
    chosen = withCvQuestions(chosen, request, cv, bank);
  }
  return createSession(db, userId, {
    mode: request.mode,
    role: "role" in request ? request.role : undefined,
    level: "level" in request ? request.level : undefined,
    company: request.mode === "company" ? request.company : undefined,
    pressure: request.mode === "interview" ? request.pressure : undefined,
    ...chosen,
  });
}

/**
 * Cloud mode: the model's questions from the job post take the place of the offline chooser's,
 * where those stood (after the company's first question). A model that fails leaves the offline
 * ones: the session starts either way.
 */
async function withWrittenQuestions(
  questions: SessionQuestion[],
  write: () => Promise<string[]>,
  log: Logger,
): Promise<SessionQuestion[]> {
  let written: string[];
  try {
    written = await write();
  } catch (error) {
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      "job-post questions fell back to offline",
    );
    return questions;
  }
  const at = questions.findIndex((question) => question.source === "job-post");
  const place = at >= 0 ? at : questions.findIndex((question) => question.source === "company") + 1;
  const kept = questions.filter((question) => question.source !== "job-post");
  const fromPost = written.map((question) => ({
    question,
    category: "behavioural",
    source: "job-post" as const,
    bankId: null,
  }));
  const ordered = [...kept.slice(0, place), ...fromPost, ...kept.slice(place)];
  return ordered.map((question, index) => ({ ...question, index }));
}
