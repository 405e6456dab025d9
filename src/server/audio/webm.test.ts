import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AudioFormatError, demuxWebmOpus, inspectWebm, opusPacketSamples } from "./webm";
import { fixturesDir, readFixture as fixture } from "@tests/support/audio-fixtures";
import { ebmlElement, opusHead, writeWebm } from "@tests/support/webm-writer";

const recordings = readdirSync(fixturesDir).filter((name) => name.endsWith(".webm"));
const sample = fixture(recordings[0]!.replace(/\.webm$/, ""));

function demuxError(bytes: Uint8Array): AudioFormatError {
  try {
    demuxWebmOpus(bytes);
  } catch (error) {
    if (error instanceof AudioFormatError) return error;
    throw error;
  }
  throw new Error("expected an AudioFormatError");
}

describe("demuxWebmOpus", () => {
  it("reads every Chromium fixture: unknown-size Segment and Clusters, mono Opus, 20 ms packets", () => {
    const files = readdirSync(fixturesDir).filter((name) => name.endsWith(".webm"));
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const name of files) {
      const track = demuxWebmOpus(new Uint8Array(readFileSync(path.join(fixturesDir, name))));
      expect(track.truncated, name).toBe(false);
      expect(track.head.channels, name).toBe(1);
      const seconds = track.packets.reduce((sum, p) => sum + opusPacketSamples(p), 0) / 48_000;
      // Recorded for the WAV's length plus 0.6 s (16 kHz mono 16-bit after a 44-byte header).
      const wavBytes = statSync(path.join(fixturesDir, name.replace(/\.webm$/, ".wav"))).size;
      const wavSeconds = (wavBytes - 44) / 32_000;
      expect(seconds, name).toBeGreaterThan(wavSeconds - 0.25);
      expect(seconds, name).toBeLessThan(wavSeconds + 1.5);
    }
  });

  it("returns the complete packets of a truncated recording and says it was cut", () => {
    const whole = fixture("five-years.slt");
    const full = demuxWebmOpus(whole);
    const cut = demuxWebmOpus(whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(cut.truncated).toBe(true);
    expect(cut.packets.length).toBeGreaterThan(full.packets.length * 0.4);
    expect(cut.packets.length).toBeLessThan(full.packets.length);
    // Every packet returned is whole: identical to the same packet of the full file.
    cut.packets.forEach((packet, i) => expect(packet).toEqual(full.packets[i]));
  });

  it("refuses bytes that are not WebM", () => {
    expect(demuxError(new Uint8Array()).problem).toBe("not_webm");
    expect(demuxError(new TextEncoder().encode("RIFF....WAVEfmt ")).problem).toBe("not_webm");
    expect(demuxError(Uint8Array.of(0x1a, 0x45, 0xdf, 0xa3)).problem).toBe("not_webm");
    const mkv = ebmlElement(0x1a45dfa3, [ebmlElement(0x4282, "qt")]);
    expect(demuxError(mkv).problem).toBe("not_webm");
  });

  it("refuses WebM without an Opus track, and an Opus track without audio", () => {
    const packets = demuxWebmOpus(fixture("why-hire-you.rms")).packets;
    const vorbis = writeWebm(packets, { tracks: [{ codecId: "A_VORBIS" }] });
    expect(demuxError(vorbis).problem).toBe("no_opus_track");
    expect(demuxError(writeWebm([])).problem).toBe("no_audio");
  });

  it("finds the Opus track among others and undoes every kind of lacing", () => {
    const packets = demuxWebmOpus(fixture("why-hire-you.rms")).packets.slice(0, 50);
    const tracks = [
      { codecId: "V_VP8", trackNumber: 1 },
      { codecId: "A_OPUS", codecPrivate: opusHead(2, 312), channels: 2, trackNumber: 2 },
    ];
    for (const lacing of ["none", "xiph", "ebml", "fixed"] as const) {
      for (const knownSizes of [false, true]) {
        const track = demuxWebmOpus(writeWebm(packets, { tracks, lacing, knownSizes }));
        expect(track.packets, `${lacing} ${knownSizes}`).toEqual(packets);
        expect(track.head).toMatchObject({ channels: 2, preSkip: 312, inputSampleRate: 48_000 });
      }
    }
  });

  it("never throws anything but AudioFormatError on damaged input", () => {
    const whole = fixture("what-motivates-you.awb");
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const bytes = whole.slice(0, 40 + Math.floor(random() * whole.length));
      for (let i = 0; i < 8; i++)
        bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      try {
        demuxWebmOpus(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(AudioFormatError);
      }
    }
  });
});

describe("inspectWebm", () => {
  it("accepts every Chromium recording in the fixtures, with a plausible duration", () => {
    expect(recordings.length).toBeGreaterThan(10);
    for (const name of recordings) {
      const info = inspectWebm(new Uint8Array(readFileSync(path.join(fixturesDir, name))));
      expect(info, name).toMatchObject({ ok: true, docType: "webm", codecs: ["A_OPUS"] });
      if (!info.ok) continue;
      expect(info.durationSeconds, name).toBeGreaterThan(1);
      expect(info.durationSeconds, name).toBeLessThan(15);
    }
  });

  it("agrees with the demuxer on the length, and names a codec it refuses", () => {
    for (const name of recordings.slice(0, 5)) {
      const bytes = fixture(name.replace(/\.webm$/, ""));
      const info = inspectWebm(bytes);
      const samples = demuxWebmOpus(bytes).packets.reduce(
        (sum, p) => sum + opusPacketSamples(p),
        0,
      );
      // The last block's start versus the end of all audio: a few packets apart.
      expect(Math.abs((info.ok ? info.durationSeconds! : 0) - samples / 48_000), name).toBeLessThan(
        0.1,
      );
    }
    const packets = demuxWebmOpus(sample).packets;
    const vorbis = writeWebm(packets, { tracks: [{ codecId: "A_VORBIS" }], knownSizes: true });
    expect(inspectWebm(vorbis)).toEqual({ ok: false, reason: "codec A_VORBIS" });
  });

  it("tolerates a truncated tail but not a broken header", () => {
    expect(inspectWebm(sample.subarray(0, Math.floor(sample.length * 0.6)))).toMatchObject({
      ok: true,
    });
    expect(inspectWebm(sample.subarray(0, 20))).toMatchObject({ ok: false });
    const wrongDocType = sample.slice();
    const at = Buffer.from(wrongDocType).indexOf("webm");
    wrongDocType.set(Buffer.from("wxyz"), at);
    expect(inspectWebm(wrongDocType)).toEqual({ ok: false, reason: 'document type "wxyz"' });
  });

  it("never throws, whatever the bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        inspectWebm(bytes);
      }),
    );
    // Corruptions of a real file: header intact, anything after it damaged.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 40 }),
        (edits) => {
          const bytes = sample.slice();
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          inspectWebm(bytes);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("opusPacketSamples", () => {
  it("reads frame size and count from the TOC byte", () => {
    expect(opusPacketSamples(Uint8Array.of(0xf8))).toBe(960); // CELT FB 20 ms, 1 frame
    expect(opusPacketSamples(Uint8Array.of(0xf9))).toBe(1920); // 2 frames
    expect(opusPacketSamples(Uint8Array.of(0x03, 0x03))).toBe(480 * 3); // SILK NB 10 ms ×3
    expect(opusPacketSamples(Uint8Array.of(0xfb, 0x3f))).toBe(0); // 63 × 20 ms: invalid
    expect(opusPacketSamples(new Uint8Array())).toBe(0);
  });
});
