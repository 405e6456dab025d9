import { transcribeAudioResponse, type TranscribeAudioResponse } from "@/shared/practice";
import { invokePractice, PracticeRequestError } from "./practice-request";

/** transcribe-audio: the recording (base64 WebM) → the question's text and its engine. */
export async function transcribeAudio(
  audio: string,
  signal?: AbortSignal,
): Promise<TranscribeAudioResponse> {
  const data = await invokePractice("transcribe-audio", { audio }, signal);
  const parsed = transcribeAudioResponse.safeParse(data);
  if (!parsed.success)
    throw new PracticeRequestError("The server's answer was not understood.", "bad_response");
  return parsed.data;
}
