import type { QuestionType } from "@/server/library/question-type";
import type { CvProfile } from "@/shared/cv";
import type { Delivery, Feedback } from "@/shared/feedback";

/**
 * The two AI engines behind the practice functions. One implementation of each is chosen at
 * start-up: OpenAI-compatible when `OPENAI_API_KEY` or `AI_BASE_URL` is set, else the built-in
 * offline engines. Route handlers only ever see these interfaces.
 */

export type AudioInput = {
  /** The recording's bytes: a WebM container with an Opus track (checked before this call). */
  bytes: Uint8Array;
  mimeType: string;
};

export type Transcript = {
  text: string;
  /** Which engine produced it, shown to the user, e.g. "offline" or "openai:gpt-4o-mini-transcribe". */
  source: string;
  /** 0..1 when the engine reports one. */
  confidence?: number;
  /** True when the engine doubts what it heard; the UI asks the user to check the question. */
  uncertain?: boolean;
};

export interface Transcriber {
  readonly source: string;
  /** `owner`: the user, so a shared queue takes turns between users (offline/pool.ts). */
  transcribe(audio: AudioInput, signal?: AbortSignal, owner?: string): Promise<Transcript>;
  close?(): Promise<void>;
}

export interface Answerer {
  readonly source: string;
  /**
   * Streams the sample answer as text deltas; the concatenation is the whole answer. `paced:
   * false` when nobody watches it arrive (a JSON answer): an engine that paces its words for
   * the eye (the offline library) sends them at once.
   */
  answer(
    question: string,
    signal?: AbortSignal,
    options?: { paced?: boolean },
  ): AsyncIterable<string>;
  close?(): Promise<void>;
}

/** What can go wrong inside an engine; the functions layer maps each kind to an HTTP status. */
export type EngineErrorKind =
  /** The audio decoded but no question could be recognised (422). */
  | "unrecognised"
  /** The bytes are not decodable WebM/Opus audio (400/415). */
  | "invalid_audio"
  /** The engine or its provider took too long (504). */
  | "timeout"
  /** The provider failed or kept answering 429/5xx after retries (502). */
  | "upstream"
  /** No engine is configured, it cannot run here, or it is busy: try later (503). */
  | "unavailable";

export class EngineError extends Error {
  /** When to try again, when the engine knows (sent as `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly kind: EngineErrorKind,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = "EngineError";
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

/** A word as a speech engine heard it, on the recording's clock. */
export type TimedWord = {
  word: string;
  startSeconds: number;
  endSeconds: number;
  /** How likely the word is right, 0..1, when the engine says (the offline recogniser does). */
  confidence?: number;
};

/** The user's spoken answer as an engine heard it, with the decoded audio for delivery figures. */
export type HeardAnswer = {
  text: string;
  /** Word times, when the engine gives them (the offline recogniser always does). */
  words: TimedWord[] | undefined;
  /** The engine doubts what it heard: the transcript is shown as approximate. */
  approximate: boolean;
  /** 16 kHz mono. */
  pcm: Float32Array;
  sampleRate: number;
  durationSeconds: number;
};

export interface AnswerTranscriber {
  readonly source: "openai" | "offline";
  /**
   * `question`: what the answer is about; words from it help the recogniser. `owner`: the user
   * whose answer sent ahead while spoken, if any, the engine may finish instead of starting over.
   */
  transcribe(
    audio: AudioInput,
    question: string,
    signal?: AbortSignal,
    owner?: string,
  ): Promise<HeardAnswer>;
  /**
   * Engines that listen while the user speaks (the offline recogniser; answer-draft, docs/decisions/0070):
   * hears more of the owner's draft `recording`, as far as the speaker had got, and says the words
   * heard so far; null when that draft is gone.
   */
  hearDraft?(
    owner: string,
    recording: string,
    upTo: "speaking" | "paused",
    signal?: AbortSignal,
  ): Promise<string | null>;
  close?(): Promise<void>;
}

/** What the offline library knows about a question: its type, model answer and tips. */
export type QuestionReference = {
  questionType: QuestionType;
  modelAnswer?: string;
  tips?: string[];
  keyPoints?: string[];
};

export type EvaluationInput = {
  question: string;
  transcript: string;
  /** Measured from the audio; null for a typed answer. */
  delivery: Delivery | null;
  reference: QuestionReference;
  approximate: boolean;
  /** The words as heard, with times and confidence (spoken answers, when the engine gives them). */
  words?: readonly TimedWord[];
  /** Where the speech detector heard the speaker pause (spoken answers; audio/speech.ts). */
  pauses?: readonly { startSeconds: number; endSeconds: number }[];
};

/** `followUp`: the cloud model's own follow-up question; the offline rubric leaves it out. */
export type Evaluation = Pick<
  Feedback,
  "scores" | "structure" | "strengths" | "improvements" | "summary" | "followUp" | "evidence"
>;

/** Scores an answer (docs/contracts/feedback.md): the offline rubric, or a chat model. */
export interface Evaluator {
  readonly source: "openai" | "offline";
  evaluate(input: EvaluationInput, signal?: AbortSignal): Promise<Evaluation>;
}

/**
 * Understands a CV's text in cloud mode (docs/decisions/0110): the same structure the offline
 * rules find, checked by its schema; the caller falls back to the rules when it fails.
 */
export interface CvReader {
  read(text: string, signal?: AbortSignal): Promise<CvProfile>;
}

/** Writes interview questions from a job post (Company Specific in cloud mode; decision 0072). */
export interface QuestionWriter {
  fromJobPost(
    input: { company: string; role: string; level?: string; jobPost: string },
    signal?: AbortSignal,
  ): Promise<string[]>;
}
