import type { Context } from "hono";
import { checkSubscriptionRequestSchema } from "@/shared/billing";
import type { AuthedEnv } from "@/server/http/env";
import type { Billing } from "../billing/billing";
import { hasBody } from "../http/body-limit";
import { ApiError, validationFailed } from "@/server/http/errors";
import { setResponseHeader } from "../http/response-headers";

/**
 * `POST /functions/v1/check-subscription` → `{ subscribed, subscription_tier, subscription_end }`.
 * No body (or `{}`) answers from our copy; `{ "refresh": true }` re-reads the provider first,
 * as the browser does on returning from checkout and on "Check Status".
 */
export function checkSubscription(billing: Billing) {
  return async (c: Context<AuthedEnv>) => {
    const request = await readOptionalJson(c);
    const parsed = checkSubscriptionRequestSchema.safeParse(request ?? {});
    if (!parsed.success) {
      throw validationFailed("`refresh` must be true or false.", parsed.error);
    }
    const status = await billing.status(c.var.user.id, { refresh: parsed.data.refresh === true });
    setResponseHeader(c, "Cache-Control", "no-store");
    return c.json(status);
  };
}

/** The JSON body, or undefined when there is none; 400 `bad_json` when it is not JSON. */
export async function readOptionalJson(c: Context): Promise<unknown> {
  if (!hasBody(c)) return undefined;
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("bad_json", "The request body must be JSON.");
  }
}
