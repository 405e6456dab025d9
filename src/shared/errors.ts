import { z } from "zod";

/**
 * The machine codes of our own endpoints (`/functions/v1`, `/billing`, everything but
 * `/auth/v1`, which keeps GoTrue's codes). The server derives each code's HTTP status from the
 * code alone (`src/server/http/errors.ts`); the browser reads the code to decide what to say.
 */
export const errorCodes = [
  // 400
  "bad_request",
  "bad_json",
  "validation_failed",
  "invalid_base64",
  "empty_audio",
  "question_required",
  "question_too_long",
  "invalid_signature",
  /** A typed email or password that is not the account's (closing an account). */
  "invalid_credentials",
  // 401 / 403 / 404 / 405
  "unauthorized",
  "subscription_required",
  "forbidden",
  "not_found",
  "no_customer",
  "method_not_allowed",
  /** A request that took longer to arrive than the server allows (its headers, or all of it). */
  "request_timeout",
  // 409
  "conflict",
  // 413 / 415 / 422 / 429 / 431
  "payload_too_large",
  "unsupported_media_type",
  "unsupported_audio_format",
  "unprocessable",
  "recording_too_long",
  "unrecognised_speech",
  /** An uploaded file with no text to read (a scanned CV): paste the text instead. */
  "no_text_found",
  "rate_limited",
  /** Request headers over the server's limit (Node's 16 KB), such as an oversized cookie. */
  "headers_too_large",
  // 5xx
  "internal",
  "bad_gateway",
  "billing_provider_error",
  "engine_failed",
  "unavailable",
  "engine_unavailable",
  "gateway_timeout",
  "engine_timeout",
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** One problem with one field of a request, as a validation failure lists them. */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * `{ "error": { "code", "message", "details"?, "requestId" } }` — the one error envelope.
 * `details`, when present, lists field problems (validation failures); `requestId` is the
 * request's `X-Request-Id`, which the server's log lines carry too. The code is a plain string on
 * the read side so that a client survives a server that knows more codes than it does, and
 * `requestId` is optional there so that it survives a proxy's or an older server's envelope.
 */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(fieldIssueSchema).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
