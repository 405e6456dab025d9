import { readFileSync } from "node:fs";
import path from "node:path";
import { writeWebm } from "./webm-writer";

/**
 * The recorded-question fixtures: real Chromium MediaRecorder WebM/Opus files, made by
 * `npm run fixtures:recordings` (scripts/fixtures/make-recordings.ts; list and manifest beside
 * them).
 */
export const fixturesDir = path.resolve(import.meta.dirname, "../fixtures/audio");

export function readFixture(id: string, extension = "webm"): Uint8Array {
  return new Uint8Array(readFileSync(path.join(fixturesDir, `${id}.${extension}`)));
}

/** 3 s of 20 ms CELT packets with no payload, which decode to silence. */
export function silentWebm(): Uint8Array {
  return writeWebm(Array.from({ length: 150 }, () => Uint8Array.of(0xf8)));
}

/** 3 s of 20 ms packets with seeded random payloads, which decode to noise. */
export function noiseWebm(seed: number): Uint8Array {
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return writeWebm(
    Array.from({ length: 150 }, () =>
      Uint8Array.from({ length: 60 }, (_, i) => (i === 0 ? 0xf8 : Math.floor(random() * 256))),
    ),
  );
}
