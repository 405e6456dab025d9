import type { TimedWord } from "@/server/ai/engine";
import type { Delivery } from "@/shared/feedback";
import { countFillers } from "@/shared/fillers";

/**
 * Delivery figures, measured — never asked of a model (contracts/feedback.md): speaking time and
 * pauses from the signal's energy, words per minute over the speaking time, filler words from the
 * transcript.
 */

const FRAME_SECONDS = 0.025;
/** Silence shorter than this inside speech is part of speaking (between syllables and words). */
const SHORTEST_PAUSE_SECONDS = 0.25;

/** Which 25 ms frames hold speech: energy over an adaptive threshold above the noise floor. */
function speechFrames(pcm: Float32Array, sampleRate: number): boolean[] {
  const size = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const energies: number[] = [];
  for (let start = 0; start + size <= pcm.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += pcm[i]! * pcm[i]!;
    energies.push(10 * Math.log10(sum / size + 1e-12));
  }
  if (energies.length === 0) return [];
  const sorted = [...energies].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.1)]!;
  const loud = sorted[Math.floor(sorted.length * 0.95)]!;
  // Between the noise floor and the loud end: a quiet room and a noisy one alike. A recording
  // with no dynamic range at all (silence, constant noise) has no speech.
  if (loud - floor < 6) return energies.map(() => false);
  const threshold = Math.max(floor + 6, loud - 30, -60);
  return energies.map((energy) => energy > threshold);
}

/** Runs of silence between the first and last speech, in seconds (`min` and longer). */
function pauses(frames: boolean[], min: number): number[] {
  const first = frames.indexOf(true);
  const last = frames.lastIndexOf(true);
  const found: number[] = [];
  let run = 0;
  for (let f = first + 1; f <= last && first >= 0; f++) {
    if (!frames[f]) run++;
    else {
      if (run * FRAME_SECONDS >= min) found.push(run * FRAME_SECONDS);
      run = 0;
    }
  }
  return found;
}

/** Words that count for pace: everything but the fillers. */
function contentWordCount(transcript: string, fillers: number): number {
  const words = transcript.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  // Two-word fillers ("you know") count as one filler but two words.
  return Math.max(0, words - fillers);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function analyseDelivery(input: {
  pcm: Float32Array;
  sampleRate: number;
  transcript: string;
  /** Word times from the recogniser, when it gives them: they bound the speaking time. */
  words?: TimedWord[];
}): Delivery {
  const durationSeconds = input.pcm.length / input.sampleRate;
  const frames = speechFrames(input.pcm, input.sampleRate);
  const first = frames.indexOf(true);
  const last = frames.lastIndexOf(true);
  const gaps = pauses(frames, SHORTEST_PAUSE_SECONDS);
  let speakingSeconds =
    first < 0 ? 0 : (last - first + 1) * FRAME_SECONDS - gaps.reduce((sum, gap) => sum + gap, 0);
  // The signal may hold noise before or after the words: the word times say where speech was.
  if (input.words && input.words.length > 0) {
    const span = input.words.at(-1)!.endSeconds - input.words[0]!.startSeconds;
    if (span > 0) speakingSeconds = Math.min(speakingSeconds || span, span);
  }
  return {
    durationSeconds: round1(durationSeconds),
    speakingSeconds: round1(speakingSeconds),
    ...wordFigures(input.transcript, speakingSeconds),
    longestPauseSeconds: round1(gaps.length ? Math.max(...gaps) : 0),
  };
}

/** The figures that depend on the words: fillers, and pace over the measured speaking time. */
function wordFigures(transcript: string, speakingSeconds: number) {
  const fillerWords = countFillers(transcript);
  const words = contentWordCount(transcript, fillerWords.count);
  return {
    wordsPerMinute: speakingSeconds > 0 ? Math.round((words / speakingSeconds) * 60) : 0,
    fillerWords,
  };
}

/**
 * A recording's delivery with the user's corrected transcript (docs/decisions/0092): what the
 * signal measured stays (duration, speaking time, pauses); what the words decide is counted
 * again from the corrected text — fillers, and words per minute over the same speaking time.
 */
export function deliveryWithTranscript(measured: Delivery, transcript: string): Delivery {
  return { ...measured, ...wordFigures(transcript, measured.speakingSeconds) };
}
