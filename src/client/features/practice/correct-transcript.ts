import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invokeFunction } from "@/client/lib/api-client";
import type { CorrectTranscriptRequest } from "@/shared/feedback";
import { queryKeys } from "@/client/lib/query-keys";

/**
 * correct-transcript (docs/decisions/0092): a spoken answer's corrected transcript → the same
 * attempt, scored again from those words with the recording's delivery kept. The history's copies
 * of it are refreshed; a failure toasts 'Failed to score your correction' with the reason.
 */
export const useCorrectTranscript = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (request: CorrectTranscriptRequest) =>
      invokeFunction("correct-transcript", request),
    onSuccess: () => queries.invalidateQueries({ queryKey: queryKeys.history.all }),
    meta: { errorToast: { title: "Failed to score your correction" } },
  });
};
