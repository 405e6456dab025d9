import type { Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "./body-limit";
import type { AuthedEnv } from "./env";
import { ApiError, payloadTooLarge } from "./errors";

/**
 * What every router of `POST /functions/v1/{name}` shares (docs/conventions.md): a body limit
 * whose refusal is the functions' 413, `Cache-Control: no-store` for private answers, and 405 for
 * other methods.
 */

/** The request body may be at most `maxSize` bytes; beyond it, `tooLarge` (by default a 413). */
export function functionBodyLimit(
  maxSize: number,
  tooLarge: () => ApiError = () => payloadTooLarge("The request is too large", maxSize),
): MiddlewareHandler {
  return bodyLimit(maxSize, () => {
    throw tooLarge();
  });
}

/** Private data, never kept by a cache on the way. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
};

/** Other methods than POST on these functions answer 405 with `Allow`. */
export function postOnly<E extends AuthedEnv>(app: Hono<E>, paths: readonly string[]) {
  for (const path of paths) {
    app.on(["GET", "PUT", "PATCH", "DELETE"], path, () => {
      throw new ApiError("method_not_allowed", "Use POST for this function.", {
        headers: { Allow: "POST, OPTIONS" },
      });
    });
  }
}
