import { Check, Copy, Mic, RotateCcw, Sparkles, Square, Wand2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { describeApiError } from "@/client/lib/api-client";
import { toast } from "@/client/components/ui/toaster";
import { describeEngine, type PracticeConfigResponse } from "@/shared/practice";
import { MAX_QUESTION_CHARS, MAX_RECORDING_SECONDS } from "@/shared/practice-limits";
import { generateAnswer } from "./generate-answer";
import { LevelMeter } from "./level-meter";
import { getPracticeConfig } from "./get-practice-config";
import { transcribeAudio } from "./transcribe-audio";
import { useRecorder, type RecorderError } from "./use-recorder";

/**
 * The practice tools a subscriber sees: record the interviewer's question, have it transcribed
 * (or type it), then watch a sample answer being written. Toast texts follow the product spec.
 */
export function PracticeArea() {
  const [question, setQuestion] = useState("");
  const [transcriptSource, setTranscriptSource] = useState<string | null>(null);
  const [uncertain, setUncertain] = useState(false);
  const [transcribing, setTranscribing] = useState(false);
  const [answer, setAnswer] = useState("");
  const [answerSource, setAnswerSource] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [copied, setCopied] = useState(false);
  const [status, setStatus] = useState("");
  const requests = useRef(new Set<AbortController>());
  const answerAbort = useRef<AbortController | null>(null);
  const questionId = useId();

  const recorder = useRecorder({
    onStopped(recording) {
      toast("Recording stopped", { description: "Processing your audio..." });
      setStatus(
        recording.autoStopped
          ? `Recording stopped at the ${MAX_RECORDING_SECONDS / 60}-minute limit. Your recording is ready to play back or transcribe.`
          : "Your recording is ready to play back or transcribe.",
      );
    },
    onError(error: RecorderError) {
      if (error.reason === "empty") toast.error("No audio", { description: error.message });
      else toast.error("Failed to access microphone", { description: error.message });
      setStatus(error.message);
    },
  });
  const { recording } = recorder;
  const recordingActive = recorder.status === "recording" || recorder.status === "requesting";

  // Which engines this server uses, shown before the first call (best effort).
  const [engines, setEngines] = useState<PracticeConfigResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getPracticeConfig(controller.signal).then(setEngines, () => {});
    return () => controller.abort();
  }, []);

  // Leaving the page cancels whatever is still running.
  useEffect(() => {
    const live = requests.current;
    return () => {
      for (const controller of live) controller.abort();
    };
  }, []);

  function track() {
    const controller = new AbortController();
    requests.current.add(controller);
    return {
      signal: controller.signal,
      controller,
      done: () => requests.current.delete(controller),
    };
  }

  async function startRecording() {
    await recorder.start();
  }

  // Shown once recording really starts (after the permission prompt).
  const wasRecording = useRef(false);
  useEffect(() => {
    if (recorder.status === "recording" && !wasRecording.current) {
      toast("Recording started", { description: "Speak your interview question..." });
    }
    wasRecording.current = recorder.status === "recording";
  }, [recorder.status]);

  async function transcribe() {
    if (!recording) {
      toast.error("No audio", { description: "Please record audio first" });
      return;
    }
    const request = track();
    setTranscribing(true);
    setStatus("Transcribing your recording...");
    try {
      const transcript = await transcribeAudio(recording.base64, request.signal);
      setQuestion(transcript.text);
      setTranscriptSource(transcript.source);
      setUncertain(Boolean(transcript.uncertain));
      toast.success("Audio transcribed", { description: "Question captured successfully!" });
      setStatus(`Question captured: ${transcript.text}`);
    } catch (error) {
      if (request.signal.aborted) return;
      const message = describeApiError(error);
      toast.error("Failed to transcribe audio", { description: message });
      setStatus(`Failed to transcribe audio. ${message}`);
    } finally {
      request.done();
      if (!request.signal.aborted) setTranscribing(false);
    }
  }

  async function generate() {
    if (generating) return;
    if (!question.trim()) {
      toast.error("No question", { description: "Please record and transcribe a question first" });
      return;
    }
    const request = track();
    answerAbort.current = request.controller;
    setGenerating(true);
    setAnswer("");
    setAnswerSource(null);
    setCopied(false);
    setStatus("Writing your sample answer...");
    try {
      const { source } = await generateAnswer(
        question.trim(),
        (delta) => setAnswer((text) => text + delta),
        request.signal,
      );
      setAnswerSource(source);
      toast.success("Answer generated", { description: "Your AI-powered answer is ready!" });
      setStatus("Your sample answer is ready.");
    } catch (error) {
      if (request.signal.aborted) {
        setStatus("Stopped. The answer so far is kept.");
        return;
      }
      const message = describeApiError(error);
      toast.error("Failed to generate answer", { description: message });
      setStatus(`Failed to generate answer. ${message}`);
    } finally {
      request.done();
      answerAbort.current = null;
      setGenerating(false);
    }
  }

  function stopGenerating() {
    answerAbort.current?.abort();
  }

  function onQuestionKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void generate();
    }
  }

  async function copyAnswer() {
    try {
      await navigator.clipboard.writeText(answer);
      setCopied(true);
      toast.success("Copied", { description: "The answer is on your clipboard." });
    } catch {
      toast.error("Could not copy", { description: "Select the text and copy it instead." });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Interview practice</h1>
        <p className="text-muted-foreground">
          Record a question as an interviewer would ask it, then study a sample answer.
        </p>
      </div>

      <Card>
        <CardHeader>
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">Step 1</p>
          <CardTitle as="h2">Record Interview Question</CardTitle>
          <CardDescription>
            Say or play the interviewer&apos;s question — up to {MAX_RECORDING_SECONDS / 60}{" "}
            minutes. You can also type it below.
            {engines ? ` Speech recognition: ${describeEngine(engines.transcriber)}.` : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            {recordingActive ? (
              <Button
                variant="destructive"
                onClick={() => recorder.stop()}
                disabled={recorder.status === "requesting"}
              >
                <Square aria-hidden="true" />
                Stop Recording
              </Button>
            ) : (
              <Button onClick={() => void startRecording()} disabled={transcribing}>
                {recording ? <RotateCcw aria-hidden="true" /> : <Mic aria-hidden="true" />}
                Start Recording
              </Button>
            )}
            {recording && !recordingActive ? (
              <Button variant="secondary" onClick={() => void transcribe()} disabled={transcribing}>
                <Wand2 aria-hidden="true" />
                {transcribing ? "Transcribing..." : "Transcribe Audio"}
              </Button>
            ) : null}
            {recorder.status === "requesting" ? (
              <Spinner label="Waiting for the microphone..." />
            ) : null}
          </div>

          {recorder.status === "recording" ? (
            <div className="flex flex-col gap-2" data-testid="recording-indicator">
              <div className="flex items-center justify-between text-sm">
                <span className="inline-flex items-center gap-2 font-medium text-destructive">
                  <span
                    aria-hidden="true"
                    className="size-2.5 animate-pulse rounded-full bg-destructive"
                  />
                  Recording
                </span>
                <span
                  className="font-mono text-muted-foreground tabular-nums"
                  role="timer"
                  aria-label="Recording time"
                >
                  {clock(recorder.elapsed)} / {clock(MAX_RECORDING_SECONDS)}
                </span>
              </div>
              <LevelMeter analyser={recorder.analyser} />
              {MAX_RECORDING_SECONDS - recorder.elapsed <= 15 ? (
                <p className="text-sm text-warning">
                  Recording stops in{" "}
                  {Math.max(0, Math.ceil(MAX_RECORDING_SECONDS - recorder.elapsed))} seconds.
                </p>
              ) : null}
            </div>
          ) : null}

          {recording && !recordingActive ? (
            <div className="flex flex-col gap-2">
              {recording.autoStopped ? (
                <Alert variant="warning">
                  <AlertDescription>
                    Recording stopped automatically at the {MAX_RECORDING_SECONDS / 60}-minute
                    limit.
                  </AlertDescription>
                </Alert>
              ) : null}
              <audio
                controls
                src={recording.url}
                aria-label="Your recording"
                className="w-full"
                preload="metadata"
              />
            </div>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Captured Question</CardTitle>
          <CardDescription>
            Check the transcript, edit it, or type a question yourself.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Label htmlFor={questionId}>Interview question</Label>
          <textarea
            id={questionId}
            value={question}
            onChange={(event) => {
              setQuestion(event.target.value);
              setUncertain(false);
            }}
            onKeyDown={onQuestionKeyDown}
            maxLength={MAX_QUESTION_CHARS}
            rows={3}
            placeholder="e.g. Tell me about a time you handled a conflict at work."
            aria-describedby={`${questionId}-hint`}
            className="min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-card transition-colors placeholder:text-muted-foreground focus-visible:border-ring sm:text-sm"
          />
          <div
            id={`${questionId}-hint`}
            className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground"
          >
            <span>Ctrl+Enter generates the answer.</span>
            <span>
              {question.length} / {MAX_QUESTION_CHARS}
            </span>
          </div>
          {transcriptSource ? (
            <Badge variant="outline">Transcribed by {describeEngine(transcriptSource)}</Badge>
          ) : null}
          {uncertain ? (
            <Alert variant="warning">
              <AlertDescription>
                Did we hear that right? You can edit the question.
              </AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">Step 2</p>
          <CardTitle as="h2">Get a sample answer</CardTitle>
          <CardDescription>
            A first-person answer to study and adapt — put your own stories where you see
            [brackets].
            {engines ? ` Answers come from ${describeEngine(engines.answerer)}.` : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          <Button
            onClick={() => void generate()}
            disabled={generating || question === ""}
            aria-describedby={`${questionId}-hint`}
          >
            <Sparkles aria-hidden="true" />
            {generating ? "Generating..." : "Generate AI Answer"}
          </Button>
          {generating ? (
            <Button variant="outline" onClick={stopGenerating}>
              <Square aria-hidden="true" />
              Stop
            </Button>
          ) : null}
        </CardContent>
      </Card>

      {answer || generating ? (
        <Card aria-busy={generating}>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div className="flex flex-col gap-1.5">
              <CardTitle as="h2">AI-Generated Answer</CardTitle>
              {answerSource ? (
                <Badge variant="outline">Written by {describeEngine(answerSource)}</Badge>
              ) : null}
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void copyAnswer()}
              disabled={!answer || generating}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </CardHeader>
          <CardContent>
            {answer ? (
              <div data-testid="answer-text" className="leading-relaxed whitespace-pre-wrap">
                {answer}
                {generating ? (
                  <span
                    aria-hidden="true"
                    className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-primary align-middle"
                  />
                ) : null}
              </div>
            ) : (
              <Spinner label="Writing your answer..." />
            )}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
