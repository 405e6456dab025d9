/**
 * Trims the silence before and after speech, so the recogniser searches only the part that can
 * hold words (recordings start before the user speaks and stop after), and recognises nothing
 * at all in a recording that is silent throughout.
 */

const FRAME_SECONDS = 0.01;
/** Below this RMS (about -54 dBFS) a frame is silence whatever the recording's noise floor. */
const ABSOLUTE_FLOOR = 0.002;

export function trimSilence(
  pcm: Float32Array,
  sampleRate: number,
  { marginSeconds = 0.3 }: { marginSeconds?: number } = {},
): Float32Array {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const frames = Math.floor(pcm.length / frame);
  if (frames === 0) return pcm.subarray(0, 0);
  const energy = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) sum += pcm[i]! * pcm[i]!;
    energy[f] = Math.sqrt(sum / frame);
  }
  const sorted = Float32Array.from(energy).sort();
  const floor = sorted[Math.floor(frames * 0.1)]!;
  const peak = sorted[frames - 1]!;
  if (peak < ABSOLUTE_FLOOR) return pcm.subarray(0, 0);
  // No quiet stretch to tell apart (steady noise, or speech throughout): keep it all.
  if (peak < floor * 3) return pcm;
  // Speech: well above the noise floor and not far below the loudest frame.
  const threshold = Math.max(ABSOLUTE_FLOOR, floor * 3, peak * 0.05);
  let first = energy.findIndex((value) => value >= threshold);
  let last = frames - 1;
  while (last > first && energy[last]! < threshold) last--;
  const margin = Math.round(marginSeconds / FRAME_SECONDS);
  first = Math.max(0, first - margin);
  last = Math.min(frames - 1, last + margin);
  return pcm.subarray(first * frame, Math.min(pcm.length, (last + 1) * frame));
}
