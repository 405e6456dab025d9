import { useQuery } from "@tanstack/react-query";
import type { QueueStatus } from "@/shared/feedback";
import { invokeFunction } from "@/client/lib/api-client";

/** queue-status: where the user's spoken answer waits for the offline recogniser (0085). */
const getQueueStatus = (signal?: AbortSignal): Promise<QueueStatus> =>
  invokeFunction("queue-status", {}, { signal });

/**
 * Polled while an answer is being scored, so a busy recogniser reads as "queued (position N)"
 * instead of a silent wait. Best effort: a failed poll shows nothing and toasts nothing.
 */
export const useQueueStatus = (enabled: boolean) =>
  useQuery({
    queryKey: ["queue-status"],
    queryFn: ({ signal }) => getQueueStatus(signal),
    enabled,
    refetchInterval: enabled ? 1500 : false,
    gcTime: 0,
    retry: false,
  });
