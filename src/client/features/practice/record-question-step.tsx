import { Mic, RotateCcw, Square, Wand2 } from "lucide-react";
import type { ReactNode } from "react";
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
import { MicrophoneProblem } from "./microphone-check";
import { RecordingPanel } from "./recording-panel";
import type { useRecorder } from "./use-recorder";

/**
 * Step 1: record the interviewer's question (with a timer and a level meter while recording),
 * play it back; it is transcribed when the recording stops, and "Transcribe again" retries. The
 * captured question (`children`) is the end of this step.
 */
export function RecordQuestionStep({
  recorder,
  transcribing,
  transcribed,
  onTranscribe,
  transcriber,
  onTypeInstead,
  children,
}: {
  recorder: ReturnType<typeof useRecorder>;
  transcribing: boolean;
  /** The recording's transcript is in the question field. */
  transcribed: boolean;
  onTranscribe: () => void;
  /** The speech-recognition engine's source, once known. */
  transcriber: string | undefined;
  /** The microphone cannot be used: go to the question's text box. */
  onTypeInstead: () => void;
  children: ReactNode;
}) {
  const { recording } = recorder;
  const checking = recorder.status === "checking";
  const recordingActive =
    recorder.status === "recording" || recorder.status === "requesting" || checking;
  return (
    <Card>
      <CardHeader>
        <p className="text-xs font-semibold tracking-wide text-primary uppercase">Step 1</p>
        <CardTitle as="h2">Record Interview Question</CardTitle>
        <CardDescription>
          Say or play the interviewer&apos;s question — up to {MAX_RECORDING_SECONDS / 60} minutes —
          and it is transcribed when you stop. You can also type it below.
          {transcriber ? ` Speech recognition: ${describeEngine(transcriber)}.` : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {recorder.problem && !recordingActive ? (
          <MicrophoneProblem
            problem={recorder.problem}
            onRetry={() => void recorder.start()}
            onTypeInstead={onTypeInstead}
          />
        ) : null}
        <div className={checking ? "hidden" : "flex flex-wrap items-center gap-3"}>
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
              {recording ? "Record again" : "Start Recording"}
            </Button>
          )}
          {recording && !recordingActive ? (
            <Button variant="secondary" onClick={onTranscribe} disabled={transcribing}>
              <Wand2 aria-hidden="true" />
              {transcribing
                ? "Transcribing..."
                : transcribed
                  ? "Transcribe again"
                  : "Transcribe Audio"}
            </Button>
          ) : null}
          {recorder.status === "requesting" ? (
            <Spinner label="Waiting for the microphone..." />
          ) : null}
        </div>

        <RecordingPanel
          recorder={recorder}
          maxSeconds={MAX_RECORDING_SECONDS}
          playbackLabel="Your recording"
          startLabel="Start recording the question"
        />
        {children}
      </CardContent>
    </Card>
  );
}
