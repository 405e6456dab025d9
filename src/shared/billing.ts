import { z } from "zod";

/** The one plan. Amounts are in the currency's smallest unit (cents), as payment providers use. */
export const premiumPlan = {
  tier: "Premium",
  amount: 1100,
  currency: "usd",
  interval: "month",
  /** "$11.00 / month" */
  priceLabel: "$11.00 / month",
  /** "$11.00" */
  amountLabel: "$11.00",
} as const;

/** `check-subscription` answer (docs/contracts/billing.md). */
export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscription_tier: z.string().nullable(),
  /** ISO 8601 timestamp. */
  subscription_end: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** `check-subscription` body: none, `{}` or `{ "refresh": true }` to re-sync from the provider. */
export const checkSubscriptionRequestSchema = z.object({ refresh: z.boolean().optional() }).loose();
export type CheckSubscriptionRequest = z.infer<typeof checkSubscriptionRequestSchema>;

/** `create-checkout` and `customer-portal` answers: the browser navigates to `url`. */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

export const notSubscribed: SubscriptionStatus = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
};

/** Client-side timing of subscription checks (docs/product-spec.md, sections 4 and 9). */
export const subscriptionCheckTiming = {
  /** Delay after a SIGNED_IN auth event before checking. */
  afterSignedInMs: 1000,
  /** Delay after an INITIAL_SESSION event that carries a user. */
  afterInitialSessionMs: 500,
  /** An automatic check is skipped when the last one was less than this long ago. */
  automaticMinIntervalMs: 10_000,
  /** A manual (button) check is skipped when the last one was less than this long ago. */
  manualMinIntervalMs: 5_000,
} as const;
