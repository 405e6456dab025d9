import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode, ErrorEnvelope, FieldIssue } from "@/shared/errors";
import type { AppEnv } from "./env";

/**
 * One error envelope for our own endpoints:
 * `{ "error": { "code", "message", "details"?, "requestId" } }` (`errorEnvelopeSchema` in
 * src/shared/errors.ts); `requestId` is the `X-Request-Id` the answer carries and the `reqId` of
 * the request's log lines. The auth endpoints keep GoTrue's shape (auth/errors.ts). An error names its code; the status follows from the code, here and
 * nowhere else (docs/decisions/0061).
 */
export type { ErrorCode, FieldIssue };

/**
 * The HTTP status of each code. Exhaustive: a code added to `errorCodes` without a status here
 * fails the typecheck at `unhandled`.
 */
export function statusOf(code: ErrorCode): ContentfulStatusCode {
  switch (code) {
    case "bad_request":
    case "bad_json":
    case "validation_failed":
    case "invalid_base64":
    case "empty_audio":
    case "question_required":
    case "question_too_long":
    case "invalid_signature":
    case "invalid_credentials":
      return 400;
    case "unauthorized":
      return 401;
    case "subscription_required":
    case "forbidden":
      return 403;
    case "not_found":
    case "no_customer":
      return 404;
    case "method_not_allowed":
      return 405;
    case "request_timeout":
      return 408;
    case "conflict":
      return 409;
    case "payload_too_large":
      return 413;
    case "unsupported_media_type":
    case "unsupported_audio_format":
      return 415;
    case "unprocessable":
    case "recording_too_long":
    case "unrecognised_speech":
    case "no_text_found":
      return 422;
    case "rate_limited":
      return 429;
    case "headers_too_large":
      return 431;
    case "internal":
      return 500;
    case "bad_gateway":
    case "billing_provider_error":
    case "engine_failed":
      return 502;
    case "unavailable":
    case "engine_unavailable":
      return 503;
    case "gateway_timeout":
    case "engine_timeout":
      return 504;
    default: {
      const unhandled: never = code;
      throw new Error(`no HTTP status for error code ${String(unhandled)}`);
    }
  }
}

/**
 * The code for a client-error status someone else chose: an `HTTPException` thrown inside Hono
 * or a middleware. Statuses without a code of their own answer 400 `bad_request`.
 */
export function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 422:
      return "unprocessable";
    case 429:
      return "rate_limited";
    default:
      return "bad_request";
  }
}

export type ApiErrorOptions = {
  /** Field problems of a validation failure (see `validationFailed`). */
  details?: FieldIssue[];
  /** Headers the answer carries, e.g. `Retry-After` or `Allow`. */
  headers?: Record<string, string>;
};

/** An error to answer with: throw it from a handler or module; `onError` sends it. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly details?: FieldIssue[];
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = statusOf(code);
    this.details = options.details;
    this.headers = options.headers;
  }
}

/** The envelope of `error`, naming the request it answers (set by the first middleware in app.ts). */
export function errorBody(error: ApiError, requestId: string | undefined): ErrorEnvelope {
  const { code, message, details } = error;
  return {
    error: {
      code,
      message,
      ...(details === undefined ? {} : { details }),
      ...(requestId === undefined ? {} : { requestId }),
    },
  };
}

export function sendError(c: Context, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  const { requestId } = c.var as Partial<AppEnv["Variables"]>;
  return c.json(errorBody(error, requestId), error.status);
}

/** A failed zod parse, as far as the envelope needs it (zod 4 or 3, core or classic). */
export type SchemaError = {
  issues: readonly { code: string; path: readonly PropertyKey[]; message: string }[];
};

/** The field problems of a zod failure, as `details` lists them: `[{ path, message }]`. */
function fieldIssues(error: SchemaError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}

/** 400 `validation_failed`: `message` says what the request should be, `details` what was wrong. */
export function validationFailed(message: string, error: SchemaError): ApiError {
  return new ApiError("validation_failed", message, { details: fieldIssues(error) });
}

/**
 * 413 `payload_too_large`, the one way we build it. With `limitBytes` the message names the
 * limit: `payloadTooLarge("The recording is too large", 10 MB)` → "The recording is too large
 * (the limit is 10 MB)."
 */
export function payloadTooLarge(message: string, limitBytes?: number): ApiError {
  if (limitBytes === undefined) return new ApiError("payload_too_large", message);
  const limit =
    limitBytes >= 1024 * 1024
      ? `${Math.floor(limitBytes / 1024 / 1024)} MB`
      : `${Math.floor(limitBytes / 1024)} KB`;
  return new ApiError("payload_too_large", `${message} (the limit is ${limit}).`);
}
