import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The recorded-question fixtures: real Chromium MediaRecorder WebM/Opus files kept beside the
 * repository (`../shared/fixtures/audio`, see its README and manifest.json).
 */
export const fixturesDir = path.resolve(import.meta.dirname, "../../../../shared/fixtures/audio");

export function readFixture(id: string, extension = "webm"): Uint8Array {
  return new Uint8Array(readFileSync(path.join(fixturesDir, `${id}.${extension}`)));
}
