import type { Context } from "hono";
import type { BillingRedirect } from "@/shared/billing";
import type { AuthedEnv } from "@/server/http/env";
import type { Billing } from "@/server/billing/billing";
import { siteOrigin } from "./site-origin";

/**
 * `POST /functions/v1/create-checkout` → `{ url }` of a checkout page for Premium; a user who
 * already has a subscription gets the portal URL instead, so nobody pays twice.
 */
export function createCheckout(billing: Billing, siteUrl: string) {
  return async (c: Context<AuthedEnv>) => {
    const { id, email } = c.var.user;
    const url = await billing.checkout({ id, email }, siteOrigin(c, siteUrl));
    c.header("Cache-Control", "no-store");
    return c.json({ url } satisfies BillingRedirect);
  };
}
