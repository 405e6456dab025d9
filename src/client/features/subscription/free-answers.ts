import { useQuery } from "@tanstack/react-query";
import { invokeFunction } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";

/** free-answers: how many of the three free Quick Practice answers are used and left. */
export const useFreeAnswers = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.freeAnswers,
    queryFn: ({ signal }) => invokeFunction("free-answers", {}, { signal }),
    enabled,
    meta: { errorToast: { title: "Failed to load your free answers" } },
  });
