import type { Context } from "hono";
import type { DeleteAccountBody } from "@/shared/auth";
import type { FunctionResponse } from "@/shared/functions";
import type { AuthService } from "@/server/auth/service";
import type { Billing } from "@/server/billing/billing";
import type { AuthedEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { functionBody } from "@/server/http/validate";

export const deleteAccountBody = functionBody<"delete-account", AuthedEnv>(
  "delete-account",
  "Send the account's email and password to confirm.",
);

/**
 * `POST /functions/v1/delete-account` `{ email, password }` → `{ deleted: true }`: the typed
 * email and password confirm it; the subscription is cancelled at the billing provider first
 * (when that fails, nothing is deleted); then the user and everything of theirs are deleted and
 * every session ends, on every instance, before the answer (docs/decisions/0071).
 */
export function deleteAccount(auth: AuthService, billing: Billing) {
  return async (c: Context<AuthedEnv, string, { out: { json: DeleteAccountBody } }>) => {
    const { id } = c.var.user;
    const result = await auth.deleteAccount(id, c.req.valid("json"), () => billing.cancelNow(id));
    if (typeof result === "object") {
      throw new ApiError(
        "rate_limited",
        "Too many wrong passwords. Please wait a few minutes and try again.",
        { headers: { "Retry-After": String(result.rateLimitedFor) } },
      );
    }
    switch (result) {
      case "wrong_email":
        throw new ApiError("invalid_credentials", "That is not the email of this account.");
      case "wrong_password":
        throw new ApiError("invalid_credentials", "That password is not correct.");
      case "deleted":
        c.header("Cache-Control", "no-store");
        return c.json({ deleted: true } satisfies FunctionResponse<"delete-account">);
    }
  };
}
