import createFvad from "@echogarden/fvad-wasm";

/**
 * Where speech is in a recording: the one detector behind everything that depends on it
 * (docs/decisions/0098). The pauses the feedback report tells the user about are the pauses the
 * answer recogniser cuts its segments at, and the speech a question is trimmed to.
 *
 * The frames are decided by libfvad, the WebRTC voice-activity detector (a model of speech and
 * noise in six frequency bands that adapts to the recording's noise, compiled to WASM in
 * `@echogarden/fvad-wasm`), not by energy thresholds of our own. Its decisions are causal: a
 * frame's depends only on the audio before it, so the speech found in a recording's first minute
 * is the same whether or not more has been recorded since — which the answer drafts rely on
 * (docs/decisions/0070).
 */

/** libfvad takes frames of 10, 20 or 30 ms. */
const FRAME_SECONDS = 0.02;
/**
 * libfvad's most aggressive mode, 3 (0 keeps the most): it holds speech for the shortest time
 * after it ends (60–100 ms), so the pauses between sentences show, and takes the least noise
 * for speech (decision 0098).
 */
const MODE = 3;
/**
 * A gap shorter than this inside speech is part of speaking (between syllables and words); every
 * longer one is a pause: the one the report counts, and the one the recogniser cuts at. The
 * detector holds speech on for 60–100 ms after it stops, so this is about 0.2 s of silence.
 */
const SHORTEST_PAUSE_SECONDS = 0.12;
/** Speech shorter than this is a click or a burst of noise: no word is that short. */
const SHORTEST_SPEECH_SECONDS = 0.1;

const fvad = await createFvad();

/** A stretch of a recording, in samples. */
export type SampleSpan = { startSample: number; endSample: number };

export type Speech = {
  sampleRate: number;
  /** Samples in the recording. */
  length: number;
  frameSamples: number;
  /** The detector's decision for each frame: 1 speech, 0 not. */
  voiced: Uint8Array;
  /** Speech, in frames: the voiced frames joined across gaps shorter than a pause. */
  regions: { start: number; end: number }[];
};

/**
 * The speech in 8, 16, 32 or 48 kHz mono PCM (-1..1): the detector's frames, joined into regions
 * across the short gaps inside words and between them.
 */
export function detectSpeech(pcm: Float32Array, sampleRate: number): Speech {
  const frameSamples = Math.round(sampleRate * FRAME_SECONDS);
  const frames = Math.floor(pcm.length / frameSamples);
  const voiced = new Uint8Array(frames);
  const handle = fvad._fvad_new();
  const frame = fvad._malloc(frameSamples * 2);
  try {
    if (fvad._fvad_set_mode(handle, MODE) !== 0 || fvad._fvad_set_sample_rate(handle, sampleRate)) {
      throw new RangeError(`The speech detector cannot take ${sampleRate} Hz audio.`);
    }
    const samples = new Int16Array(frameSamples);
    for (let f = 0; f < frames; f++) {
      for (let i = 0; i < frameSamples; i++) {
        const sample = pcm[f * frameSamples + i]!;
        samples[i] = Math.max(-32768, Math.min(32767, Math.round(sample * 32768)));
      }
      fvad.HEAP16.set(samples, frame >> 1);
      voiced[f] = fvad._fvad_process(handle, frame, frameSamples) === 1 ? 1 : 0;
    }
  } finally {
    fvad._free(frame);
    fvad._fvad_free(handle);
  }
  const shortestPause = Math.round(SHORTEST_PAUSE_SECONDS / FRAME_SECONDS);
  const regions: Speech["regions"] = [];
  for (let f = 0; f < frames; f++) {
    if (!voiced[f]) continue;
    const last = regions.at(-1);
    if (last && f - last.end < shortestPause) last.end = f + 1;
    else regions.push({ start: f, end: f + 1 });
  }
  const shortestSpeech = Math.round(SHORTEST_SPEECH_SECONDS / FRAME_SECONDS);
  return {
    sampleRate,
    length: pcm.length,
    frameSamples,
    voiced,
    regions: regions.filter((region) => region.end - region.start >= shortestSpeech),
  };
}

/** Seconds of speech: the regions' length, pauses left out. */
export function speechSeconds(speech: Speech): number {
  const frames = speech.regions.reduce((sum, region) => sum + region.end - region.start, 0);
  return (frames * speech.frameSamples) / speech.sampleRate;
}

/** Where the pauses between the first speech and the last are, in seconds on the recording. */
export function pauseSpans(speech: Speech): { startSeconds: number; endSeconds: number }[] {
  const seconds = (frame: number) => (frame * speech.frameSamples) / speech.sampleRate;
  return speech.regions.slice(1).map((region, k) => ({
    startSeconds: seconds(speech.regions[k]!.end),
    endSeconds: seconds(region.start),
  }));
}

/** The pauses between the first speech and the last, in seconds: every one, or `min` and longer. */
export function pauseSeconds(speech: Speech, min = 0): number[] {
  return speech.regions
    .slice(1)
    .map(
      (region, k) =>
        ((region.start - speech.regions[k]!.end) * speech.frameSamples) / speech.sampleRate,
    )
    .filter((seconds) => seconds >= min);
}

/**
 * Where speech starts and ends, widened by `marginSeconds` each side: the detector hears voices,
 * and misses up to 0.2 s of a hiss or a click that starts or ends a phrase ("…strengths").
 * Undefined when there is no speech.
 */
function speechBounds(speech: Speech, marginSeconds: number): SampleSpan | undefined {
  const first = speech.regions[0];
  const last = speech.regions.at(-1);
  if (!first || !last) return undefined;
  const margin = Math.round((marginSeconds * speech.sampleRate) / speech.frameSamples);
  return {
    startSample: Math.max(0, first.start - margin) * speech.frameSamples,
    endSample: Math.min(speech.length, (last.end + margin) * speech.frameSamples),
  };
}

/**
 * The speech of `pcm` with the silence before and after it trimmed, so the recogniser searches
 * only the part that can hold words; empty when there is no speech at all.
 */
export function trimSilence(
  pcm: Float32Array,
  sampleRate: number,
  { marginSeconds = 0.5 }: { marginSeconds?: number } = {},
): Float32Array {
  const bounds = speechBounds(detectSpeech(pcm, sampleRate), marginSeconds);
  return bounds ? pcm.subarray(bounds.startSample, bounds.endSample) : pcm.subarray(0, 0);
}

type SegmentOptions = {
  /** Where to start: the end of the segments already recognised (a draft's `resumeAt`). */
  fromSample?: number;
  /** Segments are not cut before they are this long (short ones lose the words' context). */
  minSegmentSeconds?: number;
  /** A segment with no pause by this length is cut in its longest gap between words. */
  maxSegmentSeconds?: number;
};

/**
 * Segments covering the recording from `fromSample` to its end, cut in the middle of its pauses,
 * so a long answer is recognised as short segments: each can be decoded as soon as the speaker
 * has said it (while they go on speaking), in parallel workers, and the search of a short
 * segment never holds more than a few seconds of hypotheses. A cut is decided from the audio
 * before it only, so a recording's segments are the same cut as it grows, but for its last.
 */
export function splitAtPauses(
  speech: Speech,
  { fromSample = 0, minSegmentSeconds = 2, maxSegmentSeconds = 12 }: SegmentOptions = {},
): SampleSpan[] {
  const { frameSamples, voiced } = speech;
  const perSecond = speech.sampleRate / frameSamples;
  const shortestPause = Math.round(SHORTEST_PAUSE_SECONDS / FRAME_SECONDS);
  const minSegment = Math.round(minSegmentSeconds * perSecond);
  const maxSegment = Math.round(maxSegmentSeconds * perSecond);
  const inSpeech = new Uint8Array(voiced.length);
  for (const region of speech.regions) inSpeech.fill(1, region.start, region.end);

  const cuts: number[] = [];
  let segmentStart = Math.ceil(fromSample / frameSamples);
  let pause = 0;
  for (let f = segmentStart; f < voiced.length; f++) {
    if (!inSpeech[f]) pause++;
    else {
      // A pause just ended: cut in its middle if the segment is long enough.
      const middle = f - Math.ceil(pause / 2);
      if (pause >= shortestPause && middle - segmentStart >= minSegment) {
        cuts.push(middle);
        segmentStart = middle;
      }
      pause = 0;
    }
    if (f - segmentStart >= maxSegment) {
      segmentStart = longestGapMiddle(voiced, segmentStart + Math.floor(maxSegment / 2), f);
      cuts.push(segmentStart);
      pause = 0;
    }
  }
  const bounds = [fromSample, ...cuts.map((cut) => cut * frameSamples), speech.length];
  return bounds
    .slice(1)
    .map((end, k) => ({ startSample: bounds[k]!, endSample: end }))
    .filter((segment) => segment.endSample > segment.startSample);
}

/**
 * Frames of silence after the last speech that show a recording sent at the page's pause reached
 * that pause: with the detector's 60–100 ms hang-over, about 0.1 s of quiet.
 */
const CLOSING_SILENCE_FRAMES = 2;

/**
 * Where a recording sent when the page heard the speaker pause may be cut, so that its last
 * sentence is heard now (docs/decisions/0104): after its last speech, once the recording holds
 * some of the silence the page heard — the middle of it when it is as long as a pause, its end
 * when shorter (the recorder writes in its own time, so a recording can hold less of the pause
 * than the page has heard). Undefined while speech runs to the end, or when there is none.
 */
export function closingPause(speech: Speech): number | undefined {
  const last = speech.regions.at(-1);
  if (!last) return undefined;
  const silence = speech.voiced.length - last.end;
  if (silence < CLOSING_SILENCE_FRAMES) return undefined;
  const shortestPause = Math.round(SHORTEST_PAUSE_SECONDS / FRAME_SECONDS);
  const kept = silence < shortestPause ? silence : Math.floor(silence / 2);
  return (last.end + kept) * speech.frameSamples;
}

/** True when some speech falls inside `span`: a stretch of silence alone has no words to hear. */
export function hasSpeech(speech: Speech, span: SampleSpan): boolean {
  const from = span.startSample / speech.frameSamples;
  const to = span.endSample / speech.frameSamples;
  return speech.regions.some((region) => region.start < to && region.end > from);
}

/** The middle of the longest run of unvoiced frames in [from, to], or `to` when there is none. */
function longestGapMiddle(voiced: Uint8Array, from: number, to: number): number {
  let best = { length: 0, middle: to };
  let run = 0;
  for (let f = from; f <= to; f++) {
    run = voiced[f] ? 0 : run + 1;
    if (run > best.length) best = { length: run, middle: f - Math.floor(run / 2) };
  }
  return best.middle;
}
