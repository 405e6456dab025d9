/**
 * Splits speech at pauses, so a long answer is recognised as short segments: each can be decoded
 * as soon as the speaker has said it (while they go on speaking), in parallel workers, and the
 * search of a short segment never holds more than a few seconds of hypotheses.
 */

const FRAME_SECONDS = 0.01;
/** Below this RMS (about -54 dBFS) a frame is silence whatever the recording's noise floor. */
const ABSOLUTE_FLOOR = 0.002;

type Segment = { startSample: number; endSample: number };

type PauseOptions = {
  /** A quiet stretch at least this long is a pause. */
  minPauseSeconds?: number;
  /** Segments are not cut before they are this long (short ones lose the words' context). */
  minSegmentSeconds?: number;
  /** A segment with no pause by this length is cut at its quietest frame. */
  maxSegmentSeconds?: number;
};

/** RMS energy of each 10 ms frame. */
function frameEnergies(pcm: Float32Array, frame: number): Float32Array {
  const frames = Math.floor(pcm.length / frame);
  const energy = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) sum += pcm[i]! * pcm[i]!;
    energy[f] = Math.sqrt(sum / frame);
  }
  return energy;
}

/**
 * Segments covering the whole of `pcm`, cut in the middle of pauses. The speech threshold is the
 * one trimSilence uses: well above the recording's noise floor, not far below its loudest frame.
 */
export function splitAtPauses(
  pcm: Float32Array,
  sampleRate: number,
  { minPauseSeconds = 0.2, minSegmentSeconds = 2, maxSegmentSeconds = 12 }: PauseOptions = {},
): Segment[] {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const energy = frameEnergies(pcm, frame);
  const frames = energy.length;
  if (frames === 0) return pcm.length > 0 ? [{ startSample: 0, endSample: pcm.length }] : [];
  const sorted = Float32Array.from(energy).sort();
  const floor = sorted[Math.floor(frames * 0.1)]!;
  const peak = sorted[frames - 1]!;
  const threshold = Math.max(ABSOLUTE_FLOOR, floor * 3, peak * 0.05);
  const minPause = Math.round(minPauseSeconds / FRAME_SECONDS);
  const minSegment = Math.round(minSegmentSeconds / FRAME_SECONDS);
  const maxSegment = Math.round(maxSegmentSeconds / FRAME_SECONDS);

  const cuts: number[] = [];
  let segmentStart = 0;
  let quietRun = 0;
  for (let f = 0; f < frames; f++) {
    if (energy[f]! < threshold) quietRun++;
    else {
      // A pause just ended: cut in its middle if the segment is long enough.
      const pauseMiddle = f - Math.ceil(quietRun / 2);
      if (quietRun >= minPause && pauseMiddle - segmentStart >= minSegment) {
        cuts.push(pauseMiddle);
        segmentStart = pauseMiddle;
      }
      quietRun = 0;
    }
    if (f - segmentStart >= maxSegment) {
      // No pause in time: cut at the quietest frame of the segment's second half.
      let quietest = f;
      for (let g = segmentStart + Math.floor(maxSegment / 2); g <= f; g++) {
        if (energy[g]! < energy[quietest]!) quietest = g;
      }
      cuts.push(quietest);
      segmentStart = quietest;
      quietRun = 0;
    }
  }
  const bounds = [0, ...cuts.map((cut) => cut * frame), pcm.length];
  return bounds.slice(1).map((end, k) => ({ startSample: bounds[k]!, endSample: end }));
}
