import { billingRedirectSchema, type BillingRedirect } from "@/shared/billing";
import { invokeFunction } from "@/client/lib/api-client";

/** `create-checkout`: where to pay (or the portal, for an existing subscriber). */
export const createCheckout = (): Promise<BillingRedirect> =>
  invokeFunction("create-checkout", { schema: billingRedirectSchema });
