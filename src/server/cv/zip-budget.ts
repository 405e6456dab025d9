import { inflateRawSync } from "node:zlib";

/**
 * Checks a zip (a DOCX) before a library unpacks it: every entry is inflated here with a cap on
 * what it may expand to, so a small file that would expand to gigabytes (a zip bomb) is refused
 * before mammoth holds it in memory. The sizes the zip declares are not trusted: an entry is
 * measured by inflating it.
 */

export type ZipVerdict =
  | { ok: true; names: string[] }
  | { ok: false; reason: "not-a-zip" | "too-large" | "too-many-entries" };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_ENTRIES = 1000;

export function checkZip(bytes: Buffer, maxExpandedBytes: number): ZipVerdict {
  // The end-of-directory record sits in the last 22 bytes plus a comment of up to 64 KB.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return { ok: false, reason: "not-a-zip" };
  const count = bytes.readUInt16LE(end + 10);
  if (count > MAX_ENTRIES) return { ok: false, reason: "too-many-entries" };
  let at = bytes.readUInt32LE(end + 16);
  let budget = maxExpandedBytes;
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      return { ok: false, reason: "not-a-zip" };
    }
    const method = bytes.readUInt16LE(at + 10);
    const packedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localAt = bytes.readUInt32LE(at + 42);
    names.push(bytes.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;

    if (localAt + 30 > bytes.length || bytes.readUInt32LE(localAt) !== LOCAL_HEADER) {
      return { ok: false, reason: "not-a-zip" };
    }
    const dataAt =
      localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    const packed = bytes.subarray(dataAt, dataAt + packedSize);
    if (packed.length < packedSize) return { ok: false, reason: "not-a-zip" };
    let expanded: number;
    if (method === 0) {
      expanded = packedSize;
    } else if (method === 8) {
      try {
        expanded = inflateRawSync(packed, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if (error instanceof RangeError) return { ok: false, reason: "too-large" };
        return { ok: false, reason: "not-a-zip" };
      }
    } else {
      return { ok: false, reason: "not-a-zip" };
    }
    budget -= expanded;
    if (budget < 0) return { ok: false, reason: "too-large" };
  }
  return { ok: true, names };
}
