import { MICROPHONE_CONSTRAINTS, RECORDING_BITS_PER_SECOND } from "./microphone";

/**
 * The AI Interviewer's one microphone (docs/decisions/0104): opened once when the interview
 * starts and kept until it ends, so the permission prompt comes once and the level meter and
 * end-of-turn detector hear every turn. Each answer is its own WebM recording on that stream.
 */
export type InterviewMicrophone = {
  analyser: AnalyserNode;
  /** The microphone in the page's audio graph, for the speech detector to hear. */
  source: MediaStreamAudioSourceNode;
  /** Starts recording one answer; `onChunk` hears each piece (about every second). */
  record(onChunk: (chunk: Blob) => void): AnswerRecording;
  close(): void;
};

export type AnswerRecording = {
  /** Hands over what is recorded so far now, rather than at the next second. */
  flush(): void;
  /** Stops; the whole answer. */
  stop(): Promise<Blob>;
};

export class MicrophoneUnavailable extends Error {}

const TYPES = ["audio/webm;codecs=opus", "audio/webm"];

export async function openInterviewMicrophone(): Promise<InterviewMicrophone> {
  const mimeType =
    typeof MediaRecorder === "undefined"
      ? undefined
      : TYPES.find((type) => MediaRecorder.isTypeSupported(type));
  if (!navigator.mediaDevices?.getUserMedia || !mimeType) {
    throw new MicrophoneUnavailable("This browser cannot record audio here: type your answers.");
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: MICROPHONE_CONSTRAINTS });
  } catch (error) {
    const name = (error as DOMException | undefined)?.name;
    throw new MicrophoneUnavailable(
      name === "NotAllowedError" || name === "SecurityError"
        ? "Microphone access was blocked. Allow it in the browser's address bar, or type your answers."
        : "No microphone could be started. Connect one, or type your answers.",
    );
  }
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  analyser.smoothingTimeConstant = 0;
  const source = context.createMediaStreamSource(stream);
  source.connect(analyser);

  return {
    analyser,
    source,
    record(onChunk) {
      const recorder = new MediaRecorder(stream, {
        mimeType,
        audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
      });
      const chunks: Blob[] = [];
      recorder.addEventListener("dataavailable", (event) => {
        if (event.data.size === 0) return;
        chunks.push(event.data);
        onChunk(event.data);
      });
      const stopped = new Promise<Blob>((resolve) =>
        recorder.addEventListener("stop", () =>
          resolve(new Blob(chunks, { type: recorder.mimeType || "audio/webm" })),
        ),
      );
      recorder.start(1000);
      return {
        flush: () => {
          if (recorder.state === "recording") recorder.requestData();
        },
        stop: () => {
          if (recorder.state !== "inactive") recorder.stop();
          return stopped;
        },
      };
    },
    close() {
      for (const track of stream.getTracks()) track.stop();
      void context.close().catch(() => {});
    },
  };
}
