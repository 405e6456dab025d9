import { ApiError, payloadTooLarge } from "@/server/http/errors";
import {
  MAX_AUDIO_BASE64_CHARS,
  MAX_AUDIO_BYTES,
  MAX_RECORDING_SECONDS,
  RECORDING_DURATION_SLACK_SECONDS,
} from "@/shared/practice-limits";
import { inspectWebm } from "@/server/audio/webm";

/**
 * Turns the `audio` field of transcribe-audio into checked bytes: strict base64, not empty, not
 * too large, a WebM container with an Opus track, not longer than the recording limit. Every
 * check happens before any engine sees the bytes, and each failure has its own code.
 */
export type RecordingLimits = {
  /** Longest recording accepted (the server allows RECORDING_DURATION_SLACK_SECONDS over it). */
  maxSeconds: number;
  /** What was recorded, for messages: "question" or "answer". */
  what: string;
};

const questionLimits: RecordingLimits = { maxSeconds: MAX_RECORDING_SECONDS, what: "question" };

export function decodeRecording(
  audio: string,
  limits: RecordingLimits = questionLimits,
): Uint8Array {
  const base64 = audio.replace(/^data:[^,]{0,200},/, "").replace(/\s+/g, "");
  if (base64.length === 0) {
    throw new ApiError(
      "empty_audio",
      `The recording is empty. Please record your ${limits.what} again.`,
    );
  }
  if (base64.length > MAX_AUDIO_BASE64_CHARS) throw tooLarge();
  if (!isBase64(base64)) {
    throw new ApiError("invalid_base64", "audio must be base64-encoded.");
  }
  const bytes = new Uint8Array(
    Buffer.from(base64, base64.includes("-") || base64.includes("_") ? "base64url" : "base64"),
  );
  if (bytes.length === 0) {
    throw new ApiError(
      "empty_audio",
      `The recording is empty. Please record your ${limits.what} again.`,
    );
  }
  if (bytes.length > MAX_AUDIO_BYTES) throw tooLarge();

  const info = inspectWebm(bytes);
  if (!info.ok) {
    throw new ApiError(
      "unsupported_audio_format",
      `The recording must be WebM audio with Opus (${info.reason}).`,
    );
  }
  if (
    info.durationSeconds !== null &&
    info.durationSeconds > limits.maxSeconds + RECORDING_DURATION_SLACK_SECONDS
  ) {
    throw new ApiError(
      "recording_too_long",
      `The recording is ${Math.round(info.durationSeconds)} seconds long; the limit is ${limits.maxSeconds}.`,
    );
  }
  return bytes;
}

/**
 * How long a checked recording is, for the per-user audio budget: the container's own measure, or
 * for one that gives none, its size at 32 kbit/s (the recorder's rate), which never undercounts it.
 */
export function recordingSeconds(bytes: Uint8Array): number {
  const info = inspectWebm(bytes);
  const measured = info.ok ? info.durationSeconds : null;
  return measured ?? bytes.length / 4000;
}

function tooLarge() {
  return payloadTooLarge("The recording is too large", MAX_AUDIO_BYTES);
}

function isBase64(value: string): boolean {
  if (value.length % 4 === 1) return false;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    return !value.includes("=") || value.length % 4 === 0;
  }
  return /^[A-Za-z0-9_-]+$/.test(value);
}
