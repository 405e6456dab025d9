import { EngineError } from "@/server/ai/engine";
import { isRecordingTooLong } from "@/server/ai/offline/transcriber";
import { ApiError } from "@/server/http/errors";

/** Maps what an engine reports to the code the browser sees (docs/decisions/0051). */
export function engineFailure(error: EngineError): ApiError {
  switch (error.kind) {
    case "unrecognised":
      return new ApiError("unrecognised_speech", error.message);
    case "invalid_audio":
      if (isRecordingTooLong(error)) return new ApiError("recording_too_long", error.message);
      return new ApiError("unsupported_audio_format", error.message);
    case "timeout":
      return new ApiError("engine_timeout", error.message);
    case "unavailable":
      // A busy provider said when it takes requests again: so do we (the message says it too).
      return new ApiError(
        "engine_unavailable",
        error.message,
        error.retryAfterSeconds === undefined
          ? {}
          : { headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    case "upstream":
      return new ApiError("engine_failed", error.message);
  }
}

/** Rethrows an engine's failure as the API error to answer with; anything else unchanged. */
export function asApiError(error: unknown): unknown {
  return error instanceof EngineError ? engineFailure(error) : error;
}
