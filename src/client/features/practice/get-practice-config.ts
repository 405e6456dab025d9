import { useQuery } from "@tanstack/react-query";
import type { PracticeConfigResponse } from "@/shared/practice";
import { invokeFunction } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";

/** practice-config: which engines this server uses, and its limits. */
const getPracticeConfig = (signal?: AbortSignal): Promise<PracticeConfigResponse> =>
  invokeFunction("practice-config", {}, { signal });

/**
 * Which engines this server uses, shown before the first call (best effort: on failure the
 * descriptions are simply left out). Fixed at server start-up, so fetched once per visit.
 */
export const usePracticeConfig = () =>
  useQuery({
    queryKey: queryKeys.practiceConfig,
    queryFn: ({ signal }) => getPracticeConfig(signal),
    staleTime: Infinity,
  });
