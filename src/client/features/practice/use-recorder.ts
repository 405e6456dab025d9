import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/client/components/ui/toaster";
import { MICROPHONE_CONSTRAINTS, RECORDING_BITS_PER_SECOND } from "./microphone";
import { microphoneChecked, rememberMicrophoneChecked } from "./microphone-checked";

/**
 * Records from the microphone as WebM/Opus — the interviewer's question, or the user's answer.
 *
 *   idle → requesting (permission prompt) → [checking] → recording → stopped (a Recording is ready)
 *
 * "checking" comes once per device, before its first recording: the microphone is open and
 * metered so the user can see it hears them (microphone-check.tsx) before anything is kept.
 * When the microphone cannot be used, `problem` says why until a later start succeeds.
 * While recording it exposes the elapsed time and an AnalyserNode for a live level meter, and
 * stops by itself at `maxSeconds`. On stop the microphone is released at once (every
 * track stopped, the AudioContext closed) and the recording is kept as base64 for upload plus
 * an object URL for playback, revoked when replaced or on unmount.
 */
export type RecorderStatus = "idle" | "requesting" | "checking" | "recording" | "stopped";

export type Recording = {
  base64: string;
  /** Object URL for <audio>; owned by the hook. */
  url: string;
  bytes: number;
  seconds: number;
  /** True when the time limit stopped it. */
  autoStopped: boolean;
};

export class RecorderError extends Error {
  constructor(
    message: string,
    readonly reason: "unsupported" | "denied" | "no_device" | "failed" | "empty" | "too_large",
  ) {
    super(message);
    this.name = "RecorderError";
  }
}

const PREFERRED_TYPES = ["audio/webm;codecs=opus", "audio/webm"];

/** The WebM type this browser can record, or null (e.g. older Safari records MP4 only). */
function supportedRecordingType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  return PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

type Live = {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext | null;
  chunks: Blob[];
  startedAt: number;
  timer: number;
  autoStopped: boolean;
};

export type RecorderOptions = {
  /** What is being recorded, for the messages: "question" or "answer". */
  subject: string;
  maxSeconds: number;
  /** A bigger recording is refused here rather than uploaded to be refused. */
  maxBytes: number;
  onStopped(recording: Recording): void;
  onError(error: RecorderError): void;
  /**
   * Each piece of the recording as the browser hands it over (about every second), for whoever
   * wants to listen while the user speaks; `done` comes once, after the last piece.
   */
  onChunk?(chunk: Blob | null, done: boolean): void;
};

export function useRecorder(options: RecorderOptions) {
  const [status, setStatus] = useState<RecorderStatus>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [problem, setProblem] = useState<RecorderError | null>(null);
  const live = useRef<Live | null>(null);
  const check = useRef<{ stream: MediaStream; meter: Meter | null } | null>(null);
  const urlRef = useRef<string | null>(null);
  const disposed = useRef(false);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const release = useCallback((session: Live) => {
    window.clearInterval(session.timer);
    for (const track of session.stream.getTracks()) track.stop();
    void session.context?.close().catch(() => {});
    setAnalyser(null);
  }, []);

  const stop = useCallback((options: { auto?: boolean } = {}) => {
    const session = live.current;
    if (!session || session.recorder.state === "inactive") return;
    session.autoStopped = Boolean(options.auto);
    session.recorder.stop();
  }, []);

  /** The microphone's stream, or null after reporting why not (`problem`, and `onError`). */
  async function openMicrophone(): Promise<MediaStream | null> {
    const { subject } = optionsRef.current;
    if (!navigator.mediaDevices?.getUserMedia || !supportedRecordingType()) {
      fail(
        new RecorderError(
          `This browser cannot record WebM audio. Please type your ${subject} instead, or use Chrome, Edge or Firefox.`,
          "unsupported",
        ),
      );
      return null;
    }
    setStatus("requesting");
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: MICROPHONE_CONSTRAINTS });
    } catch (error) {
      setStatus(recordingStatusAfterFailure());
      const name = (error as DOMException | undefined)?.name;
      fail(
        name === "NotAllowedError" || name === "SecurityError"
          ? new RecorderError(
              `Microphone access was blocked. Allow it in the browser's address bar, or type your ${subject}.`,
              "denied",
            )
          : name === "NotFoundError" || name === "OverconstrainedError"
            ? new RecorderError(
                `No microphone was found. Connect one, or type your ${subject}.`,
                "no_device",
              )
            : new RecorderError(
                `The microphone could not be started. Please try again, or type your ${subject}.`,
                "failed",
              ),
      );
      return null;
    }
  }

  function fail(error: RecorderError) {
    // What stops recording altogether stays on the card until the microphone works.
    if (error.reason !== "empty" && error.reason !== "too_large") setProblem(error);
    optionsRef.current.onError(error);
  }

  /**
   * Starts recording; before the first recording on this device, the microphone check comes
   * first (status "checking": a level meter and whether we hear the user) on the same stream,
   * and `confirmCheck` goes on to record.
   */
  async function start() {
    if (live.current || check.current) return;
    const stream = await openMicrophone();
    if (!stream || disposed.current) {
      if (stream) for (const track of stream.getTracks()) track.stop();
      return;
    }
    setProblem(null);
    if (!microphoneChecked()) {
      const meter = createMeter(stream);
      check.current = { stream, meter };
      setAnalyser(meter?.analyser ?? null);
      setStatus("checking");
      return;
    }
    record(stream, createMeter(stream));
  }

  /** The check is done: record on its stream, its meter still running. */
  const confirmCheck = () => {
    const checked = check.current;
    if (!checked) return;
    check.current = null;
    rememberMicrophoneChecked();
    record(checked.stream, checked.meter);
  };

  /** The user leaves the check without recording: the microphone is let go. */
  const cancelCheck = () => {
    const checked = check.current;
    if (!checked) return;
    check.current = null;
    for (const track of checked.stream.getTracks()) track.stop();
    void checked.meter?.context.close().catch(() => {});
    setAnalyser(null);
    setStatus(recordingStatusAfterFailure());
  };

  function record(stream: MediaStream, meter: Meter | null) {
    const mimeType = supportedRecordingType()!;
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, {
        mimeType,
        audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
      });
    } catch {
      for (const track of stream.getTracks()) track.stop();
      void meter?.context.close().catch(() => {});
      setAnalyser(null);
      setStatus(recordingStatusAfterFailure());
      fail(new RecorderError("The browser could not start recording.", "failed"));
      return;
    }

    // The level meter is a nicety: a browser without Web Audio still records.
    setAnalyser(meter?.analyser ?? null);
    const context = meter?.context ?? null;

    const session: Live = {
      stream,
      recorder,
      context,
      chunks: [],
      startedAt: now(),
      timer: 0,
      autoStopped: false,
    };
    live.current = session;
    recorder.addEventListener("dataavailable", (event) => {
      if (event.data.size === 0) return;
      session.chunks.push(event.data);
      optionsRef.current.onChunk?.(event.data, false);
    });
    recorder.addEventListener("stop", () => {
      const seconds = (now() - session.startedAt) / 1000;
      release(session);
      if (disposed.current) return;
      live.current = null;
      optionsRef.current.onChunk?.(null, true);
      const blob = new Blob(session.chunks, { type: recorder.mimeType || "audio/webm" });
      void finish(blob, seconds, session.autoStopped);
    });
    session.timer = window.setInterval(() => {
      const seconds = (now() - session.startedAt) / 1000;
      setElapsed(seconds);
      if (seconds >= optionsRef.current.maxSeconds) stop({ auto: true });
    }, 200);
    recorder.start(1000);
    setElapsed(0);
    setStatus("recording");
  }

  // Set by `start` failures: back to where the user was.
  function recordingStatusAfterFailure(): RecorderStatus {
    return urlRef.current ? "stopped" : "idle";
  }

  async function finish(blob: Blob, seconds: number, autoStopped: boolean) {
    if (disposed.current) return;
    if (blob.size === 0) {
      setStatus(recordingStatusAfterFailure());
      optionsRef.current.onError(
        new RecorderError("Nothing was recorded. Please try again.", "empty"),
      );
      return;
    }
    if (blob.size > optionsRef.current.maxBytes) {
      setStatus(recordingStatusAfterFailure());
      fail(
        new RecorderError(
          `The recording is too large. Please record a shorter ${optionsRef.current.subject}.`,
          "too_large",
        ),
      );
      return;
    }
    const base64 = await blobToBase64(blob);
    if (disposed.current) return;
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = URL.createObjectURL(blob);
    urlRef.current = url;
    const next: Recording = { base64, url, bytes: blob.size, seconds, autoStopped };
    setRecording(next);
    setStatus("stopped");
    optionsRef.current.onStopped(next);
  }

  // Unmount: let go of the microphone and the playback URL.
  useEffect(() => {
    disposed.current = false;
    return () => {
      disposed.current = true;
      const checked = check.current;
      if (checked) {
        check.current = null;
        for (const track of checked.stream.getTracks()) track.stop();
        void checked.meter?.context.close().catch(() => {});
      }
      const session = live.current;
      if (session) {
        live.current = null;
        session.recorder.ondataavailable = null;
        if (session.recorder.state !== "inactive") {
          try {
            session.recorder.stop();
          } catch {
            // already stopped
          }
        }
        release(session);
      }
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    };
  }, [release]);

  /** Forget the recording (the user starts over); nothing while recording. */
  const discard = useCallback(() => {
    if (live.current) return;
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setRecording(null);
    setStatus("idle");
  }, []);

  return {
    status,
    elapsed,
    analyser,
    recording,
    /** Why the microphone cannot be used, until it can. */
    problem,
    start,
    stop,
    discard,
    confirmCheck,
    cancelCheck,
  };
}

/** Monotonic milliseconds (a function of its own so the hooks linter sees no render-time call). */
function now() {
  return performance.now();
}

type Meter = { context: AudioContext; analyser: AnalyserNode };

function createMeter(stream: MediaStream): Meter | null {
  let context: AudioContext | undefined;
  try {
    context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    analyser.smoothingTimeConstant = 0.6;
    context.createMediaStreamSource(stream).connect(analyser);
    return { context, analyser };
  } catch {
    void context?.close().catch(() => {});
    return null;
  }
}

export function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      resolve(result.slice(result.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error("could not read the recording"));
    reader.readAsDataURL(blob);
  });
}

/** The spec's toasts for a recorder failure: "No audio" for an empty one, else the microphone's. */
export function toastRecorderError(error: RecorderError) {
  if (error.reason === "empty") toast.error("No audio", { description: error.message });
  else toast.error("Failed to access microphone", { description: error.message });
}

/** Calls `onStart` once each time recording really starts (after the permission prompt). */
export function useRecordingStarted(status: RecorderStatus, onStart: () => void) {
  const wasRecording = useRef(false);
  const onStartRef = useRef(onStart);
  useEffect(() => {
    onStartRef.current = onStart;
  });
  useEffect(() => {
    if (status === "recording" && !wasRecording.current) onStartRef.current();
    wasRecording.current = status === "recording";
  }, [status]);
}
