import type { Transcriber } from "@/server/ai/engine";
import { functionBody } from "@/server/http/validate";
import type { AuthedEnv } from "@/server/http/env";
import type { TranscribeAudioRequest, TranscribeAudioResponse } from "@/shared/practice";
import { decodeRecording, recordingSeconds } from "./practice-audio";
import type { AudioBudget } from "./practice-rate-limit";
import { asApiError } from "./practice-errors";

/**
 * transcribe-audio: `{ audio }` (base64 WebM/Opus) → `{ text, source, confidence?, uncertain? }`.
 * The audio is checked completely (practice-audio.ts) before the engine sees it.
 */
export const transcribeAudioBody = functionBody<"transcribe-audio", AuthedEnv>(
  "transcribe-audio",
  "The request must be a JSON object with `audio`: the recording as a base64 string.",
);

export async function transcribeAudio(
  deps: { transcriber: Transcriber; audioBudget: AudioBudget },
  userId: string,
  request: TranscribeAudioRequest,
  signal?: AbortSignal,
): Promise<TranscribeAudioResponse> {
  const bytes = decodeRecording(request.audio);
  await deps.audioBudget.charge(userId, recordingSeconds(bytes));
  try {
    const transcript = await deps.transcriber.transcribe(
      { bytes, mimeType: "audio/webm" },
      signal,
      userId,
    );
    const result: TranscribeAudioResponse = {
      text: transcript.text.trim(),
      source: transcript.source,
    };
    if (transcript.confidence !== undefined) result.confidence = transcript.confidence;
    if (transcript.uncertain) result.uncertain = true;
    return result;
  } catch (error) {
    throw asApiError(error);
  }
}
