import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { QueueStatus } from "@/shared/feedback";
import { invokeFunction } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";

/** queue-status: where the user's spoken answer waits for a recogniser (0085, 0130). */
const getQueueStatus = (signal?: AbortSignal): Promise<QueueStatus> =>
  invokeFunction("queue-status", {}, { signal });

/**
 * How long an answer is scored before the page asks where it is: a worker usually takes a job
 * within milliseconds, and a wait this short needs no word.
 */
const ASK_AFTER_MS = 1500;

/**
 * Polled while an answer is being scored, from ASK_AFTER_MS on, so a busy queue reads as "queued
 * (position N)" instead of a silent wait. Best effort: a failed poll shows nothing and toasts
 * nothing. Mounted once per answer scored.
 */
export function useQueueStatus(enabled: boolean) {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => setWaited(true), ASK_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [enabled]);
  const asking = enabled && waited;
  return useQuery({
    queryKey: queryKeys.queueStatus,
    queryFn: ({ signal }) => getQueueStatus(signal),
    enabled: asking,
    refetchInterval: asking ? 1500 : false,
    gcTime: 0,
    retry: false,
  });
}
