import { describe, expect, it } from "vitest";
import { analyseDelivery } from "./delivery";

const RATE = 16_000;

/** Speech-like bursts (a modulated tone) of `speech` seconds separated by silences. */
function recording(parts: { speech?: number; silence?: number }[], noise = 0.001): Float32Array {
  const total = parts.reduce((sum, p) => sum + (p.speech ?? 0) + (p.silence ?? 0), 0);
  const pcm = new Float32Array(Math.round(total * RATE));
  let at = 0;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  for (const part of parts) {
    const speech = Math.round((part.speech ?? 0) * RATE);
    for (let i = 0; i < speech; i++, at++) {
      pcm[at] = 0.3 * Math.sin((2 * Math.PI * 180 * at) / RATE) * (0.6 + 0.4 * Math.sin(at / 400));
    }
    const silence = Math.round((part.silence ?? 0) * RATE);
    for (let i = 0; i < silence; i++, at++) pcm[at] = noise * random();
  }
  return pcm;
}

describe("delivery", () => {
  it("measures speaking time, the longest pause and the pace from the signal", () => {
    const pcm = recording([
      { silence: 1 },
      { speech: 10, silence: 0.6 },
      { speech: 8, silence: 2.5 },
      { speech: 10, silence: 1 },
    ]);
    const transcript = Array.from({ length: 70 }, (_, i) => `word${i}`).join(" ");
    const delivery = analyseDelivery({ pcm, sampleRate: RATE, transcript });
    expect(delivery.durationSeconds).toBeCloseTo(33.1, 1);
    expect(delivery.speakingSeconds).toBeGreaterThan(27);
    expect(delivery.speakingSeconds).toBeLessThan(29);
    expect(delivery.longestPauseSeconds).toBeCloseTo(2.5, 0);
    expect(delivery.wordsPerMinute).toBeGreaterThan(140);
    expect(delivery.wordsPerMinute).toBeLessThan(160);
  });

  it("hears no speech in silence or steady noise", () => {
    for (const noise of [0, 0.05]) {
      const delivery = analyseDelivery({
        pcm: recording([{ silence: 5 }], noise),
        sampleRate: RATE,
        transcript: "",
      });
      expect(delivery.speakingSeconds).toBe(0);
      expect(delivery.wordsPerMinute).toBe(0);
    }
  });
});
