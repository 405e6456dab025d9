import { Hono } from "hono";
import { requireUser } from "@/server/auth/guard";
import { requireSubscription } from "@/server/billing/entitlement";
import type { AuthedEnv } from "@/server/http/env";
import { functionBodyLimit, noStore, postOnly } from "@/server/http/function-routes";
import { functionBody } from "@/server/http/validate";
import type { Services } from "@/server/services";
import { listHistory } from "@/server/sessions/history";
import { startSession } from "@/server/sessions/start-session";
import {
  deleteMyHistory,
  exportMyData,
  getAttempt,
  getSession,
  listAttempts,
  progress,
  resumableInterview,
  saveInterviewProgress,
} from "@/server/sessions/store";
import { functions, type FunctionResponse } from "@/shared/functions";
import { MAX_JOB_POST_CHARS } from "@/shared/sessions";

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
export function sessionRoutes(services: Services) {
  const db = services.database.db;
  const app = new Hono<AuthedEnv>();
  const signedIn = requireUser(services.auth);
  const guards = [signedIn, requireSubscription(services.billing), noStore] as const;
  // A person's own data stays theirs to download and erase after their subscription ends.
  const ownDataGuards = [signedIn, noStore] as const;
  const small = functionBodyLimit(4 * 1024);
  const byId = (name: "get-attempt" | "get-session") =>
    functionBody<typeof name, AuthedEnv>(
      name,
      "The request must be a JSON object with the `id` (a UUID).",
    );

  app.post(
    "/start-session",
    ...guards,
    functionBodyLimit(MAX_JOB_POST_CHARS * 4 + 4 * 1024),
    functionBody<"start-session", AuthedEnv>(
      "start-session",
      "The request must be a JSON object with `mode` (interview, quick or company) and that mode's choices.",
    ),
    async (c) => {
      const session = await startSession(
        { db, questionWriter: services.ai.questionWriter, log: c.var.log },
        c.var.user.id,
        c.req.valid("json"),
        c.req.raw.signal,
      );
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
      c.header("Content-Disposition", 'attachment; filename="interview-coach-data.json"');
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
