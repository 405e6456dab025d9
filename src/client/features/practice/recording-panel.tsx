import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { LevelMeter } from "./level-meter";
import { MicrophoneCheck } from "./microphone-check";
import type { useRecorder } from "./use-recorder";

/**
 * What a recorder shows under its buttons: before a device's first recording, the microphone
 * check (`startLabel` goes on to record); while recording, a timer against the limit, a live
 * level meter and a countdown in the last 15 seconds; once stopped, the playback and, when the
 * limit stopped it, a note saying so. Shared by the question and the answer steps.
 */
export function RecordingPanel({
  recorder,
  maxSeconds,
  playbackLabel,
  startLabel,
}: {
  recorder: ReturnType<typeof useRecorder>;
  maxSeconds: number;
  playbackLabel: string;
  startLabel: string;
}) {
  const { recording } = recorder;
  if (recorder.status === "checking") {
    return <MicrophoneCheck recorder={recorder} startLabel={startLabel} />;
  }
  if (recorder.status === "recording") {
    return (
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
            {clock(recorder.elapsed)} / {clock(maxSeconds)}
          </span>
        </div>
        <LevelMeter analyser={recorder.analyser} />
        {maxSeconds - recorder.elapsed <= 15 ? (
          <p className="text-sm text-warning">
            Recording stops in {Math.max(0, Math.ceil(maxSeconds - recorder.elapsed))} seconds.
          </p>
        ) : null}
      </div>
    );
  }
  if (!recording || recorder.status === "requesting") return null;
  return (
    <div className="flex flex-col gap-2">
      {recording.autoStopped ? (
        <Alert variant="warning">
          <AlertDescription>
            Recording stopped automatically at the {describeLimit(maxSeconds)} limit.
          </AlertDescription>
        </Alert>
      ) : null}
      <audio
        controls
        src={recording.url}
        aria-label={playbackLabel}
        className="w-full"
        preload="metadata"
      />
    </div>
  );
}

/** "2-minute", "3-minute", or "90-second". */
export function describeLimit(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60}-minute` : `${seconds}-second`;
}

/** m:ss */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
