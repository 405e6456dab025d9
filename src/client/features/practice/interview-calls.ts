import { useQuery } from "@tanstack/react-query";
import { ApiCallError, invokeFunction } from "@/client/lib/api-client";
import type { Feedback } from "@/shared/feedback";
import type { InterviewProgress } from "@/shared/sessions";
import type { AnswerToEvaluate } from "./evaluate-answer";
import { queryKeys } from "@/client/lib/query-keys";

/**
 * The AI Interviewer's calls (docs/decisions/0104): where the interview stands, saved at every
 * turn; the interview to resume; and each answer sent until it arrives.
 */

export const saveInterviewProgress = (id: string, progress: InterviewProgress) =>
  invokeFunction("save-interview-progress", { id, ...progress });

/** resume-interview: the user's unfinished interview of the last day, if any. */
export const useResumableInterview = () =>
  useQuery({
    queryKey: queryKeys.resumableInterview,
    queryFn: ({ signal }) => invokeFunction("resume-interview", {}, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

/** What a retry can fix: no answer, a server or gateway failure, a timeout, a busy server. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiCallError)) return false;
  if (error.code === "network_error") return true;
  return error.status === undefined || error.status >= 500 || [408, 429].includes(error.status);
}

const RETRY_AFTER_MS = [1000, 3000];

/**
 * evaluate-answer, tried up to three times when the failure is one a retry can fix; the answer
 * stays with the caller until it has arrived (`onRetry` says a retry is coming).
 */
export async function sendAnswer(
  answer: AnswerToEvaluate,
  onRetry: (attempt: number) => void,
): Promise<Feedback> {
  const { signal, ...body } = answer;
  for (let attempt = 0; ; attempt++) {
    try {
      return await invokeFunction("evaluate-answer", body, { signal });
    } catch (error) {
      const wait = RETRY_AFTER_MS[attempt];
      if (wait === undefined || !worthRetrying(error)) throw error;
      onRetry(attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
