import type { Context } from "hono";

/**
 * Errors of the /auth/v1 endpoints, in GoTrue's shape (docs/contracts/auth.md): the body carries
 * `code` and `message` (API version 2024-01-01) plus `error_code` and `msg` for older clients,
 * and the response carries `X-Supabase-Api-Version`, without which the client ignores the code.
 * Client errors are never 5xx: supabase-js retries those and ignores the body.
 */
export const API_VERSION_HEADER = "X-Supabase-Api-Version";
export const API_VERSION = "2024-01-01";

/**
 * Every code the auth endpoints answer with, one named constant each (as supabase/auth's
 * `apierrors/errorcode.go` does). The values are GoTrue's; supabase-js matches on them.
 */
export const AuthErrorCode = {
  ValidationFailed: "validation_failed",
  BadJSON: "bad_json",
  RequestTooLarge: "request_entity_too_large",
  WeakPassword: "weak_password",
  UserAlreadyExists: "user_already_exists",
  InvalidCredentials: "invalid_credentials",
  RefreshTokenNotFound: "refresh_token_not_found",
  RefreshTokenAlreadyUsed: "refresh_token_already_used",
  UnsupportedGrantType: "unsupported_grant_type",
  NoAuthorization: "no_authorization",
  BadJWT: "bad_jwt",
  SessionNotFound: "session_not_found",
  UserNotFound: "user_not_found",
  NotFound: "not_found",
  EmailNotConfirmed: "email_not_confirmed",
  OtpExpired: "otp_expired",
  SamePassword: "same_password",
  EmailExists: "email_exists",
  CurrentPasswordMismatch: "current_password_mismatch",
  /** A password change from a session that was not opened by a recovery link or code. */
  CurrentPasswordRequired: "current_password_required",
  /** Ours: a public site without SMTP_URL cannot send account emails (docs/decisions/0069). */
  EmailNotConfigured: "email_not_configured",
  /** A PKCE auth code that is unknown, used or expired (docs/decisions/0082). */
  FlowStateNotFound: "flow_state_not_found",
  /** The code verifier does not match the challenge the link was asked for with. */
  BadCodeVerifier: "bad_code_verifier",
  OverRequestRateLimit: "over_request_rate_limit",
  UnexpectedFailure: "unexpected_failure",
  /** Ours: the database is out of reach for a moment (supabase-js retries a 503). */
  ServiceUnavailable: "service_unavailable",
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

/**
 * The HTTP status of each auth code, here and nowhere else. Exhaustive: a new code without a
 * status fails the typecheck at `unhandled`. Only `unexpected_failure` and `service_unavailable`
 * are 5xx.
 */
export function authStatusOf(
  code: AuthErrorCode,
): 400 | 401 | 403 | 404 | 413 | 422 | 429 | 500 | 503 {
  switch (code) {
    case AuthErrorCode.ValidationFailed:
    case AuthErrorCode.BadJSON:
    case AuthErrorCode.InvalidCredentials:
    case AuthErrorCode.RefreshTokenNotFound:
    case AuthErrorCode.RefreshTokenAlreadyUsed:
    case AuthErrorCode.UnsupportedGrantType:
    case AuthErrorCode.EmailNotConfirmed:
      return 400;
    case AuthErrorCode.NoAuthorization:
      return 401;
    case AuthErrorCode.BadJWT:
    case AuthErrorCode.SessionNotFound:
    case AuthErrorCode.UserNotFound:
    case AuthErrorCode.OtpExpired:
    case AuthErrorCode.BadCodeVerifier:
      return 403;
    case AuthErrorCode.NotFound:
    case AuthErrorCode.FlowStateNotFound:
      return 404;
    case AuthErrorCode.RequestTooLarge:
      return 413;
    case AuthErrorCode.WeakPassword:
    case AuthErrorCode.UserAlreadyExists:
    case AuthErrorCode.SamePassword:
    case AuthErrorCode.EmailExists:
    case AuthErrorCode.CurrentPasswordMismatch:
    case AuthErrorCode.CurrentPasswordRequired:
    case AuthErrorCode.EmailNotConfigured:
      return 422;
    case AuthErrorCode.OverRequestRateLimit:
      return 429;
    case AuthErrorCode.UnexpectedFailure:
      return 500;
    case AuthErrorCode.ServiceUnavailable:
      return 503;
    default: {
      const unhandled: never = code;
      throw new Error(`no HTTP status for auth error code ${String(unhandled)}`);
    }
  }
}

export class AuthError extends Error {
  readonly status: ReturnType<typeof authStatusOf>;

  constructor(
    readonly code: AuthErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Seconds, sent as `Retry-After` (a 429 says when to come back). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "AuthError";
    this.status = authStatusOf(code);
  }
}

const C = AuthErrorCode;

export const authErrors = {
  validation: (message: string) => new AuthError(C.ValidationFailed, message),
  badJson: () => new AuthError(C.BadJSON, "Could not parse request body as JSON"),
  tooLarge: () => new AuthError(C.RequestTooLarge, "Request body is too large"),
  invalidEmail: () =>
    new AuthError(C.ValidationFailed, "Unable to validate email address: invalid format"),
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(C.WeakPassword, message, { weak_password: { reasons } }),
  userExists: () => new AuthError(C.UserAlreadyExists, "User already registered"),
  invalidCredentials: () => new AuthError(C.InvalidCredentials, "Invalid login credentials"),
  refreshNotFound: () =>
    new AuthError(C.RefreshTokenNotFound, "Invalid Refresh Token: Refresh Token Not Found"),
  refreshAlreadyUsed: () =>
    new AuthError(C.RefreshTokenAlreadyUsed, "Invalid Refresh Token: Already Used"),
  unsupportedGrant: () =>
    new AuthError(
      C.UnsupportedGrantType,
      "unsupported_grant_type: use password, refresh_token or pkce",
    ),
  noAuthorization: () =>
    new AuthError(C.NoAuthorization, "This endpoint requires a valid Bearer token"),
  badJwt: (detail = "invalid or expired token") =>
    new AuthError(C.BadJWT, `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () =>
    new AuthError(C.SessionNotFound, "Session from session_id claim in JWT does not exist"),
  userNotFound: () => new AuthError(C.UserNotFound, "User from sub claim in JWT does not exist"),
  emailNotConfirmed: () => new AuthError(C.EmailNotConfirmed, "Email not confirmed"),
  /** Wrong, expired, used or locked: one answer, so a guess learns nothing. */
  otpExpired: () => new AuthError(C.OtpExpired, "Token has expired or is invalid"),
  samePassword: () =>
    new AuthError(C.SamePassword, "New password should be different from the old password."),
  emailExists: () =>
    new AuthError(C.EmailExists, "A user with this email address has already been registered"),
  currentPasswordMismatch: () =>
    new AuthError(C.CurrentPasswordMismatch, "Your current password is not correct."),
  currentPasswordRequired: (change: "password" | "email" = "password") =>
    new AuthError(
      C.CurrentPasswordRequired,
      change === "password"
        ? "Current password required when setting new password."
        : "Current password required when changing email.",
    ),
  flowStateNotFound: () =>
    new AuthError(C.FlowStateNotFound, "invalid flow state, no valid flow state found"),
  badCodeVerifier: () =>
    new AuthError(
      C.BadCodeVerifier,
      "code challenge does not match previously saved code verifier",
    ),
  emailNotConfigured: () =>
    new AuthError(
      C.EmailNotConfigured,
      "Email is not configured on this server, so account emails cannot be sent.",
    ),
  rateLimited: (retryAfterSeconds: number) =>
    new AuthError(
      C.OverRequestRateLimit,
      "Request rate limit reached",
      {},
      Math.max(1, Math.ceil(retryAfterSeconds)),
    ),
  notFound: () => new AuthError(C.NotFound, "Not found"),
  unavailable: () =>
    new AuthError(
      C.ServiceUnavailable,
      "The service is briefly unavailable. Please try again in a moment.",
    ),
  /** Never a client's fault; the message leaks nothing. */
  unexpected: () =>
    new AuthError(C.UnexpectedFailure, "Something went wrong on our side. Please try again."),
};

export function authErrorResponse(c: Context, error: AuthError): Response {
  c.header(API_VERSION_HEADER, API_VERSION);
  if (error.retryAfter !== undefined) c.header("Retry-After", String(error.retryAfter));
  return c.json(
    {
      code: error.code,
      message: error.message,
      error_code: error.code,
      msg: error.message,
      ...error.extra,
    },
    error.status,
  );
}
