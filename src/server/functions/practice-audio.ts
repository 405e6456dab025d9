import { ApiError, payloadTooLarge } from "@/server/http/errors";
import {
  MAX_AUDIO_BASE64_CHARS,
  MAX_AUDIO_BYTES,
  MAX_RECORDING_SECONDS,
  RECORDING_DURATION_SLACK_SECONDS,
} from "@/shared/practice-limits";
import { practiceErrorCodes as codes } from "@/shared/practice";

/**
 * Turns the `audio` field of transcribe-audio into checked bytes: strict base64, not empty, not
 * too large, a WebM container with an Opus track, not longer than the recording limit. Every
 * check happens before any engine sees the bytes, and each failure has its own code.
 */
export function decodeRecording(audio: string): Uint8Array {
  const base64 = audio.replace(/^data:[^,]{0,200},/, "").replace(/\s+/g, "");
  if (base64.length === 0) {
    throw new ApiError(
      codes.emptyAudio,
      "The recording is empty. Please record your question again.",
    );
  }
  if (base64.length > MAX_AUDIO_BASE64_CHARS) throw tooLarge();
  if (!isBase64(base64)) {
    throw new ApiError(codes.invalidBase64, "audio must be base64-encoded.");
  }
  const bytes = new Uint8Array(
    Buffer.from(base64, base64.includes("-") || base64.includes("_") ? "base64url" : "base64"),
  );
  if (bytes.length === 0) {
    throw new ApiError(
      codes.emptyAudio,
      "The recording is empty. Please record your question again.",
    );
  }
  if (bytes.length > MAX_AUDIO_BYTES) throw tooLarge();

  const info = inspectWebm(bytes);
  if (!info.ok) {
    throw new ApiError(
      codes.unsupportedAudio,
      `The recording must be WebM audio with Opus (${info.reason}).`,
    );
  }
  if (
    info.durationSeconds !== null &&
    info.durationSeconds > MAX_RECORDING_SECONDS + RECORDING_DURATION_SLACK_SECONDS
  ) {
    throw new ApiError(
      codes.recordingTooLong,
      `The recording is ${Math.round(info.durationSeconds)} seconds long; the limit is ${MAX_RECORDING_SECONDS}.`,
    );
  }
  return bytes;
}

function tooLarge() {
  return payloadTooLarge("The recording is too large", MAX_AUDIO_BYTES);
}

function isBase64(value: string): boolean {
  if (value.length % 4 === 1) return false;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    return !value.includes("=") || value.length % 4 === 0;
  }
  return /^[A-Za-z0-9_-]+$/.test(value);
}

// ------------------------------------------------------------------ WebM (EBML) header reading

export type WebmInfo =
  | { ok: true; docType: string; codecs: string[]; durationSeconds: number | null }
  | { ok: false; reason: string };

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  codecId: 0x86,
  cluster: 0x1f43b675,
  clusterTimestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

/** Children of a Segment: any of these ends an unknown-size Cluster. */
const segmentLevel = new Set([
  0x114d9b74,
  0x1549a966,
  0x1654ae6b,
  0x1f43b675,
  0x1c53bb6b,
  0x1941a469,
  0x1043a770,
  0x1254c367,
  ID.segment,
  ID.ebml,
]);

type Element = { id: number; dataStart: number; dataEnd: number; unknownSize: boolean };

/**
 * Reads just enough of a WebM file to check it: the EBML header's DocType, the codec of each
 * track, and the time of the last block (Chromium's MediaRecorder writes no Duration and
 * unknown-size Clusters, so the duration comes from block timestamps). A truncated tail is
 * tolerated; a wrong or unreadable header is not.
 */
export function inspectWebm(bytes: Uint8Array): WebmInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = readElement(view, 0, bytes.length);
  if (!header || header.id !== ID.ebml) return { ok: false, reason: "not an EBML file" };

  let docType: string | undefined;
  for (const child of children(view, header)) {
    if (child.id === ID.docType) docType = readString(bytes, child);
  }
  if (docType !== "webm" && docType !== "matroska") {
    return { ok: false, reason: docType ? `document type "${docType}"` : "no document type" };
  }

  const segment = readElement(view, header.dataEnd, bytes.length);
  if (!segment || segment.id !== ID.segment) return { ok: false, reason: "no Segment" };

  const codecs: string[] = [];
  let scale = 1_000_000; // nanoseconds per timestamp tick
  let declaredDuration: number | null = null;
  let lastTimestamp: number | null = null;

  let offset = segment.dataStart;
  while (offset < segment.dataEnd) {
    const element = readElement(view, offset, segment.dataEnd);
    if (!element) break;
    if (element.id === ID.info) {
      for (const child of children(view, element)) {
        if (child.id === ID.timestampScale) scale = readUint(view, child) || scale;
        if (child.id === ID.duration) declaredDuration = readFloat(view, child);
      }
    } else if (element.id === ID.tracks) {
      for (const entry of children(view, element)) {
        if (entry.id !== ID.trackEntry) continue;
        for (const child of children(view, entry)) {
          if (child.id === ID.codecId) codecs.push(readString(bytes, child));
        }
      }
    } else if (element.id === ID.cluster) {
      const { end, last } = scanCluster(view, element, segment.dataEnd);
      if (last !== null) lastTimestamp = Math.max(lastTimestamp ?? 0, last);
      offset = end;
      continue;
    }
    if (element.unknownSize) break;
    offset = element.dataEnd;
  }

  if (codecs.length === 0) return { ok: false, reason: "no audio track" };
  if (!codecs.includes("A_OPUS")) return { ok: false, reason: `codec ${codecs.join(", ")}` };

  const fromBlocks = lastTimestamp === null ? null : (lastTimestamp * scale) / 1e9;
  const fromHeader = declaredDuration === null ? null : (declaredDuration * scale) / 1e9;
  const durationSeconds =
    fromBlocks === null && fromHeader === null ? null : Math.max(fromBlocks ?? 0, fromHeader ?? 0);
  return { ok: true, docType, codecs, durationSeconds };
}

/** Walks one Cluster (known or unknown size); returns where it ends and its last block time. */
function scanCluster(view: DataView, cluster: Element, limit: number) {
  let base = 0;
  let last: number | null = null;
  let offset = cluster.dataStart;
  const end = cluster.unknownSize ? limit : cluster.dataEnd;
  while (offset < end) {
    const child = readElement(view, offset, end);
    if (!child) return { end: limit, last };
    if (cluster.unknownSize && segmentLevel.has(child.id)) return { end: offset, last };
    if (child.id === ID.clusterTimestamp) base = readUint(view, child);
    else if (child.id === ID.simpleBlock) last = blockTime(view, child, base, last);
    else if (child.id === ID.blockGroup) {
      for (const inner of children(view, child)) {
        if (inner.id === ID.block) last = blockTime(view, inner, base, last);
      }
    }
    if (child.unknownSize) return { end: limit, last };
    offset = child.dataEnd;
  }
  return { end, last };
}

function blockTime(view: DataView, block: Element, base: number, last: number | null) {
  const track = readVint(view, block.dataStart, block.dataEnd, false);
  if (!track || track.next + 2 > block.dataEnd) return last;
  const time = base + view.getInt16(track.next);
  return Math.max(last ?? 0, time);
}

function* children(view: DataView, parent: Element): Generator<Element> {
  let offset = parent.dataStart;
  while (offset < parent.dataEnd) {
    const child = readElement(view, offset, parent.dataEnd);
    if (!child) return;
    yield child;
    if (child.unknownSize) return;
    offset = child.dataEnd;
  }
}

function readElement(view: DataView, offset: number, limit: number): Element | null {
  const id = readVint(view, offset, limit, true);
  if (!id || id.length > 4) return null;
  const size = readVint(view, id.next, limit, false);
  if (!size) return null;
  const dataStart = size.next;
  if (size.unknown) return { id: id.value, dataStart, dataEnd: limit, unknownSize: true };
  // A size running past the data means a truncated file: read what is there.
  return {
    id: id.value,
    dataStart,
    dataEnd: Math.min(limit, dataStart + size.value),
    unknownSize: false,
  };
}

/** An EBML variable-length integer; IDs keep their marker bit, sizes drop it. */
function readVint(view: DataView, offset: number, limit: number, keepMarker: boolean) {
  if (offset >= limit) return null;
  const first = view.getUint8(offset);
  if (first === 0) return null;
  const length = Math.clz32(first) - 23; // 1..8
  if (offset + length > limit) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = view.getUint8(offset + i);
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, next: offset + length, unknown: !keepMarker && allOnes };
}

function readUint(view: DataView, element: Element): number {
  let value = 0;
  for (let i = element.dataStart; i < element.dataEnd && i < element.dataStart + 8; i++) {
    value = value * 256 + view.getUint8(i);
  }
  return value;
}

function readFloat(view: DataView, element: Element): number | null {
  const size = element.dataEnd - element.dataStart;
  if (size === 4) return view.getFloat32(element.dataStart);
  if (size === 8) return view.getFloat64(element.dataStart);
  return null;
}

function readString(bytes: Uint8Array, element: Element): string {
  return Buffer.from(bytes.subarray(element.dataStart, element.dataEnd))
    .toString("latin1")
    .replace(/\0+$/, "");
}
