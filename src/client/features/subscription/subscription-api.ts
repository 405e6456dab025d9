import {
  billingRedirectSchema,
  subscriptionStatusSchema,
  type BillingRedirect,
  type SubscriptionStatus,
} from "@/shared/billing";
import { invokeFunction } from "./invoke-function";

/** `check-subscription`: `refresh` asks the server to re-read the payment provider first. */
export const checkSubscription = (
  options: { refresh?: boolean } = {},
): Promise<SubscriptionStatus> =>
  invokeFunction(
    "check-subscription",
    subscriptionStatusSchema,
    options.refresh ? { refresh: true } : undefined,
  );

/** `create-checkout`: where to pay (or the portal, for an existing subscriber). */
export const createCheckout = (): Promise<BillingRedirect> =>
  invokeFunction("create-checkout", billingRedirectSchema);

/** `customer-portal`: where to manage the subscription. */
export const openCustomerPortal = (): Promise<BillingRedirect> =>
  invokeFunction("customer-portal", billingRedirectSchema);
