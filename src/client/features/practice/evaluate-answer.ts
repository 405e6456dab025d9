import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Feedback } from "@/shared/feedback";
import { invokeFunction } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";

/**
 * `attemptOf` names the practice session question this answers ("{session}:{index}"); `answerId`
 * is the answer's own key, the same for every send of it (a retry is not a new try).
 */
export type AnswerToEvaluate = {
  question: string;
  attemptOf?: string;
  answerId: string;
  signal?: AbortSignal;
} & ({ audio: string } | { answer: string });

/** evaluate-answer: the user's own answer (a recording's base64, or typed) → the feedback report. */
const evaluateAnswer = ({ signal, ...body }: AnswerToEvaluate): Promise<Feedback> =>
  invokeFunction("evaluate-answer", body, { signal });

/**
 * Scores an answer; a failure toasts 'Failed to get feedback' with the reason. A scored answer
 * may have been a free one, so the count of free answers is read again.
 */
export const useEvaluateAnswer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateAnswer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.freeAnswers }),
    meta: { errorToast: { title: "Failed to get feedback" } },
  });
};
