import { describe, expect, it } from "vitest";
import { decodeWebmOpus } from "./decode";
import { trimSilence } from "./silence";
import { readFixture } from "@tests/support/audio-fixtures";

describe("trimSilence", () => {
  it("keeps the speech of a recording with a margin and drops the silence around it", async () => {
    // The fixture has 0.4 s of silence before the speech and 1.6 s after.
    const audio = await decodeWebmOpus(readFixture("tell-me-about-yourself.rms"));
    const speech = trimSilence(audio.pcm, 16_000);
    const seconds = speech.length / 16_000;
    expect(seconds).toBeLessThan(audio.durationSeconds - 1);
    expect(seconds).toBeGreaterThan(audio.durationSeconds - 2.4);
  });

  it("returns nothing for silence and keeps steady noise whole", () => {
    expect(trimSilence(new Float32Array(16_000), 16_000)).toHaveLength(0);
    expect(trimSilence(new Float32Array(), 16_000)).toHaveLength(0);
    const noise = Float32Array.from({ length: 16_000 }, (_, i) => Math.sin(i * 12.9898) * 0.3);
    expect(trimSilence(noise, 16_000).length).toBeGreaterThan(15_000);
  });
});
