import { Hono, type MiddlewareHandler } from "hono";
import { loadQuestionBank } from "@/server/ai/offline/answer-library";
import { requireUser } from "@/server/auth/guard";
import { requireSubscription } from "@/server/billing/entitlement";
import { limitBody } from "@/server/http/body-limit";
import type { AuthedEnv } from "@/server/http/env";
import { ApiError, payloadTooLarge } from "@/server/http/errors";
import { setResponseHeader } from "@/server/http/response-headers";
import { functionBody } from "@/server/http/validate";
import type { Logger } from "@/server/logger";
import type { Services } from "@/server/services";
import { postOnly } from "./practice-routes";
import { chooseQuestions } from "@/server/sessions/choose-questions";
import { withCvQuestions } from "@/server/cv/cv-questions";
import { getCv } from "@/server/cv/cv-store";
import { listHistory } from "@/server/sessions/history";
import {
  createSession,
  deleteMyHistory,
  exportMyData,
  getAttempt,
  getSession,
  listAttempts,
  progress,
  recentQuestionKeys,
  resumableInterview,
  saveInterviewProgress,
} from "@/server/sessions/store";
import { functions, type FunctionResponse } from "@/shared/functions";
import { MAX_JOB_POST_CHARS, type SessionQuestion } from "@/shared/sessions";

/**
 * Practice sessions, history and the user's data (docs/decisions/0072), all
 * `POST /functions/v1/{name}` for subscribers (export-my-data and delete-my-history for anyone
 * signed in), scoped to the signed-in user:
 *   start-session      {mode, role?, level?, length?, company?, jobPost?, category?, useCv?} → session
 *   list-attempts      {cursor?, mode?, role?, category?, limit?} → {attempts, nextCursor}
 *   list-history       the same → {entries, nextCursor}: a question's tries, a session's answers
 *   get-attempt        {id} → the attempt with its feedback and the question's trend
 *   get-session        {id} → the session, its answers and its report
 *   progress           {limit?} → one point per attempt, counts and streak
 *   save-interview-progress {id, at, followUp, skipped, finished} → the progress saved
 *   resume-interview   → {interview: {session, answers} | null} (docs/decisions/0104)
 *   export-my-data     → account, subscription, sessions and attempts as JSON
 *   delete-my-history  → {deleted: {attempts, sessions, cv}}
 */
/**
 * Cloud mode: the model's questions from the job post take the place of the offline chooser's.
 * A model that fails leaves the offline ones: the session starts either way.
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
  const kept = questions.filter((question) => question.source !== "job-post");
  const fromPost = written.map((question) => ({
    question,
    category: "behavioural",
    source: "job-post" as const,
    bankId: null,
  }));
  // After the opener and the company's first question, as the offline set has them.
  const ordered = [...kept.slice(0, 2), ...fromPost, ...kept.slice(2)];
  return ordered.map((question, index) => ({ ...question, index }));
}

export function sessionRoutes(services: Services) {
  const db = services.database.db;
  const app = new Hono<AuthedEnv>();
  // Private data, never kept by a cache on the way.
  const noStore: MiddlewareHandler = async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  };
  const signedIn = requireUser(services.auth);
  const guards = [signedIn, requireSubscription(services.billing), noStore] as const;
  // A person's own data stays theirs to download and erase after their subscription ends.
  const ownDataGuards = [signedIn, noStore] as const;
  const body = (maxSize: number) =>
    limitBody({
      maxSize,
      onError: () => {
        throw payloadTooLarge("The request is too large", maxSize);
      },
    });
  const small = body(4 * 1024);
  const byId = (name: "get-attempt" | "get-session") =>
    functionBody<typeof name, AuthedEnv>(
      name,
      "The request must be a JSON object with the `id` (a UUID).",
    );

  app.post(
    "/start-session",
    ...guards,
    body(MAX_JOB_POST_CHARS * 4 + 4 * 1024),
    functionBody<"start-session", AuthedEnv>(
      "start-session",
      "The request must be a JSON object with `mode` (interview, quick or company) and that mode's choices.",
    ),
    async (c) => {
      const request = c.req.valid("json");
      const userId = c.var.user.id;
      const recentKeys =
        request.mode === "quick" ? await recentQuestionKeys(db, userId) : undefined;
      const bank = loadQuestionBank();
      let chosen = chooseQuestions(bank, request, { recentKeys });
      const writer = services.ai.questionWriter;
      if (request.mode === "company" && request.jobPost && writer) {
        chosen.questions = await withWrittenQuestions(
          chosen.questions,
          () =>
            writer.fromJobPost(
              {
                company: request.company,
                role: request.role,
                level: request.level,
                jobPost: request.jobPost!,
              },
              c.req.raw.signal,
            ),
          c.var.log,
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
      const session = await createSession(db, userId, {
        mode: request.mode,
        role: "role" in request ? request.role : undefined,
        level: "level" in request ? request.level : undefined,
        company: request.mode === "company" ? request.company : undefined,
        pressure: request.mode === "interview" ? request.pressure : undefined,
        ...chosen,
      });
      const created = functions["start-session"].status;
      return c.json(session satisfies FunctionResponse<"start-session">, created);
    },
  );

  app.post(
    "/list-attempts",
    ...guards,
    small,
    functionBody<"list-attempts", AuthedEnv>(
      "list-attempts",
      "The request must be a JSON object with optional `cursor`, `mode`, `role`, `category` and `limit` (1-50).",
    ),
    async (c) => c.json(await listAttempts(db, c.var.user.id, c.req.valid("json"))),
  );

  app.post(
    "/list-history",
    ...guards,
    small,
    functionBody<"list-history", AuthedEnv>(
      "list-history",
      "The request must be a JSON object with optional `cursor`, `mode`, `role`, `category` and `limit` (1-50).",
    ),
    async (c) => c.json(await listHistory(db, c.var.user.id, c.req.valid("json"))),
  );

  app.post("/get-attempt", ...guards, small, byId("get-attempt"), async (c) =>
    c.json(await getAttempt(db, c.var.user.id, c.req.valid("json").id)),
  );

  app.post("/get-session", ...guards, small, byId("get-session"), async (c) =>
    c.json(await getSession(db, c.var.user.id, c.req.valid("json").id)),
  );

  app.post(
    "/progress",
    ...guards,
    small,
    functionBody<"progress", AuthedEnv>(
      "progress",
      "The request must be empty or a JSON object with an optional `limit` (1-2000).",
    ),
    async (c) => c.json(await progress(db, c.var.user.id, c.req.valid("json").limit)),
  );

  app.post(
    "/save-interview-progress",
    ...guards,
    small,
    functionBody<"save-interview-progress", AuthedEnv>(
      "save-interview-progress",
      "The request must be a JSON object with the session `id`, `at`, `followUp`, `skipped` and `finished`.",
    ),
    async (c) => {
      const { id, ...position } = c.req.valid("json");
      return c.json(await saveInterviewProgress(db, c.var.user.id, id, position));
    },
  );
  app.post(
    "/resume-interview",
    ...guards,
    small,
    functionBody<"resume-interview", AuthedEnv>("resume-interview"),
    async (c) =>
      c.json({
        interview: await resumableInterview(db, c.var.user.id),
      } satisfies FunctionResponse<"resume-interview">),
  );

  app.post(
    "/export-my-data",
    ...ownDataGuards,
    small,
    functionBody<"export-my-data", AuthedEnv>("export-my-data"),
    async (c) => {
      setResponseHeader(
        c,
        "Content-Disposition",
        'attachment; filename="interview-coach-data.json"',
      );
      return c.json(await exportMyData(db, c.var.user.id));
    },
  );
  app.post(
    "/delete-my-history",
    ...ownDataGuards,
    small,
    functionBody<"delete-my-history", AuthedEnv>("delete-my-history"),
    async (c) => c.json(await deleteMyHistory(db, c.var.user.id)),
  );

  postOnly(app, [
    "/start-session",
    "/list-attempts",
    "/list-history",
    "/get-attempt",
    "/get-session",
    "/progress",
    "/save-interview-progress",
    "/resume-interview",
    "/export-my-data",
    "/delete-my-history",
  ]);
  return app;
}
