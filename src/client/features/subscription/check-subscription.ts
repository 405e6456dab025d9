import { queryOptions } from "@tanstack/react-query";
import type { SubscriptionStatus } from "@/shared/billing";
import { invokeFunction } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";

/** `check-subscription`: `refresh` asks the server to re-read the payment provider first. */
export const checkSubscription = (
  options: { refresh?: boolean } = {},
): Promise<SubscriptionStatus> =>
  invokeFunction("check-subscription", options.refresh ? { refresh: true } : {});

/**
 * The cached status of one user. It never fetches by itself (no fetch on mount, focus or
 * reconnect): checks follow the spec's timing rules (use-subscription.ts). It is not retried —
 * a retry would be a check inside the 10 s/5 s spacing — and it is kept for the whole visit:
 * SIGNED_OUT, not a cache timer, is what clears it.
 */
export const subscriptionQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.subscription.of(userId),
    queryFn: () => checkSubscription(),
    enabled: false,
    retry: false,
    gcTime: Infinity,
  });
