import { useEffect, useRef, useState } from "react";
import { toast } from "@/client/components/ui/toaster";
import { describeApiError, isAborted } from "@/client/lib/api-client";
import { MAX_AUDIO_BYTES, MAX_RECORDING_SECONDS } from "@/shared/practice-limits";
import { useGenerateAnswer } from "./generate-answer";
import { describeLimit } from "./recording-panel";
import type { SavedPractice } from "./saved-practice";
import { useTranscribeAudio } from "./transcribe-audio";
import {
  toastRecorderError,
  useRecorder,
  useRecordingStarted,
  type Recording,
  type RecorderError,
} from "./use-recorder";

/**
 * The own-question round ("Ask your own question"; not a practice session, which is stored):
 * record the interviewer's question, which is transcribed as soon as the recording stops (again
 * on request, for a retry), or type it; then stream a sample answer. Owns the recorder, the two
 * calls and what the screen-reader status line says; toast texts follow docs/product-spec.md (failures of the calls are toasted by
 * the query client, lib/query-client.ts). Leaving the page cancels whatever is still running.
 * `restored`: the question and answer the tab showed before a reload (saved-practice.ts).
 */
export function useOwnQuestionRound(restored?: SavedPractice | null) {
  const [question, setQuestion] = useState(restored?.question ?? "");
  const [transcriptSource, setTranscriptSource] = useState(restored?.transcriptSource ?? null);
  const [uncertain, setUncertain] = useState(restored?.uncertain ?? false);
  const [answer, setAnswer] = useState(restored?.answer ?? "");
  const [answerSource, setAnswerSource] = useState(restored?.answerSource ?? null);
  const [status, setStatus] = useState("");
  const requests = useRef(new Set<AbortController>());
  const answerAbort = useRef<AbortController | null>(null);
  const transcription = useTranscribeAudio();
  const answering = useGenerateAnswer();

  const recorder = useRecorder({
    subject: "question",
    maxSeconds: MAX_RECORDING_SECONDS,
    maxBytes: MAX_AUDIO_BYTES,
    onStopped(recording) {
      toast("Recording stopped", { description: "Processing your audio..." });
      setStatus(
        recording.autoStopped
          ? `Recording stopped at the ${describeLimit(MAX_RECORDING_SECONDS)} limit. Transcribing it...`
          : "Recording stopped. Transcribing it...",
      );
      // Nobody records a question to keep it as audio: the transcript is the next step.
      transcribe(recording);
    },
    onError(error: RecorderError) {
      toastRecorderError(error);
      setStatus(error.message);
    },
  });
  useRecordingStarted(recorder.status, () =>
    toast("Recording started", { description: "Speak your interview question..." }),
  );

  useEffect(() => {
    const live = requests.current;
    return () => {
      for (const controller of live) controller.abort();
    };
  }, []);

  function track() {
    const controller = new AbortController();
    requests.current.add(controller);
    return controller;
  }

  /** Whether the question field holds this recording's transcript (the button then retries). */
  const [transcribed, setTranscribed] = useState<Recording | null>(null);

  function transcribe(recording: Recording | null = recorder.recording) {
    if (!recording) {
      toast.error("No audio", { description: "Please record audio first" });
      return;
    }
    const controller = track();
    setStatus("Transcribing your recording...");
    transcription.mutate(
      { audio: recording.base64, signal: controller.signal },
      {
        onSuccess(transcript) {
          setTranscribed(recording);
          setQuestion(transcript.text);
          setTranscriptSource(transcript.source);
          setUncertain(Boolean(transcript.uncertain));
          toast.success("Audio transcribed", { description: "Question captured successfully!" });
          setStatus(`Question captured: ${transcript.text}`);
        },
        onError(error) {
          if (!isAborted(error)) {
            setStatus(`Failed to transcribe audio. ${describeApiError(error)}`);
          }
        },
        onSettled: () => requests.current.delete(controller),
      },
    );
  }

  function generate() {
    if (answerAbort.current) return; // one answer at a time
    if (!question.trim()) {
      toast.error("No question", { description: "Please record and transcribe a question first" });
      return;
    }
    const controller = track();
    answerAbort.current = controller;
    setAnswer("");
    setAnswerSource(null);
    setStatus("Writing your sample answer...");
    answering.mutate(
      {
        question: question.trim(),
        onDelta: (delta) => setAnswer((text) => text + delta),
        signal: controller.signal,
      },
      {
        onSuccess({ source }) {
          setAnswerSource(source);
          toast.success("Answer generated", { description: "Your AI-powered answer is ready!" });
          setStatus("Your sample answer is ready.");
        },
        onError(error) {
          setStatus(
            isAborted(error)
              ? "Stopped. The answer so far is kept."
              : `Failed to generate answer. ${describeApiError(error)}`,
          );
        },
        onSettled() {
          requests.current.delete(controller);
          answerAbort.current = null;
        },
      },
    );
  }

  return {
    recorder,
    transcribing: transcription.isPending,
    /** The current recording has been transcribed: its button now transcribes it again. */
    transcribed: transcribed !== null && transcribed === recorder.recording,
    transcribe: () => transcribe(),
    question,
    transcriptSource,
    uncertain,
    /** The user edits the question: it is theirs now, no longer a doubtful transcript. */
    editQuestion(text: string) {
      setQuestion(text);
      setUncertain(false);
    },
    answer,
    answerSource,
    generating: answering.isPending,
    generate,
    stopGenerating: () => answerAbort.current?.abort(),
    /** For the screen-reader status line. */
    status,
  };
}
