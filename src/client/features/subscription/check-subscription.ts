import { subscriptionStatusSchema, type SubscriptionStatus } from "@/shared/billing";
import { invokeFunction } from "@/client/lib/api-client";

/** `check-subscription`: `refresh` asks the server to re-read the payment provider first. */
export const checkSubscription = (
  options: { refresh?: boolean } = {},
): Promise<SubscriptionStatus> =>
  invokeFunction("check-subscription", {
    schema: subscriptionStatusSchema,
    body: options.refresh ? { refresh: true } : undefined,
  });
