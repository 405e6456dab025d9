import { Hono } from "hono";
import { loadQuestionBank } from "@/server/library/answer-library";
import { requireUser } from "@/server/auth/guard";
import {
  createFreeAnswerCounter,
  freeAnswersOf,
  noFreeAnswersLeft,
} from "@/server/billing/free-answers";
import type { AuthedEnv } from "@/server/http/env";
import { functionBodyLimit, postOnly } from "@/server/http/function-routes";
import { functionBody } from "@/server/http/validate";
import type { Services } from "@/server/services";
import { chooseQuestions } from "@/server/sessions/choose-questions";
import { createSession, recentQuestionKeys } from "@/server/sessions/store";
import { functions, type FunctionResponse } from "@/shared/functions";

/**
 * The free taste of Premium (docs/decisions/0120), for anyone signed in:
 *   free-answers    → {limit, used, remaining, subscribed}
 *   free-question   {category?} → a Quick Practice session of one question, while a free answer
 *                   is left (subscribers use start-session)
 * The answer itself goes through evaluate-answer, which takes the free answer.
 */
export function freeAnswerRoutes(services: Services) {
  const db = services.database.db;
  const counter = createFreeAnswerCounter(db);
  const app = new Hono<AuthedEnv>();
  const signedIn = requireUser(services.auth);
  const small = functionBodyLimit(4 * 1024);
  const freeAnswers = async (userId: string) =>
    freeAnswersOf(await counter.used(userId), (await services.billing.status(userId)).subscribed);

  app.on(
    ["GET", "POST"],
    "/free-answers",
    signedIn,
    small,
    functionBody<"free-answers", AuthedEnv>("free-answers"),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json((await freeAnswers(c.var.user.id)) satisfies FunctionResponse<"free-answers">);
    },
  );

  app.post(
    "/free-question",
    signedIn,
    small,
    functionBody<"free-question", AuthedEnv>(
      "free-question",
      "The request must be empty or a JSON object with an optional `category`.",
    ),
    async (c) => {
      const userId = c.var.user.id;
      const status = await freeAnswers(userId);
      if (!status.subscribed && status.remaining === 0) throw noFreeAnswersLeft();
      const { category } = c.req.valid("json");
      const request = { mode: "quick" as const, ...(category ? { category } : {}) };
      const chosen = chooseQuestions(loadQuestionBank(), request, {
        recentKeys: await recentQuestionKeys(db, userId),
      });
      const session = await createSession(db, userId, { mode: "quick", ...chosen });
      c.header("Cache-Control", "no-store");
      return c.json(
        session satisfies FunctionResponse<"free-question">,
        functions["free-question"].status,
      );
    },
  );

  postOnly(app, ["/free-question"]);
  return app;
}
