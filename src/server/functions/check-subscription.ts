import type { Context } from "hono";
import type { CheckSubscriptionRequest } from "@/shared/billing";
import type { FunctionResponse } from "@/shared/functions";
import type { Billing } from "@/server/billing/billing";
import type { AuthedEnv } from "@/server/http/env";
import { functionBody } from "@/server/http/validate";

/**
 * The body of `check-subscription`: none (or `{}`) answers from our copy; `{ "refresh": true }`
 * re-reads the provider first, as the browser does on returning from checkout and on "Check
 * Status".
 */
export const checkSubscriptionBody = functionBody<"check-subscription", AuthedEnv>(
  "check-subscription",
  "`refresh` must be true or false.",
);

/** `POST /functions/v1/check-subscription` → `{ subscribed, subscription_tier, subscription_end }`. */
export function checkSubscription(billing: Billing) {
  return async (c: Context<AuthedEnv, string, { out: { json: CheckSubscriptionRequest } }>) => {
    const { refresh } = c.req.valid("json");
    const status = await billing.status(c.var.user.id, { refresh: refresh === true });
    c.header("Cache-Control", "no-store");
    return c.json(status satisfies FunctionResponse<"check-subscription">);
  };
}
