import { readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixturesDir, readFixture } from "@tests/support/audio-fixtures";
import { ApiError } from "@/server/http/errors";
import { decodeRecording } from "./practice-audio";

const recordings = readdirSync(fixturesDir).filter((name) => name.endsWith(".webm"));
const sample = readFixture(recordings[0]!.replace(/\.webm$/, ""));

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
