import { CircleCheck, Mic, MicOff, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { LevelMeter } from "./level-meter";
import type { RecorderError, useRecorder } from "./use-recorder";

/** About -40 dBFS on the meter's scale: above a quiet room, below speech. */
const HEARD_LEVEL = 0.33;
/** Frames (about 30 a second, not necessarily in a row: speech pauses) above it. */
const HEARD_FRAMES = 5;
/** Silence for this long: say what to look at. */
const QUIET_AFTER_MS = 6000;

/**
 * Before a device's first recording (the recorder's "checking"): a level meter and, once the
 * microphone picks up a voice, "We hear you". Recording starts only when the user says so.
 */
export function MicrophoneCheck({
  recorder,
  startLabel,
}: {
  recorder: ReturnType<typeof useRecorder>;
  startLabel: string;
}) {
  const [heard, setHeard] = useState(false);
  const [quiet, setQuiet] = useState(false);
  const loudFrames = useRef(0);
  const start = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuiet(true), QUIET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => start.current?.focus(), []);

  function onLevel(level: number) {
    if (heard) return;
    if (level >= HEARD_LEVEL) loudFrames.current += 1;
    if (loudFrames.current >= HEARD_FRAMES) setHeard(true);
  }

  return (
    <section
      aria-label="Microphone check"
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-4"
      data-testid="microphone-check"
    >
      <p className="flex items-center gap-2 font-medium">
        <Mic aria-hidden="true" className="size-4 text-primary" />
        Microphone check
      </p>
      <p className="text-sm text-muted-foreground">
        Say a few words at your normal volume: the bar moves when we hear you. Nothing is recorded
        yet.
      </p>
      <LevelMeter analyser={recorder.analyser} onLevel={onLevel} />
      <p role="status" className="min-h-5 text-sm">
        {heard ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-success">
            <CircleCheck aria-hidden="true" className="size-4" />
            We hear you. Your microphone is ready.
          </span>
        ) : quiet ? (
          <span className="text-warning">
            We can&apos;t hear anything yet. Check that the microphone isn&apos;t muted and is the
            one selected in your system&apos;s sound settings.
          </span>
        ) : (
          <span className="text-muted-foreground">Listening...</span>
        )}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button ref={start} onClick={recorder.confirmCheck} variant={heard ? "default" : "outline"}>
          <Mic aria-hidden="true" />
          {startLabel}
        </Button>
        <Button variant="ghost" onClick={recorder.cancelCheck}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

type Browser = "firefox" | "safari" | "chromium";

function currentBrowser(): Browser {
  const agent = navigator.userAgent;
  if (/Firefox\//.test(agent)) return "firefox";
  if (/Safari\//.test(agent) && !/Chrome\/|Chromium\/|Edg\//.test(agent)) return "safari";
  return "chromium";
}

const allowMicrophone: Record<Browser, string> = {
  chromium:
    "Click the site controls icon at the left of the address bar, set Microphone to Allow, then try again.",
  firefox:
    "Click the crossed-out microphone in the address bar, clear the block (×), then try again.",
  safari:
    "Open Safari › Settings for This Website (or Settings › Websites › Microphone), choose Allow, then try again.",
};

const problemTitles: Record<RecorderError["reason"], string> = {
  denied: "Microphone access is blocked",
  no_device: "No microphone found",
  unsupported: "This browser cannot record here",
  failed: "The microphone didn't start",
  empty: "Nothing was recorded",
  too_large: "The recording is too large",
};

/**
 * Why the microphone cannot be used, on the card itself and until it can: how to allow it in
 * this browser (or connect one), with "Try again" and "Type instead".
 */
export function MicrophoneProblem({
  problem,
  onRetry,
  onTypeInstead,
}: {
  problem: RecorderError;
  onRetry: () => void;
  onTypeInstead: () => void;
}) {
  const help =
    problem.reason === "denied"
      ? `${allowMicrophone[currentBrowser()]} If the browser allows it already, check that your system lets the browser use the microphone.`
      : problem.reason === "no_device"
        ? "Plug in a microphone or headset, make sure it is switched on and selected in your system's sound settings, then try again."
        : problem.message;
  return (
    <Alert variant="destructive" data-testid="microphone-problem">
      <MicOff aria-hidden="true" />
      <AlertTitle>{problemTitles[problem.reason]}</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <p>{help}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onTypeInstead}>
            Type instead
          </Button>
          {problem.reason !== "unsupported" ? (
            <Button variant="ghost" size="sm" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  );
}
