import { describe, expect, it } from "vitest";
import { zipBombDocx, zipOf } from "@tests/support/cv-files";
import { checkZip } from "./zip-budget";

/** The zip check a DOCX passes before mammoth unpacks it. */

const MB = 1024 * 1024;

describe("checkZip", () => {
  it("lists a small zip's entries", () => {
    const zip = zipOf([
      { name: "a.txt", data: Buffer.from("hello") },
      { name: "word/document.xml", data: Buffer.from("<w:document/>") },
    ]);
    expect(checkZip(zip, MB)).toEqual({ ok: true, names: ["a.txt", "word/document.xml"] });
  });

  it("refuses a zip that expands past the budget", () => {
    expect(checkZip(zipBombDocx(8), 4 * MB)).toEqual({ ok: false, reason: "too-large" });
  });

  it("measures what an entry expands to, not what the zip declares", () => {
    const zip = zipOf([{ name: "big.xml", data: Buffer.alloc(3 * MB, 65) }]);
    // Declare 10 bytes uncompressed in the central directory: the inflation still counts 3 MB.
    const directoryAt = zip.readUInt32LE(zip.length - 22 + 16);
    zip.writeUInt32LE(10, directoryAt + 24);
    expect(checkZip(zip, 2 * MB)).toEqual({ ok: false, reason: "too-large" });
  });

  it("refuses bytes that are not a zip, and a cut one", () => {
    expect(checkZip(Buffer.from("PK\x03\x04 not really"), MB)).toEqual({
      ok: false,
      reason: "not-a-zip",
    });
    const zip = zipOf([{ name: "a.txt", data: Buffer.alloc(5000, 66) }]);
    const cut = Buffer.concat([zip.subarray(0, 40), zip.subarray(zip.length - 200)]);
    expect(checkZip(cut, MB).ok).toBe(false);
  });
});
