import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { UnofficialStatusCode } from "hono/utils/http-status";
import { requireUser } from "@/server/auth/guard";
import { requireSubscription } from "@/server/billing/entitlement";
import {
  createFreeAnswerCounter,
  noFreeAnswersLeft,
  subscriberOrFreeAnswer,
} from "@/server/billing/free-answers";
import { attempts } from "@/server/db/schema";
import { resolveAttemptOf } from "@/server/sessions/store";
import { and, eq, gt } from "drizzle-orm";
import type { AuthedEnv } from "@/server/http/env";
import { functionBodyLimit, postOnly } from "@/server/http/function-routes";
import { ApiError } from "@/server/http/errors";
import type { Services } from "@/server/services";
import type { PracticeConfigResponse } from "@/shared/practice";
import {
  MAX_ANSWER_BODY_BYTES,
  MAX_AUDIO_BYTES,
  MAX_QUESTION_CHARS,
  MAX_RECORDING_SECONDS,
  MAX_TRANSCRIBE_BODY_BYTES,
} from "@/shared/practice-limits";
import {
  answerRequestBody,
  collectAnswer,
  startAnswer,
  streamAnswer,
} from "./generate-interview-answer";
import {
  createAudioBudget,
  createOneAtATime,
  createPracticeRateLimiter,
  type PracticeBudget,
} from "./practice-rate-limit";
import { answerDraft, answerDraftBody } from "./answer-draft";
import { transcribeAudio, transcribeAudioBody } from "./transcribe-audio";
import { answeredBefore, evaluateAnswer, evaluateAnswerBody } from "./evaluate-answer";
import {
  MAX_CORRECT_TRANSCRIPT_BODY_BYTES,
  MAX_DRAFT_BODY_BYTES,
  MAX_EVALUATE_BODY_BYTES,
  type QueueStatus,
} from "@/shared/feedback";
import { correctTranscript, correctTranscriptBody } from "./correct-transcript";
import { functionBody } from "@/server/http/validate";

/**
 * The practice functions under /functions/v1 (docs/decisions/0050-0053):
 *   POST transcribe-audio           subscribers; {audio} → {text, source, confidence?, uncertain?}
 *   POST generate-interview-answer  subscribers; {question, stream?} → {answer, source} or SSE
 *   POST evaluate-answer            subscribers, free answers; {question, audio | answer, attemptOf?} → feedback
 *   POST correct-transcript         subscribers, a free answer once; {attemptId, transcript} → the same attempt re-scored
 *   POST answer-draft               subscribers, free answers; {draft, seq, chunk, question, done?} → {drafting}
 *   GET|POST queue-status           subscribers, free answers; where the user's spoken answer waits (0085)
 *   GET|POST practice-config        signed in; which engines are active, and the limits
 * Order for each call: bearer token → subscription → per-user budget → one call at a time (the
 * recognisers) → body size (before the body is read) → payload checks → seconds of audio →
 * engine. The offline recognisers' work is a job in a queue that takes turns between users
 * (docs/decisions/0085, 0130).
 *
 * An account without Premium may answer a few Quick Practice questions free (docs/decisions/0120):
 * evaluate-answer, answer-draft and queue-status let it through while it has a free answer left,
 * through the same budgets and queue; evaluate-answer takes the free answer (given back if the
 * scoring fails), and correct-transcript re-scores only its own recent free answer, once.
 */
/** How long after a free answer its transcript may still be corrected. */
const FREE_CORRECTION_WINDOW_MS = 60 * 60_000;

/** The practice routes' variables: whether this call is a free answer (no Premium). */
type FreeAnswerEnv = AuthedEnv & {
  Variables: AuthedEnv["Variables"] & { freeAnswer: boolean };
};

export function practiceRoutes(services: Services) {
  const { ai } = services;
  const freeAnswers = createFreeAnswerCounter(services.database.db);
  const guards = {
    requireUser: requireUser(services.auth),
    requireSubscriber: requireSubscription(services.billing),
    subscriberOrFreeAnswer: subscriberOrFreeAnswer(services.billing, freeAnswers),
  };
  const limits = services.config.ai.rateLimits;
  const limiter = createPracticeRateLimiter(services.database.db);
  const audioBudget = createAudioBudget(services.database.db, {
    secondsPerWindow: services.config.ai.audioSecondsPer10Minutes,
    windowMs: 10 * 60_000,
  });
  const oneAtATime = createOneAtATime();
  // Spoken answers wait for their job up to the request's own deadline.
  const queue = services.aiJobs
    ? { jobs: services.jobs, timeoutMs: services.config.http.requestTimeoutMs }
    : undefined;
  const app = new Hono<FreeAnswerEnv>();

  /**
   * Without Premium, a transcript is corrected only on a free answer just given and not corrected
   * yet: otherwise a correction, which scores any text, would be an evaluator without a limit.
   */
  const mayCorrectFreeAnswer = async (userId: string, attemptId: string) => {
    const [row] = await services.database.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(
        and(
          eq(attempts.id, attemptId),
          eq(attempts.userId, userId),
          eq(attempts.mode, "quick"),
          eq(attempts.transcriptCorrected, false),
          gt(attempts.createdAt, new Date(Date.now() - FREE_CORRECTION_WINDOW_MS)),
        ),
      );
    if (!row) {
      throw new ApiError(
        "subscription_required",
        "Without Premium, only a free answer just given can be corrected, once.",
      );
    }
  };

  const budget =
    (kind: PracticeBudget): MiddlewareHandler<FreeAnswerEnv> =>
    async (c, next) => {
      await limiter.take(kind, c.var.user.id, limits[kind]);
      await next();
    };
  const alone =
    (kind: PracticeBudget): MiddlewareHandler<FreeAnswerEnv> =>
    (c, next) =>
      oneAtATime.run(kind, c.var.user.id, next);

  app.post(
    "/evaluate-answer",
    guards.requireUser,
    guards.subscriberOrFreeAnswer,
    budget("evaluate"),
    alone("evaluate"),
    functionBodyLimit(MAX_EVALUATE_BODY_BYTES),
    evaluateAnswerBody,
    async (c) => {
      const signal = c.req.raw.signal;
      const userId = c.var.user.id;
      const request = c.req.valid("json");
      const free = c.var.freeAnswer;
      const deps = { ai, db: services.database.db, audioBudget, queue };
      // An answer sent again after its response was lost: what was stored, and no free answer.
      const earlier = await answeredBefore(deps, userId, request);
      if (earlier) return c.json(earlier);
      if (free) {
        // Free answers are for Quick Practice questions of the user's own sessions, not follow-ups.
        const answered = await resolveAttemptOf(services.database.db, userId, request.attemptOf);
        if (answered?.session.mode !== "quick" || answered.followUp) {
          throw new ApiError(
            "subscription_required",
            "Free answers are for Quick Practice questions. Subscribe to Premium for every mode.",
          );
        }
        if (!(await freeAnswers.take(userId))) throw noFreeAnswersLeft();
      }
      try {
        return c.json(await evaluateAnswer(deps, userId, request, signal));
      } catch (error) {
        if (free) await freeAnswers.giveBack(userId);
        return clientClosed(c, signal, error);
      }
    },
  );

  // No recording, so no audio budget or recogniser turn: the evaluate budget, as a new score.
  app.post(
    "/correct-transcript",
    guards.requireUser,
    async (c, next) => {
      c.set("freeAnswer", !(await services.billing.status(c.var.user.id)).subscribed);
      await next();
    },
    budget("evaluate"),
    functionBodyLimit(MAX_CORRECT_TRANSCRIPT_BODY_BYTES),
    correctTranscriptBody,
    async (c) => {
      const signal = c.req.raw.signal;
      if (c.var.freeAnswer)
        await mayCorrectFreeAnswer(c.var.user.id, c.req.valid("json").attemptId);
      try {
        const deps = { ai, db: services.database.db };
        return c.json(await correctTranscript(deps, c.var.user.id, c.req.valid("json"), signal));
      } catch (error) {
        return clientClosed(c, signal, error);
      }
    },
  );

  app.post(
    "/answer-draft",
    guards.requireUser,
    guards.subscriberOrFreeAnswer,
    budget("draft"),
    functionBodyLimit(MAX_DRAFT_BODY_BYTES),
    answerDraftBody,
    async (c) => {
      const deps = {
        drafts: services.drafts,
        jobs: queue?.jobs,
        reference: ai.reference,
        log: c.var.log,
      };
      return c.json(await answerDraft(deps, c.var.user.id, c.req.valid("json")));
    },
  );

  app.post(
    "/transcribe-audio",
    guards.requireUser,
    guards.requireSubscriber,
    budget("transcribe"),
    alone("transcribe"),
    functionBodyLimit(MAX_TRANSCRIBE_BODY_BYTES),
    transcribeAudioBody,
    async (c) => {
      try {
        const deps = { transcriber: ai.transcriber, audioBudget };
        const request = c.req.valid("json");
        return c.json(await transcribeAudio(deps, c.var.user.id, request, c.req.raw.signal));
      } catch (error) {
        return clientClosed(c, c.req.raw.signal, error);
      }
    },
  );

  app.post(
    "/generate-interview-answer",
    guards.requireUser,
    guards.requireSubscriber,
    budget("answer"),
    functionBodyLimit(MAX_ANSWER_BODY_BYTES),
    answerRequestBody,
    async (c) => {
      const request = c.req.valid("json");
      const wantsStream =
        request.stream ?? (c.req.header("accept") ?? "").includes("text/event-stream");
      // Aborted when the client goes away, which stops the engine.
      const controller = new AbortController();
      const clientGone = c.req.raw.signal;
      const onGone = () => controller.abort(new Error("client disconnected"));
      if (clientGone.aborted) onGone();
      clientGone.addEventListener("abort", onGone, { once: true });
      if (!wantsStream) {
        try {
          return c.json(await collectAnswer(ai.answerer, request.question, controller.signal));
        } catch (error) {
          return clientClosed(c, controller.signal, error);
        } finally {
          clientGone.removeEventListener("abort", onGone);
        }
      }
      let started;
      try {
        started = await startAnswer(ai.answerer, request.question, controller.signal);
      } catch (error) {
        clientGone.removeEventListener("abort", onGone);
        return clientClosed(c, controller.signal, error);
      }
      return streamAnswer(started, ai.answerer.source, controller, c);
    },
  );

  // Polled by the practice page while evaluate-answer waits: one lookup in the job queue, so no
  // budget.
  const queueStatus = async (c: {
    var: { user: { id: string } };
    json(body: QueueStatus): Response;
  }) => c.json(await services.jobs.status(c.var.user.id));
  app.on(
    ["GET", "POST"],
    "/queue-status",
    guards.requireUser,
    guards.subscriberOrFreeAnswer,
    functionBodyLimit(4 * 1024),
    functionBody<"queue-status", AuthedEnv>("queue-status"),
    queueStatus,
  );

  const config = (c: { json(body: PracticeConfigResponse): Response }) =>
    c.json({
      transcriber: ai.transcriber.source,
      answerer: ai.answerer.source,
      limits: {
        maxRecordingSeconds: MAX_RECORDING_SECONDS,
        maxAudioBytes: MAX_AUDIO_BYTES,
        maxQuestionChars: MAX_QUESTION_CHARS,
      },
    });
  const configAndWarm = (c: Parameters<typeof config>[0]) => {
    if (services.config.env !== "test") ai.warm();
    return config(c);
  };
  app.on(
    ["GET", "POST"],
    "/practice-config",
    guards.requireUser,
    functionBodyLimit(4 * 1024),
    functionBody<"practice-config", AuthedEnv>("practice-config"),
    configAndWarm,
  );

  postOnly(app, [
    "/transcribe-audio",
    "/generate-interview-answer",
    "/evaluate-answer",
    "/correct-transcript",
    "/answer-draft",
  ]);
  return app;
}

/**
 * The client went away mid-call (the engine was aborted with it): nobody reads the answer, so
 * log it as 499 (nginx's "client closed request") instead of a server error. Other errors pass.
 */
function clientClosed(c: Context, signal: AbortSignal, error: unknown): Response {
  if (signal.aborted) return c.body(null, 499 as UnofficialStatusCode);
  throw error;
}
