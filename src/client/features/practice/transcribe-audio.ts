import { transcribeAudioResponse, type TranscribeAudioResponse } from "@/shared/practice";
import { invokeFunction } from "@/client/lib/api-client";

/** transcribe-audio: the recording (base64 WebM) → the question's text and its engine. */
export const transcribeAudio = (
  audio: string,
  signal?: AbortSignal,
): Promise<TranscribeAudioResponse> =>
  invokeFunction("transcribe-audio", { schema: transcribeAudioResponse, body: { audio }, signal });
