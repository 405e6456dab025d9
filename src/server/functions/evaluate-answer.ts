import type { Database } from "@/server/db/client";
import type { Engines } from "@/server/engines";
import { createHash, randomUUID } from "node:crypto";
import { saveAttempt, storedAnswer, type AttemptPlace } from "@/server/feedback/attempts";
import { questionKeyOf } from "@/server/sessions/choose-questions";
import { interviewFollowUp } from "@/server/sessions/follow-up";
import { resolveAttemptOf, type AnsweredQuestion } from "@/server/sessions/store";
import { detectQuestionType } from "@/server/library/question-type";
import { giveFeedback } from "@/server/feedback/give-feedback";
import { functionBody } from "@/server/http/validate";
import type { AuthedEnv } from "@/server/http/env";
import {
  MAX_ANSWER_RECORDING_SECONDS,
  type EvaluateAnswerRequest,
  type Feedback,
} from "@/shared/feedback";
import { decodeRecording, recordingSeconds } from "./practice-audio";
import type { AudioBudget } from "./practice-rate-limit";
import { asApiError } from "./practice-errors";
import type { JobQueue } from "@/server/jobs/queue";

/**
 * evaluate-answer (docs/contracts/feedback.md): `{ question, audio | answer, attemptOf? }` → the
 * feedback report, stored as an attempt. The recording is checked completely before any engine
 * sees it, and is never kept.
 */
export const evaluateAnswerBody = functionBody<"evaluate-answer", AuthedEnv>(
  "evaluate-answer",
  "The request must be a JSON object with `question` and exactly one of `audio` (a base64 WebM recording) or `answer` (typed text).",
);

type AnswerDeps = {
  ai: Pick<Engines, "answerTranscriber" | "evaluator" | "reference">;
  db: Database;
};

export async function evaluateAnswer(
  deps: AnswerDeps & {
    audioBudget: AudioBudget;
    /**
     * With the offline recogniser, a spoken answer is a job on the queue (docs/decisions/0130),
     * heard, scored and stored by a worker, which may be this process or another.
     */
    queue?: { jobs: JobQueue; timeoutMs: number };
  },
  userId: string,
  request: EvaluateAnswerRequest,
  signal?: AbortSignal,
): Promise<Feedback> {
  if (request.audio === undefined) return answerAndStore(deps, userId, request, signal);
  const earlier = await answeredBefore(deps, userId, request);
  if (earlier) return earlier;
  const charged = recordingSeconds(
    decodeRecording(request.audio, { maxSeconds: MAX_ANSWER_RECORDING_SECONDS, what: "answer" }),
  );
  await deps.audioBudget.charge(userId, charged);
  // A job run again after its worker died must find what the first run stored: key it always.
  request = { ...request, answerId: request.answerId ?? randomUUID() };
  let feedback: Feedback;
  try {
    feedback = deps.queue
      ? ((await deps.queue.jobs.run(
          "evaluate-answer",
          { userId, request } satisfies EvaluateAnswerJob,
          { owner: userId, signal, timeoutMs: deps.queue.timeoutMs },
        )) as Feedback)
      : await answerAndStore(deps, userId, request, signal);
  } catch (error) {
    throw asApiError(error);
  }
  // The decoder's measure is the work done: count what the container's timestamps left out.
  await deps.audioBudget.add(userId, (feedback.delivery?.durationSeconds ?? 0) - charged);
  return feedback;
}

/** What an evaluate-answer job carries: the request as the web process checked it. */
export type EvaluateAnswerJob = { userId: string; request: EvaluateAnswerRequest };

/**
 * Hears (a recording), scores and stores one answer: the whole of evaluate-answer after its
 * budget, in the web process for a typed answer and in a worker for a spoken one.
 */
export async function answerAndStore(
  deps: AnswerDeps,
  userId: string,
  request: EvaluateAnswerRequest,
  signal?: AbortSignal,
): Promise<Feedback> {
  const earlier = await answeredBefore(deps, userId, request);
  if (earlier) return earlier;
  const answered = await resolveAttemptOf(deps.db, userId, request.attemptOf);
  const hints = answered?.session.vocabulary ?? [];
  const question = questionAnswered(request, answered);
  let input: Parameters<typeof giveFeedback>[1];
  if (request.audio !== undefined) {
    const recording = decodeRecording(request.audio, {
      maxSeconds: MAX_ANSWER_RECORDING_SECONDS,
      what: "answer",
    });
    input = { question, recording, owner: userId, hints };
  } else {
    input = { question, typed: request.answer! };
  }
  let feedback;
  try {
    feedback = await giveFeedback(deps.ai, input, signal);
  } catch (error) {
    throw asApiError(error);
  }
  const place: AttemptPlace = answered
    ? {
        sessionId: answered.session.id,
        questionIndex: answered.question.index,
        followUp: answered.followUp,
        mode: answered.session.mode,
        role: answered.session.role,
        category: answered.question.category,
        questionKey: questionKeyOf(answered.question.question, answered.question.bankId),
      }
    : {
        sessionId: null,
        questionIndex: null,
        followUp: false,
        mode: "own",
        role: null,
        category: detectQuestionType(question),
        questionKey: questionKeyOf(question, null),
      };
  const id = await saveAttempt(deps.db, {
    ...feedback,
    userId,
    question,
    attemptOf: request.attemptOf,
    answerKey: answerKeyOf(request),
    place,
  });
  return { id, ...feedback, followUp: followUpTo(deps, question, answered, feedback) };
}

/**
 * The answer already stored under the request's `answerId` (it arrived, but its response was
 * lost), answered as it was the first time; null when there is none. Nothing is heard, scored,
 * charged or stored again.
 */
export async function answeredBefore(
  deps: AnswerDeps,
  userId: string,
  request: EvaluateAnswerRequest,
): Promise<Feedback | null> {
  const answerKey = answerKeyOf(request);
  if (!answerKey) return null;
  const stored = await storedAnswer(deps.db, userId, answerKey);
  if (!stored) return null;
  const answered = await resolveAttemptOf(deps.db, userId, request.attemptOf);
  return {
    ...stored,
    followUp: followUpTo(deps, questionAnswered(request, answered), answered, stored),
  };
}

/** The request's `answerId` and a digest of everything else it sent, or undefined without one. */
function answerKeyOf(request: EvaluateAnswerRequest) {
  if (request.answerId === undefined) return undefined;
  const { question, attemptOf, audio, answer } = request;
  const digest = createHash("sha256")
    .update(JSON.stringify([question, attemptOf ?? null, audio ?? null, answer ?? null]))
    .digest("base64url");
  return { key: request.answerId, digest };
}

/**
 * A session's question is the session's words, whatever the request says: the answer is scored
 * against them and filed under them. A follow-up's words are the request's (the page asked it).
 */
function questionAnswered(
  request: EvaluateAnswerRequest,
  answered: AnsweredQuestion | undefined,
): string {
  return answered && !answered.followUp ? answered.question.question : request.question;
}

/**
 * The AI Interviewer asks one follow-up to a question's answer, never to a follow-up's: the cloud
 * model's own when it wrote one, else the rule at the session's pressure.
 */
function followUpTo(
  deps: AnswerDeps,
  question: string,
  answered: AnsweredQuestion | undefined,
  feedback: Pick<Feedback, "transcript" | "followUp">,
): string | null {
  if (answered?.session.mode !== "interview" || answered.followUp) return null;
  return feedback.followUp !== undefined
    ? feedback.followUp
    : interviewFollowUp(
        deps.ai.reference,
        question,
        feedback.transcript,
        answered.session.pressure ?? "realistic",
      );
}
