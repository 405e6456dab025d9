/**
 * A synthetic voice for tests of the speech detector (src/server/audio/speech.ts): a 140 Hz
 * buzz with its harmonics, as vocal folds make, swelling and fading four times a second like
 * syllables, between stretches of faint noise. A pure tone is not speech to the detector.
 */
export function voiceSignal(
  parts: { speech?: number; silence?: number }[],
  { sampleRate = 16_000, noise = 0.001 }: { sampleRate?: number; noise?: number } = {},
): Float32Array {
  const total = parts.reduce((sum, part) => sum + (part.speech ?? 0) + (part.silence ?? 0), 0);
  const pcm = new Float32Array(Math.round(total * sampleRate));
  // mulberry32: white noise (a plain LCG's repeats in its low bits sound like a tone).
  let seed = 7;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * 2 - 1;
  };
  let at = 0;
  for (const part of parts) {
    const speech = Math.round((part.speech ?? 0) * sampleRate);
    for (let i = 0; i < speech; i++, at++) {
      const t = at / sampleRate;
      let buzz = 0;
      for (let harmonic = 1; harmonic <= 20; harmonic++) {
        buzz += Math.sin(2 * Math.PI * 140 * harmonic * t) / harmonic;
      }
      pcm[at] = 0.1 * buzz * (0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t));
    }
    const silence = Math.round((part.silence ?? 0) * sampleRate);
    for (let i = 0; i < silence; i++, at++) pcm[at] = noise * random();
  }
  return pcm;
}
