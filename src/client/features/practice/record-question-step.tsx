import { Mic, RotateCcw, Square, Wand2 } from "lucide-react";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { describeEngine } from "@/shared/practice";
import { MAX_RECORDING_SECONDS } from "@/shared/practice-limits";
import { LevelMeter } from "./level-meter";
import type { useRecorder } from "./use-recorder";

/**
 * Step 1: record the interviewer's question (with a timer and a level meter while recording),
 * play it back, and send it for transcription.
 */
export function RecordQuestionStep({
  recorder,
  transcribing,
  onTranscribe,
  transcriber,
}: {
  recorder: ReturnType<typeof useRecorder>;
  transcribing: boolean;
  onTranscribe: () => void;
  /** The speech-recognition engine's source, once known. */
  transcriber: string | undefined;
}) {
  const { recording } = recorder;
  const recordingActive = recorder.status === "recording" || recorder.status === "requesting";
  return (
    <Card>
      <CardHeader>
        <p className="text-xs font-semibold tracking-wide text-primary uppercase">Step 1</p>
        <CardTitle as="h2">Record Interview Question</CardTitle>
        <CardDescription>
          Say or play the interviewer&apos;s question — up to {MAX_RECORDING_SECONDS / 60} minutes.
          You can also type it below.
          {transcriber ? ` Speech recognition: ${describeEngine(transcriber)}.` : null}
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
            <Button onClick={() => void recorder.start()} disabled={transcribing}>
              {recording ? <RotateCcw aria-hidden="true" /> : <Mic aria-hidden="true" />}
              Start Recording
            </Button>
          )}
          {recording && !recordingActive ? (
            <Button variant="secondary" onClick={onTranscribe} disabled={transcribing}>
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
                  Recording stopped automatically at the {MAX_RECORDING_SECONDS / 60}-minute limit.
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
  );
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
