import type { Context, Env } from "hono";
import type { Hook } from "@hono/zod-validator";
import type { z } from "zod";
import {
  jsonValidator,
  storable,
  unstorableText,
  validJson,
  type JsonFormat,
} from "@/server/http/validate";
import { authErrors } from "./errors";

/**
 * GoTrue's wire format for /auth/v1 request bodies, on the one JSON validator every route uses
 * (src/server/http/validate.ts).
 */

/** GoTrue answers any body that is not a JSON object as unparseable. */
function gotrueCheck(value: unknown): Error | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return authErrors.badJson();
  }
  if (!storable(value)) return authErrors.validation(unstorableText);
  return undefined;
}

/** GoTrue's hook: 400 `validation_failed` with the route's message for the first bad field. */
function gotrueHook(messageFor: (field: string) => string): Hook<unknown, Env, string> {
  return (result) => {
    if (result.success) return;
    throw authErrors.validation(messageFor(String(result.error.issues[0]?.path[0] ?? "")));
  };
}

const gotrueFormat = (messageFor: (field: string) => string): JsonFormat => ({
  notJson: authErrors.badJson,
  check: gotrueCheck,
  hook: gotrueHook(messageFor),
});

/** A JSON object body for an /auth/v1 route (unknown fields dropped); see `gotrueHook`. */
export function gotrueJson<T extends z.ZodType, E extends Env = Env>(
  schema: T,
  messageFor: (field: string) => string,
) {
  return jsonValidator<T, E>(schema, gotrueFormat(messageFor));
}

/** `gotrueJson` inside a handler, for a route whose body depends on the query (`/token`). */
export function gotrueBody<T extends z.ZodType>(
  c: Context,
  schema: T,
  messageFor: (field: string) => string,
): Promise<z.output<T>> {
  return validJson(c, schema, gotrueFormat(messageFor));
}
