import type { Context } from "hono";
import type { BillingRedirect } from "@/shared/billing";
import type { AuthedEnv } from "@/server/http/env";
import type { Billing } from "@/server/billing/billing";
import { siteOrigin } from "./site-origin";

/**
 * `POST /functions/v1/customer-portal` → `{ url }` where the user manages the subscription;
 * 404 `no_customer` for a user who never started a checkout.
 */
export function customerPortal(billing: Billing, siteUrl: string) {
  return async (c: Context<AuthedEnv>) => {
    const { id, email } = c.var.user;
    const url = await billing.portal({ id, email }, siteOrigin(c, siteUrl));
    c.header("Cache-Control", "no-store");
    return c.json({ url } satisfies BillingRedirect);
  };
}
