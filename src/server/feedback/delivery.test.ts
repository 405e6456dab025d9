import { describe, expect, it } from "vitest";
import { voiceSignal } from "@tests/support/voice-signal";
import { analyseDelivery } from "./delivery";

const RATE = 16_000;

describe("delivery", () => {
  it("measures speaking time, the longest pause and the pace from the signal", () => {
    const pcm = voiceSignal([
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
        pcm: voiceSignal([{ silence: 5 }], { noise }),
        sampleRate: RATE,
        transcript: "",
      });
      expect(delivery.speakingSeconds).toBe(0);
      expect(delivery.wordsPerMinute).toBe(0);
    }
  });
});
