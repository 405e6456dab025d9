import { billingRedirectSchema, type BillingRedirect } from "@/shared/billing";
import { invokeFunction } from "@/client/lib/api-client";

/** `customer-portal`: where to manage the subscription. */
export const openCustomerPortal = (): Promise<BillingRedirect> =>
  invokeFunction("customer-portal", { schema: billingRedirectSchema });
