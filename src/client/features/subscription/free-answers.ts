import { useQuery } from "@tanstack/react-query";
import { invokeFunction } from "@/client/lib/api-client";

/** Every cached count of free answers; a scored answer makes it stale. */
const freeAnswersKey = ["free-answers"] as const;

/** free-answers: how many of the three free Quick Practice answers are used and left. */
export const useFreeAnswers = (enabled = true) =>
  useQuery({
    queryKey: freeAnswersKey,
    queryFn: ({ signal }) => invokeFunction("free-answers", {}, { signal }),
    enabled,
    meta: { errorToast: { title: "Failed to load your free answers" } },
  });
