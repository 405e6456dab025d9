import type { Database } from "@/server/db/client";
import type { Engines } from "@/server/ai/engines";
import { saveAttempt, type AttemptPlace } from "@/server/feedback/attempts";
import { questionKeyOf } from "@/server/sessions/choose-questions";
import { interviewFollowUp } from "@/server/sessions/follow-up";
import { resolveAttemptOf } from "@/server/sessions/store";
import { detectQuestionType } from "@/server/ai/offline/question-type";
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

/**
 * evaluate-answer (docs/contracts/feedback.md): `{ question, audio | answer, attemptOf? }` → the
 * feedback report, stored as an attempt. The recording is checked completely before any engine
 * sees it, and is never kept.
 */
export const evaluateAnswerBody = functionBody<"evaluate-answer", AuthedEnv>(
  "evaluate-answer",
  "The request must be a JSON object with `question` and exactly one of `audio` (a base64 WebM recording) or `answer` (typed text).",
);

export async function evaluateAnswer(
  deps: {
    ai: Pick<Engines, "answerTranscriber" | "evaluator" | "reference">;
    db: Database;
    audioBudget: AudioBudget;
  },
  userId: string,
  request: EvaluateAnswerRequest,
  signal?: AbortSignal,
): Promise<Feedback> {
  const answered = await resolveAttemptOf(deps.db, userId, request.attemptOf);
  const hints = answered?.session.vocabulary ?? [];
  let charged = 0;
  let input: Parameters<typeof giveFeedback>[1];
  if (request.audio !== undefined) {
    const recording = decodeRecording(request.audio, {
      maxSeconds: MAX_ANSWER_RECORDING_SECONDS,
      what: "answer",
    });
    charged = recordingSeconds(recording);
    deps.audioBudget.charge(userId, charged);
    input = { question: request.question, recording, owner: userId, hints };
  } else {
    input = { question: request.question, typed: request.answer! };
  }
  let feedback;
  try {
    feedback = await giveFeedback(deps.ai, input, signal);
  } catch (error) {
    throw asApiError(error);
  }
  // The decoder's measure is the work done: count what the container's timestamps left out.
  deps.audioBudget.add(userId, (feedback.delivery?.durationSeconds ?? 0) - charged);
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
        category: detectQuestionType(request.question),
        questionKey: questionKeyOf(request.question, null),
      };
  const id = await saveAttempt(deps.db, {
    ...feedback,
    userId,
    question: request.question,
    attemptOf: request.attemptOf,
    place,
  });
  // The AI Interviewer asks one follow-up to a question's answer, never to a follow-up's: the
  // cloud model's own when it wrote one, else the rule at the session's pressure.
  const followUp =
    answered?.session.mode === "interview" && !answered.followUp
      ? feedback.followUp !== undefined
        ? feedback.followUp
        : interviewFollowUp(
            deps.ai.reference,
            request.question,
            feedback.transcript,
            answered.session.pressure ?? "realistic",
          )
      : null;
  return { id, ...feedback, followUp };
}
