import type { BillingRedirect } from "@/shared/billing";
import { invokeFunction } from "@/client/lib/api-client";
import { useBillingRedirect } from "./use-billing-redirect";

/** `create-checkout`: where to pay (or the portal, for an existing subscriber). */
const createCheckout = (): Promise<BillingRedirect> => invokeFunction("create-checkout", {});

/** Starts checkout and goes there; `busy` while it does. */
export const useCreateCheckout = () =>
  useBillingRedirect(createCheckout, "Failed to start checkout process");
