import { useMutation } from "@tanstack/react-query";
import type { TranscribeAudioResponse } from "@/shared/practice";
import { invokeFunction } from "@/client/lib/api-client";

/** transcribe-audio: the recording (base64 WebM) → the question's text and its engine. */
const transcribeAudio = (audio: string, signal?: AbortSignal): Promise<TranscribeAudioResponse> =>
  invokeFunction("transcribe-audio", { audio }, { signal });

/** Transcribes a recording; a failure toasts 'Failed to transcribe audio' with the reason. */
export const useTranscribeAudio = () =>
  useMutation({
    mutationFn: ({ audio, signal }: { audio: string; signal?: AbortSignal }) =>
      transcribeAudio(audio, signal),
    meta: { errorToast: { title: "Failed to transcribe audio" } },
  });
