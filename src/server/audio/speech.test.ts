import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixturesDir, readFixture, silentWebm } from "@tests/support/audio-fixtures";
import { voiceSignal } from "@tests/support/voice-signal";
import { decodeWebmOpus } from "./decode";
import {
  closingPause,
  detectSpeech,
  pauseSeconds,
  speechSeconds,
  splitAtPauses,
  trimSilence,
} from "./speech";

const RATE = 16_000;
const seconds = (samples: number) => samples / RATE;

describe("detectSpeech", () => {
  // 0.5 s quiet, a word of 1.5 s, a 0.1 s gap, another 1.5 s, a 2 s pause, 2 s more, 0.5 s quiet.
  const pcm = voiceSignal([
    { silence: 0.5 },
    { speech: 1.5, silence: 0.1 },
    { speech: 1.5, silence: 2 },
    { speech: 2, silence: 0.5 },
  ]);
  const speech = detectSpeech(pcm, RATE);

  it("finds the speech, joined across a short gap and apart at a pause", () => {
    expect(speech.regions).toHaveLength(2);
    const [first, second] = speech.regions.map(({ start, end }) => ({
      start: seconds(start * speech.frameSamples),
      end: seconds(end * speech.frameSamples),
    }));
    expect(first!.start).toBeCloseTo(0.5, 1);
    expect(first!.end).toBeGreaterThan(3.6);
    expect(second!.start).toBeCloseTo(5.6, 1);
    expect(second!.end).toBeGreaterThan(7.6);
  });

  it("measures the pause and the speaking time from the same regions", () => {
    // The detector holds speech on for up to 0.1 s after it stops.
    const pauses = pauseSeconds(speech);
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeGreaterThan(1.85);
    expect(pauses[0]).toBeLessThanOrEqual(2);
    expect(pauseSeconds(speech, 2.5)).toEqual([]);
    expect(speechSeconds(speech)).toBeGreaterThan(5.1);
    expect(speechSeconds(speech)).toBeLessThan(5.5);
  });

  it("hears no speech in silence or noise, but takes loud white noise for speech", () => {
    for (const quiet of [
      new Float32Array(RATE),
      new Float32Array(),
      voiceSignal([{ silence: 5 }]),
    ]) {
      expect(detectSpeech(quiet, RATE).regions).toEqual([]);
    }
    expect(detectSpeech(voiceSignal([{ silence: 5 }], { noise: 0.05 }), RATE).regions).toEqual([]);
    // About -25 dBFS of white noise from the start: no quiet to learn the noise from.
    const loud = voiceSignal([{ silence: 1 }], { noise: 0.1 });
    expect(speechSeconds(detectSpeech(loud, RATE))).toBeGreaterThan(0.9);
  });

  it("refuses a sample rate it cannot take", () => {
    expect(() => detectSpeech(new Float32Array(1000), 1000)).toThrow(RangeError);
  });
});

describe("trimSilence", () => {
  it("keeps the speech with a margin and drops the silence around it", () => {
    const pcm = voiceSignal([{ silence: 2 }, { speech: 3 }, { silence: 2 }]);
    const speech = trimSilence(pcm, RATE);
    const start = seconds(speech.byteOffset / speech.BYTES_PER_ELEMENT);
    expect(start).toBeCloseTo(1.5, 1);
    expect(start + seconds(speech.length)).toBeCloseTo(5.6, 1);
  });

  it("keeps the speech of a recording and drops the silence around it", async () => {
    // The fixture has 0.4 s of silence before the speech and 1.6 s after.
    const audio = await decodeWebmOpus(readFixture("tell-me-about-yourself.rms"));
    const kept = seconds(trimSilence(audio.pcm, RATE).length);
    expect(kept).toBeLessThan(audio.durationSeconds - 1);
    expect(kept).toBeGreaterThan(audio.durationSeconds - 2.4);
  });

  it("returns nothing for silence", async () => {
    expect(trimSilence(new Float32Array(RATE), RATE)).toHaveLength(0);
    expect(trimSilence((await decodeWebmOpus(silentWebm())).pcm, RATE)).toHaveLength(0);
  });
});

describe("recorded questions", () => {
  const ids = readdirSync(fixturesDir)
    .filter((name) => name.endsWith(".webm"))
    .map((name) => name.replace(/\.webm$/, ""));

  it.each(ids)("%s: the speech, where the source says it is", async (id) => {
    // The source WAV beside each recording is flite's clean speech between digital silence: where
    // its samples are loud is where the speech is, give or take a quiet consonant.
    const wav = readFixture(id, "wav");
    const source = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
    const loud = (sample: number) => Math.abs(sample) > 0.02 * 32768;
    const truth = {
      start: seconds(source.findIndex(loud)),
      end: seconds(source.findLastIndex(loud) + 1),
    };
    const audio = await decodeWebmOpus(readFixture(id));
    const speech = detectSpeech(audio.pcm, RATE);
    const start = seconds(speech.regions[0]!.start * speech.frameSamples);
    const end = seconds(speech.regions.at(-1)!.end * speech.frameSamples);
    expect(Math.abs(start - truth.start)).toBeLessThan(0.1);
    expect(Math.abs(end - truth.end)).toBeLessThan(0.2);
    // Sentences read without a break: no pause a listener would notice.
    expect(Math.max(0, ...pauseSeconds(speech))).toBeLessThan(0.3);
  });
});

describe("splitAtPauses", () => {
  const pcm = voiceSignal([
    { speech: 3, silence: 1 },
    { speech: 1, silence: 1 },
    { speech: 1.5, silence: 0.1 },
    { speech: 3 },
  ]);
  const speech = detectSpeech(pcm, RATE);

  it("cuts in the middle of pauses once a segment is long enough, and covers everything", () => {
    const parts = splitAtPauses(speech, { minSegmentSeconds: 2 });
    expect(parts.map((part) => seconds(part.startSample))).toEqual([
      0,
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(seconds(parts[1]!.startSample)).toBeCloseTo(3.55, 1);
    // Not at the second pause (too soon), nor in the 0.1 s gap inside speech.
    expect(seconds(parts[2]!.startSample)).toBeCloseTo(5.55, 1);
    expect(parts.at(-1)!.endSample).toBe(pcm.length);
    parts.slice(1).forEach((part, k) => expect(part.startSample).toBe(parts[k]!.endSample));
  });

  it("cuts the same way as the recording grows, and resumes where it stopped", () => {
    const whole = splitAtPauses(speech, { minSegmentSeconds: 1 });
    // A draft of the first 6 s: its segments but the last, which may end mid-word.
    const early = splitAtPauses(detectSpeech(pcm.subarray(0, 6 * RATE), RATE), {
      minSegmentSeconds: 1,
    }).slice(0, -1);
    expect(early.length).toBeGreaterThan(0);
    expect(whole.slice(0, early.length)).toEqual(early);
    const rest = splitAtPauses(speech, {
      minSegmentSeconds: 1,
      fromSample: early.at(-1)!.endSample,
    });
    expect([...early, ...rest]).toEqual(whole);
  });

  it("cuts a segment with no pause at its longest", () => {
    const long = voiceSignal([{ speech: 30 }]);
    const parts = splitAtPauses(detectSpeech(long, RATE), { maxSegmentSeconds: 12 });
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const part of parts)
      expect(part.endSample - part.startSample).toBeLessThanOrEqual(12 * RATE);
    expect(parts.at(-1)!.endSample).toBe(long.length);
  });
});

describe("closingPause", () => {
  // 0.3 s quiet, then 2 s of speech; what follows it varies.
  const endingIn = (silence: number) =>
    detectSpeech(voiceSignal([{ silence: 0.3 }, { speech: 2, silence }]), RATE);
  const speechEnd = (speech: ReturnType<typeof detectSpeech>) =>
    speech.regions.at(-1)!.end * speech.frameSamples;

  it("cuts a recording that ends in a long silence in the middle of it", () => {
    const speech = endingIn(1);
    const cut = closingPause(speech)!;
    expect(seconds(cut - speechEnd(speech))).toBeCloseTo(
      seconds(speech.length - speechEnd(speech)) / 2,
      1,
    );
  });

  it("cuts one that holds only the start of the pause at its end, so no word is cut short", () => {
    // The page heard 0.35 s of quiet; the recording it sent lags and holds a little of it.
    const speech = endingIn(0.16);
    const silence = speech.voiced.length - speech.regions.at(-1)!.end;
    expect(silence).toBeGreaterThanOrEqual(2);
    expect(silence).toBeLessThan(6);
    expect(closingPause(speech)).toBe(speech.voiced.length * speech.frameSamples);
  });

  it("does not cut while speech runs to the end", () => {
    expect(closingPause(endingIn(0))).toBeUndefined();
    expect(closingPause(detectSpeech(new Float32Array(RATE), RATE))).toBeUndefined();
  });
});
