import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_AUDIO_BYTES, MAX_RECORDING_SECONDS } from "@/shared/practice-limits";

/**
 * Records the interviewer's question from the microphone as WebM/Opus.
 *
 *   idle → requesting (permission prompt) → recording → stopped (a Recording is ready)
 *
 * While recording it exposes the elapsed time and an AnalyserNode for a live level meter, and
 * stops by itself at MAX_RECORDING_SECONDS. On stop the microphone is released at once (every
 * track stopped, the AudioContext closed) and the recording is kept as base64 for upload plus
 * an object URL for playback, revoked when replaced or on unmount.
 */
export type RecorderStatus = "idle" | "requesting" | "recording" | "stopped";

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

export function useRecorder(handlers: {
  onStopped(recording: Recording): void;
  onError(error: RecorderError): void;
}) {
  const [status, setStatus] = useState<RecorderStatus>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const [recording, setRecording] = useState<Recording | null>(null);
  const live = useRef<Live | null>(null);
  const urlRef = useRef<string | null>(null);
  const disposed = useRef(false);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
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

  async function start() {
    if (live.current) return;
    const mimeType = supportedRecordingType();
    if (!navigator.mediaDevices?.getUserMedia || !mimeType) {
      handlersRef.current.onError(
        new RecorderError(
          "This browser cannot record WebM audio. Please type your question instead, or use Chrome, Edge or Firefox.",
          "unsupported",
        ),
      );
      return;
    }
    setStatus("requesting");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: {
          echoCancellation: true,
          noiseSuppression: true,
          autoGainControl: true,
          channelCount: 1,
        },
      });
    } catch (error) {
      setStatus(recordingStatusAfterFailure());
      const name = (error as DOMException | undefined)?.name;
      handlersRef.current.onError(
        name === "NotAllowedError" || name === "SecurityError"
          ? new RecorderError(
              "Microphone access was blocked. Allow it in the browser's address bar, or type your question.",
              "denied",
            )
          : name === "NotFoundError" || name === "OverconstrainedError"
            ? new RecorderError(
                "No microphone was found. Connect one, or type your question.",
                "no_device",
              )
            : new RecorderError(
                "The microphone could not be started. Please try again, or type your question.",
                "failed",
              ),
      );
      return;
    }

    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: 32_000 });
    } catch {
      for (const track of stream.getTracks()) track.stop();
      setStatus(recordingStatusAfterFailure());
      handlersRef.current.onError(
        new RecorderError("The browser could not start recording.", "failed"),
      );
      return;
    }

    // The level meter is a nicety: a browser without Web Audio still records.
    const meter = createMeter(stream);
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
      if (event.data.size > 0) session.chunks.push(event.data);
    });
    recorder.addEventListener("stop", () => {
      const seconds = (now() - session.startedAt) / 1000;
      release(session);
      if (disposed.current) return;
      live.current = null;
      const blob = new Blob(session.chunks, { type: recorder.mimeType || "audio/webm" });
      void finish(blob, seconds, session.autoStopped);
    });
    session.timer = window.setInterval(() => {
      const seconds = (now() - session.startedAt) / 1000;
      setElapsed(seconds);
      if (seconds >= MAX_RECORDING_SECONDS) stop({ auto: true });
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
      handlersRef.current.onError(
        new RecorderError("Nothing was recorded. Please try again.", "empty"),
      );
      return;
    }
    if (blob.size > MAX_AUDIO_BYTES) {
      setStatus(recordingStatusAfterFailure());
      handlersRef.current.onError(
        new RecorderError(
          "The recording is too large. Please record a shorter question.",
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
    handlersRef.current.onStopped(next);
  }

  // Unmount: let go of the microphone and the playback URL.
  useEffect(() => {
    disposed.current = false;
    return () => {
      disposed.current = true;
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

  return { status, elapsed, analyser, recording, start, stop };
}

/** Monotonic milliseconds (a function of its own so the hooks linter sees no render-time call). */
function now() {
  return performance.now();
}

function createMeter(stream: MediaStream) {
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

function blobToBase64(blob: Blob): Promise<string> {
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
