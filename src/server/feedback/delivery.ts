import type { TimedWord } from "@/server/ai/engine";
import { detectSpeech, pauseSeconds, speechSeconds, type Speech } from "@/server/audio/speech";
import type { Delivery } from "@/shared/feedback";
import { countFillers } from "@/shared/fillers";

/**
 * Delivery figures, measured — never asked of a model (docs/contracts/feedback.md): speaking time and
 * pauses from the speech the detector finds in the signal (the same pauses the answer recogniser
 * cuts at: audio/speech.ts), words per minute over the speaking time, filler words from the
 * transcript.
 */

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
  /** The detector's speech in `pcm`, when the caller has it already. */
  speech?: Speech;
}): Delivery {
  const durationSeconds = input.pcm.length / input.sampleRate;
  const speech = input.speech ?? detectSpeech(input.pcm, input.sampleRate);
  const gaps = pauseSeconds(speech);
  let speakingSeconds = speechSeconds(speech);
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
