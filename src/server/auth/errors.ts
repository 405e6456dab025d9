import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Errors of the /auth/v1 endpoints, in GoTrue's shape (contracts/auth.md): the body carries
 * `code` and `message` (API version 2024-01-01) plus `error_code` and `msg` for older clients,
 * and the response carries `X-Supabase-Api-Version`, without which the client ignores the code.
 * Client errors are never 5xx: supabase-js retries those and ignores the body.
 */
export const API_VERSION_HEADER = "X-Supabase-Api-Version";
export const API_VERSION = "2024-01-01";

export class AuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 413 | 422 | 429,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AuthError";
  }
}

export const authErrors = {
  validation: (message: string) => new AuthError(400, "validation_failed", message),
  badJson: () => new AuthError(400, "bad_json", "Could not parse request body as JSON"),
  tooLarge: () => new AuthError(413, "request_entity_too_large", "Request body is too large"),
  invalidEmail: () =>
    new AuthError(400, "validation_failed", "Unable to validate email address: invalid format"),
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, "weak_password", message, { weak_password: { reasons } }),
  userExists: () => new AuthError(422, "user_already_exists", "User already registered"),
  invalidCredentials: () => new AuthError(400, "invalid_credentials", "Invalid login credentials"),
  refreshNotFound: () =>
    new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"),
  refreshAlreadyUsed: () =>
    new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"),
  unsupportedGrant: () =>
    new AuthError(
      400,
      "unsupported_grant_type",
      "unsupported_grant_type: use password or refresh_token",
    ),
  noAuthorization: () =>
    new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token"),
  badJwt: (detail = "invalid or expired token") =>
    new AuthError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () =>
    new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist"),
  userNotFound: () =>
    new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist"),
  rateLimited: () => new AuthError(429, "over_request_rate_limit", "Request rate limit reached"),
  notFound: () => new AuthError(404, "not_found", "Not found"),
  methodNotAllowed: () => new AuthError(405, "method_not_allowed", "Method not allowed"),
};

export function authErrorResponse(c: Context, error: AuthError): Response {
  c.header(API_VERSION_HEADER, API_VERSION);
  return c.json(
    {
      code: error.code,
      message: error.message,
      error_code: error.code,
      msg: error.message,
      ...error.extra,
    },
    error.status as ContentfulStatusCode,
  );
}
