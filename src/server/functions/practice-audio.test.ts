import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixturesDir, readFixture } from "@tests/support/audio-fixtures";
import { ApiError } from "../http/errors";
import { decodeRecording, inspectWebm } from "./practice-audio";

const recordings = readdirSync(fixturesDir).filter((name) => name.endsWith(".webm"));
const sample = readFixture(recordings[0]!.replace(/\.webm$/, ""));

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

describe("decodeRecording", () => {
  it("fails only with ApiErrors (4xx), whatever the string", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.base64String(),
          fc.uint8Array().map((b) => Buffer.from(b).toString("base64")),
        ),
        (value) => {
          try {
            decodeRecording(value);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).status).toBeGreaterThanOrEqual(400);
            expect((error as ApiError).status).toBeLessThan(500);
          }
        },
      ),
    );
  });

  it("returns the recording's bytes for base64, base64url and data: URLs", () => {
    const base64 = Buffer.from(sample).toString("base64");
    expect(decodeRecording(base64)).toEqual(sample);
    expect(decodeRecording(Buffer.from(sample).toString("base64url"))).toEqual(sample);
    expect(decodeRecording(`data:audio/webm;codecs=opus;base64,${base64}`)).toEqual(sample);
    expect(decodeRecording(base64.replace(/(.{76})/g, "$1\n"))).toEqual(sample);
  });
});
