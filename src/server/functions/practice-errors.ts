import type { Context } from "hono";
import { EngineError } from "../ai/engine";
import { isRecordingTooLong } from "../ai/offline/transcriber";
import { ApiError } from "../http/errors";
import { practiceErrorCodes as codes } from "@/shared/practice";

/** Maps what an engine reports to the status and code the browser sees (docs/decisions/0051). */
export function engineFailure(error: EngineError): ApiError {
  switch (error.kind) {
    case "unrecognised":
      return new ApiError(codes.unrecognised, error.message, 422);
    case "invalid_audio":
      if (isRecordingTooLong(error)) {
        return new ApiError(codes.recordingTooLong, error.message, 422);
      }
      return new ApiError(codes.unsupportedAudio, error.message, 415);
    case "timeout":
      return new ApiError(codes.engineTimeout, error.message, 504);
    case "unavailable":
      return new ApiError(codes.engineUnavailable, error.message, 503);
    case "upstream":
      return new ApiError(codes.engineFailed, error.message, 502);
  }
}

/** Rethrows an engine's failure as the API error to answer with; anything else unchanged. */
export function asApiError(error: unknown): unknown {
  return error instanceof EngineError ? engineFailure(error) : error;
}

/** The request body as JSON; 400 `bad_json` when it is not (any Content-Type is accepted). */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("bad_json", "The request body must be JSON.", 400);
  }
}

/** 413 in our envelope; used by the body-size limit before the body is read. */
export function payloadTooLarge(limitBytes: number): ApiError {
  return new ApiError(
    codes.audioTooLarge,
    `The request is too large (the limit is ${
      limitBytes >= 1024 * 1024
        ? `${Math.floor(limitBytes / 1024 / 1024)} MB`
        : `${Math.floor(limitBytes / 1024)} KB`
    }).`,
    413,
  );
}
