import type { BillingRedirect } from "@/shared/billing";
import { invokeFunction } from "@/client/lib/api-client";
import { useBillingRedirect } from "./use-billing-redirect";

/** `customer-portal`: where to manage the subscription. */
const openCustomerPortal = (): Promise<BillingRedirect> => invokeFunction("customer-portal", {});

/** Opens the billing portal; `busy` while it does. */
export const useOpenCustomerPortal = () =>
  useBillingRedirect(openCustomerPortal, "Failed to open subscription management");
