import { describe, expect, it, vi } from "vitest";
import { decodeWebmOpus, RecordingTooLongError } from "./decode";
import { AudioFormatError, demuxWebmOpus } from "./webm";
import { readFixture as fixture } from "@tests/support/audio-fixtures";
import { opusHead, writeWebm } from "@tests/support/webm-writer";

/** Seconds of speech + padding in the source WAV (16-bit mono 16 kHz, 44-byte header). */
const wavSeconds = (id: string) => (fixture(id, "wav").length - 44) / 32_000;

describe("decodeWebmOpus", () => {
  it("decodes a Chromium recording to 16 kHz mono with the recorded length", async () => {
    for (const id of ["tell-me-about-yourself.slt", "conflict-coworker.awb"]) {
      const audio = await decodeWebmOpus(fixture(id));
      expect(audio.sampleRate).toBe(16_000);
      expect(audio.pcm.length).toBe(Math.round(audio.durationSeconds * 16_000));
      // The recorder ran for the WAV's length plus 0.6 s.
      expect(audio.durationSeconds).toBeGreaterThan(wavSeconds(id) + 0.3);
      expect(audio.durationSeconds).toBeLessThan(wavSeconds(id) + 0.9);
      const peak = audio.pcm.reduce((max, x) => Math.max(max, Math.abs(x)), 0);
      expect(peak).toBeGreaterThan(0.05);
      expect(peak).toBeLessThanOrEqual(1.1); // Opus may overshoot full scale a little
    }
  });

  it("decodes what there is of a truncated recording", async () => {
    const whole = fixture("five-years.rms");
    const full = await decodeWebmOpus(whole);
    const cut = await decodeWebmOpus(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(cut.truncated).toBe(true);
    expect(cut.durationSeconds).toBeGreaterThan(full.durationSeconds * 0.3);
    expect(cut.durationSeconds).toBeLessThan(full.durationSeconds * 0.7);
  });

  it("applies the Opus pre-skip and downmixes stereo", async () => {
    const packets = demuxWebmOpus(fixture("why-hire-you.rms")).packets;
    const plain = await decodeWebmOpus(
      writeWebm(packets, { tracks: [{ codecId: "A_OPUS", codecPrivate: opusHead(1, 0) }] }),
    );
    const skipped = await decodeWebmOpus(
      writeWebm(packets, { tracks: [{ codecId: "A_OPUS", codecPrivate: opusHead(1, 960) }] }),
    );
    expect(plain.pcm.length - skipped.pcm.length).toBe(320); // 960 at 48 kHz = 320 at 16 kHz
    const stereo = await decodeWebmOpus(
      writeWebm(packets, {
        tracks: [{ codecId: "A_OPUS", codecPrivate: opusHead(2, 0), channels: 2 }],
      }),
    );
    expect(stereo.pcm.length).toBe(plain.pcm.length);
    const difference = stereo.pcm.reduce((sum, x, i) => sum + Math.abs(x - plain.pcm[i]!), 0);
    expect(difference / plain.pcm.length).toBeLessThan(0.01);
  });

  it("refuses recordings over the length limit before decoding them", async () => {
    const packets = demuxWebmOpus(fixture("what-motivates-you.slt")).packets;
    const long = writeWebm(Array.from({ length: 40 }, () => packets).flat()); // ~40 × 3 s
    await expect(decodeWebmOpus(long, { maxSeconds: 60 })).rejects.toBeInstanceOf(
      RecordingTooLongError,
    );
    const ok = await decodeWebmOpus(long, { maxSeconds: 200 });
    expect(ok.durationSeconds).toBeGreaterThan(60);
  });

  it("refuses empty recordings and undecodable packets with AudioFormatError", async () => {
    await expect(decodeWebmOpus(new Uint8Array())).rejects.toBeInstanceOf(AudioFormatError);
    await expect(decodeWebmOpus(writeWebm([]))).rejects.toBeInstanceOf(AudioFormatError);
    // Packets whose TOC declares more than 120 ms are not Opus.
    const junk = writeWebm([Uint8Array.of(0xfb, 0x3f, 1, 2, 3)]);
    await expect(decodeWebmOpus(junk)).rejects.toBeInstanceOf(AudioFormatError);
  });

  it("decodes around corrupt packets without writing to the console", async () => {
    const recording = fixture("five-years.rms");
    const whole = await decodeWebmOpus(recording);
    const { packets } = demuxWebmOpus(recording);
    // Every tenth packet made one libopus refuses: its TOC says two frames of equal size
    // (code 1), which needs an even number of bytes after it, and it is given an odd one.
    const garbled = packets.map((packet, i) => {
      if (i % 10 !== 5) return packet;
      const rest = packet.subarray(1, packet.length % 2 === 1 ? packet.length - 1 : packet.length);
      return Uint8Array.of((packet[0]! & 0xfc) | 0x01, ...rest);
    });
    const written = vi.spyOn(console, "error");
    try {
      const audio = await decodeWebmOpus(writeWebm(garbled));
      expect(audio.durationSeconds).toBeGreaterThan(whole.durationSeconds * 0.8);
      expect(written).not.toHaveBeenCalled();
    } finally {
      written.mockRestore();
    }
    expect(console.error).not.toBe(written);
  });

  it("turns random packet payloads into audio or a clean error, never a crash", async () => {
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const packets = Array.from({ length: 100 }, () =>
      Uint8Array.from({ length: 1 + Math.floor(random() * 200) }, () => Math.floor(random() * 256)),
    );
    try {
      const audio = await decodeWebmOpus(writeWebm(packets));
      expect(Number.isFinite(audio.durationSeconds)).toBe(true);
    } catch (error) {
      expect(error).toBeInstanceOf(AudioFormatError);
    }
  });
});
