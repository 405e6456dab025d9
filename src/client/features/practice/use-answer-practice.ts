import { useEffect, useRef, useState } from "react";
import { toast } from "@/client/components/ui/toaster";
import { describeApiError, isAborted } from "@/client/lib/api-client";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import {
  hasWords,
  MAX_ANSWER_AUDIO_BYTES,
  MAX_ANSWER_RECORDING_SECONDS,
  type Feedback,
} from "@/shared/feedback";
import { createAnswerDraft } from "./answer-draft";
import { useCorrectTranscript } from "./correct-transcript";
import { useEvaluateAnswer } from "./evaluate-answer";
import { describeLimit } from "./recording-panel";
import { scoreWord } from "@/client/components/score-bars";
import {
  toastRecorderError,
  useRecorder,
  useRecordingStarted,
  type RecorderError,
} from "./use-recorder";

export type AnswerMode = "speak" | "type";

/** One scored answer, with the question it answered. */
export type ScoredAnswer = { question: string; feedback: Feedback };

/**
 * Step 3, the user's own answer: record it (its own recorder, up to 3 minutes) or type it, have it
 * scored, and try again. Every attempt of the visit is kept so a new score can be compared with the
 * previous one at the same question. Failures of the call are toasted by the query client
 * ('Failed to get feedback', lib/query-client.ts); leaving the page cancels a call in flight.
 */
export function useAnswerPractice(
  question: string,
  attemptOf?: string,
  /** The typed answer and last report the tab showed before a reload (saved-practice.ts). */
  restored?: { typed: string; latest: ScoredAnswer | null } | null,
) {
  const [mode, setMode] = useState<AnswerMode>(restored?.typed ? "type" : "speak");
  const [typed, setTyped] = useState(restored?.typed ?? "");
  const [attempts, setAttempts] = useState<ScoredAnswer[]>(
    restored?.latest ? [restored.latest] : [],
  );
  const [status, setStatus] = useState("");
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const evaluation = useEvaluateAnswer();
  const correction = useCorrectTranscript();
  const lowAnxiety = useLowAnxiety();
  const [draft] = useState(createAnswerDraft);
  /**
   * The key of the answer last sent: the same recording, or the same words, to the same question is
   * the same answer sent again; anything else is a new one (the server refuses a key reused for
   * different words).
   */
  const sentKey = useRef<{ of: readonly unknown[]; id: string } | null>(null);
  const keyOf = (...of: unknown[]) => {
    const last = sentKey.current;
    if (last?.of.length === of.length && last.of.every((part, i) => part === of[i])) return last.id;
    sentKey.current = { of, id: crypto.randomUUID() };
    return sentKey.current.id;
  };

  const recorder = useRecorder({
    subject: "answer",
    maxSeconds: MAX_ANSWER_RECORDING_SECONDS,
    maxBytes: MAX_ANSWER_AUDIO_BYTES,
    onStopped(recording) {
      setStatus(
        recording.autoStopped
          ? `Recording stopped at the ${describeLimit(MAX_ANSWER_RECORDING_SECONDS)} limit. Play it back, or get feedback.`
          : "Your answer is recorded. Play it back, or get feedback.",
      );
    },
    onError(error: RecorderError) {
      toastRecorderError(error);
      setStatus(error.message);
    },
    onChunk: (chunk, done) => draft.push(chunk, done, question.trim()),
  });
  useRecordingStarted(recorder.status, () => {
    toast("Recording started", { description: "Answer as you would in the interview..." });
    setStatus("Recording your answer.");
  });

  useEffect(() => () => inFlight.current?.abort(), []);

  function evaluate() {
    if (inFlight.current) return; // one at a time
    const asked = question.trim();
    if (!asked) {
      toast.error("No question", { description: "Please record and transcribe a question first" });
      return;
    }
    const answer = typed.trim();
    const recording = recorder.recording;
    if (mode === "speak" && !recording) {
      toast.error("No answer", { description: "Record your answer first, or type it" });
      return;
    }
    if (mode === "type" && !hasWords(answer)) {
      toast.error("No answer", { description: "Type your answer first, or record it" });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setStartedAt(performance.now());
    setStatus("Scoring your answer...");
    const request =
      mode === "speak"
        ? {
            question: asked,
            audio: recording!.base64,
            attemptOf,
            answerId: keyOf(asked, attemptOf, recording),
            signal: controller.signal,
          }
        : {
            question: asked,
            answer,
            attemptOf,
            answerId: keyOf(asked, attemptOf, answer),
            signal: controller.signal,
          };
    // The last second of a recording may still be on its way as a draft: let it arrive first.
    void (mode === "speak" ? draft.flushed(1500) : Promise.resolve()).then(() =>
      evaluation.mutate(request, {
        onSuccess(feedback) {
          const previous = attempts.findLast((attempt) => attempt.question === asked);
          setAttempts((list) => [...list, { question: asked, feedback }]);
          if (feedback.approximate) {
            // The report opens on the transcript first (FeedbackCard's "Check what we heard").
            toast.success("Check what we heard", {
              description:
                "The recogniser was unsure of some words. Correct them, or score it as heard.",
            });
            setStatus("Check what we heard: correct the transcript, or score it as heard.");
          } else if (lowAnxiety) {
            toast.success("Feedback ready", { description: "Your feedback is below." });
            setStatus(
              `Feedback ready: ${scoreWord(feedback.scores.overall).toLowerCase()} overall.`,
            );
          } else {
            toast.success("Feedback ready", {
              description: `Your answer scored ${feedback.scores.overall.toFixed(1)} out of 5.`,
            });
            setStatus(
              `Feedback ready: ${feedback.scores.overall.toFixed(1)} out of 5` +
                (previous ? `, ${describeChange(feedback, previous.feedback)}.` : "."),
            );
          }
        },
        onError(error) {
          setStatus(
            isAborted(error)
              ? "Cancelled. Your answer is kept."
              : `Failed to get feedback. ${describeApiError(error)}`,
          );
        },
        onSettled() {
          inFlight.current = null;
          setStartedAt(null);
        },
      }),
    );
  }

  const latest = attempts.at(-1) ?? null;
  const previous = latest
    ? attempts.findLast((attempt) => attempt !== latest && attempt.question === latest.question)
    : undefined;

  return {
    mode,
    setMode,
    typed,
    setTyped,
    recorder,
    evaluate,
    cancel: () => inFlight.current?.abort(),
    evaluating: startedAt !== null || evaluation.isPending,
    /** performance.now() when the current call started, for the progress line. */
    startedAt,
    latest,
    previous: previous ?? null,
    /** Scores of every attempt at the latest attempt's question, oldest first. */
    trend: latest
      ? attempts
          .filter((attempt) => attempt.question === latest.question)
          .map((attempt) => attempt.feedback.scores.overall)
      : [],
    /** Start over on the same question: the last answer goes, its feedback stays for comparison. */
    tryAgain() {
      recorder.discard();
      setTyped("");
      setStatus("Answer again: record or type a new answer, then get feedback.");
    },
    /**
     * Fix what the recogniser misheard in a spoken answer (docs/decisions/0092): the same attempt
     * is scored again from the corrected words, keeping its delivery; not a new try. Resolves
     * true once the report shows the new feedback.
     */
    async correctTranscript(attemptId: string, transcript: string): Promise<boolean> {
      setStatus("Scoring your correction...");
      try {
        const feedback = await correction.mutateAsync({ attemptId, transcript });
        setAttempts((list) =>
          list.map((attempt) =>
            attempt.feedback.id === attemptId ? { ...attempt, feedback } : attempt,
          ),
        );
        setStatus(
          lowAnxiety
            ? "Feedback updated from your correction."
            : `Feedback updated from your correction: ${feedback.scores.overall.toFixed(1)} out of 5.`,
        );
        return true;
      } catch (error) {
        setStatus(`Your correction was not scored. ${describeApiError(error)}`);
        return false;
      }
    },
    /** For the screen-reader status line. */
    status,
  };
}

/** "up 0.4 from your last try (3.5)" */
function describeChange(now: Feedback, before: Feedback): string {
  const delta = Math.round((now.scores.overall - before.scores.overall) * 10) / 10;
  const was = before.scores.overall.toFixed(1);
  if (delta === 0) return `the same as your last try (${was})`;
  return `${delta > 0 ? "up" : "down"} ${Math.abs(delta).toFixed(1)} from your last try (${was})`;
}
