import type { MiddlewareHandler } from "hono";
import { ApiError, sendError } from "@/server/http/errors";
import { bearer } from "@/server/http/bearer";
import type { AuthedEnv, AuthUser } from "@/server/http/env";
import { AuthError } from "./errors";
import type { AuthService } from "./service";

/**
 * Lets a request through only with a valid access token whose session still exists (a signed-out
 * session stops working at once), and sets `c.var.user`. Otherwise answers 401 in our envelope:
 * `{ "error": { "code": "unauthorized", "message" } }`.
 */
export function requireUser(auth: AuthService): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    let user: AuthUser;
    try {
      const session = await auth.authenticate(bearer(c));
      user = { id: session.userId, email: session.email, sessionId: session.sessionId };
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const message =
        error.code === "no_authorization"
          ? "Sign in to continue: this request needs an access token."
          : error.code === "session_not_found"
            ? "Your session has ended. Please sign in again."
            : "Your sign-in has expired or is invalid. Please sign in again.";
      return sendError(
        c,
        new ApiError("unauthorized", message, {
          headers: { "WWW-Authenticate": 'Bearer realm="interview-coach"' },
        }),
      );
    }
    c.set("user", user);
    await next();
  };
}
