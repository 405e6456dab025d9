/**
 * The one EBML reader of the server, for what a browser's MediaRecorder writes: a cheap
 * inspection of an upload (`inspectWebm`: DocType, codecs, duration) and a small demuxer that
 * pulls the Opus packets out for decoding (`demuxWebmOpus`). Chromium streams its recordings, so
 * the Segment and every Cluster have "unknown" sizes and there is no Duration, SeekHead or Cues;
 * the walker therefore never relies on sizes of the containers it needs to enter, only on the
 * sizes of leaf elements.
 *
 * Matroska element IDs are unique across levels, so the walk is flat: a container we care about
 * (EBML header, Segment, Info, Tracks, TrackEntry, Audio, Cluster, BlockGroup) is entered by
 * reading its header and carrying on with its children; anything else is skipped by its size. A
 * truncated file yields the elements that are complete; a damaged element stops the walk there.
 */
export type AudioFormatProblem = "not_webm" | "no_opus_track" | "no_audio";

export class AudioFormatError extends Error {
  constructor(
    readonly problem: AudioFormatProblem,
    message: string,
  ) {
    super(message);
    this.name = "AudioFormatError";
  }
}

/** The Opus identification header ("OpusHead", RFC 7845 §5.1) as stored in CodecPrivate. */
export type OpusHead = {
  channels: number;
  /** Samples at 48 kHz to drop from the start of the decoded stream. */
  preSkip: number;
  inputSampleRate: number;
  channelMappingFamily: number;
  streamCount: number;
  coupledStreamCount: number;
  channelMapping: number[];
};

export type OpusTrack = {
  head: OpusHead;
  /** The Opus packets of the track, in file order. */
  packets: Uint8Array[];
  /** True when the file ended inside an element (the recording was cut short). */
  truncated: boolean;
};

/** What the upload check needs to know; `reason` says what is wrong in a few words. */
export type WebmInfo =
  | { ok: true; docType: string; codecs: string[]; durationSeconds: number | null }
  | { ok: false; reason: string };

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimestampScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  Audio: 0xe1,
  Channels: 0x9f,
  Cluster: 0x1f43b675,
  ClusterTimestamp: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
} as const;

/** Containers the walk enters instead of skipping. */
const ENTERED = new Set<number>([
  ID.EBML,
  ID.Segment,
  ID.Info,
  ID.Tracks,
  ID.TrackEntry,
  ID.Audio,
  ID.Cluster,
  ID.BlockGroup,
]);

/** Elements small enough to read whole; a larger size means the file is damaged. */
const MAX_HEADER_FIELD_BYTES = 64 * 1024;

type Vint = { value: number; length: number; unknown: boolean };

/** Reads an EBML variable-length integer; `keepMarker` keeps the length bits (element IDs). */
function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): Vint | undefined {
  const first = bytes[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23; // 1..8 for a non-zero byte
  if (offset + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(bytes: Uint8Array): number {
  let value = 0;
  for (const byte of bytes.subarray(0, 8)) value = value * 256 + byte;
  return value;
}

function readFloat(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length === 4) return view.getFloat32(0);
  if (bytes.length === 8) return view.getFloat64(0);
  return null;
}

function readString(bytes: Uint8Array): string {
  return new TextDecoder("latin1").decode(bytes).replace(/\0+$/, "");
}

function startsWithEbmlHeader(bytes: Uint8Array): boolean {
  return readVint(bytes, 0, true)?.value === ID.EBML;
}

/**
 * The walk shared by the upload check and the demuxer. Calls `visit` with each container it
 * enters (`data` undefined) and each complete leaf element (`data` its bytes), in file order.
 * Returns `truncated` when the file ended inside an element or at a damaged one.
 */
function walkEbml(
  bytes: Uint8Array,
  visit: (id: number, data: Uint8Array | undefined) => void,
): { truncated: boolean } {
  let offset = 0;
  while (offset < bytes.length) {
    const id = readVint(bytes, offset, true);
    const size = id && readVint(bytes, offset + id.length, false);
    if (!id || !size || id.length > 4) return { truncated: true };
    const dataStart = offset + id.length + size.length;
    if (ENTERED.has(id.value)) {
      visit(id.value, undefined);
      offset = dataStart;
      continue;
    }
    // An unknown-size element we do not understand: nothing after it can be located.
    if (size.unknown) return { truncated: true };
    const dataEnd = dataStart + size.value;
    if (dataEnd > bytes.length) return { truncated: true };
    visit(id.value, bytes.subarray(dataStart, dataEnd));
    offset = dataEnd;
  }
  return { truncated: false };
}

/**
 * Reads just enough of a WebM file to check an upload: the DocType, the codec of each track, and
 * the time of the last block (Chromium's MediaRecorder writes no Duration, so the duration comes
 * from block timestamps). Never decodes audio and never throws. A truncated tail is tolerated; a
 * wrong or unreadable header is not.
 */
export function inspectWebm(bytes: Uint8Array): WebmInfo {
  if (!startsWithEbmlHeader(bytes)) return { ok: false, reason: "not an EBML file" };

  let docType: string | undefined;
  let segment = false;
  const codecs: string[] = [];
  let scale = 1_000_000; // nanoseconds per timestamp tick
  let declaredDuration: number | null = null;
  let clusterTime = 0;
  let lastTimestamp: number | null = null;

  walkEbml(bytes, (id, data) => {
    if (id === ID.Segment) segment = true;
    if (!data) return;
    if (id === ID.DocType) docType = readString(data);
    else if (id === ID.TimestampScale) scale = readUint(data) || scale;
    else if (id === ID.Duration) declaredDuration = readFloat(data);
    else if (id === ID.CodecID) codecs.push(readString(data));
    else if (id === ID.ClusterTimestamp) clusterTime = readUint(data);
    else if (id === ID.SimpleBlock || id === ID.Block) {
      const time = blockTimestamp(data);
      if (time !== undefined) lastTimestamp = Math.max(lastTimestamp ?? 0, clusterTime + time);
    }
  });

  if (docType !== "webm" && docType !== "matroska") {
    return { ok: false, reason: docType ? `document type "${docType}"` : "no document type" };
  }
  if (!segment) return { ok: false, reason: "no Segment" };
  if (codecs.length === 0) return { ok: false, reason: "no audio track" };
  if (!codecs.includes("A_OPUS")) return { ok: false, reason: `codec ${codecs.join(", ")}` };

  const fromBlocks: number | null = lastTimestamp === null ? null : (lastTimestamp * scale) / 1e9;
  const fromHeader: number | null =
    declaredDuration === null ? null : (declaredDuration * scale) / 1e9;
  const durationSeconds =
    fromBlocks === null && fromHeader === null ? null : Math.max(fromBlocks ?? 0, fromHeader ?? 0);
  return { ok: true, docType, codecs, durationSeconds };
}

/** A (Simple)Block's timestamp relative to its Cluster (int16 after the track number). */
function blockTimestamp(block: Uint8Array): number | undefined {
  const track = readVint(block, 0, false);
  if (!track || track.length + 2 > block.length) return undefined;
  return new DataView(block.buffer, block.byteOffset, block.byteLength).getInt16(track.length);
}

function parseOpusHead(data: Uint8Array | undefined, channelsHint: number | undefined): OpusHead {
  const magic = data && new TextDecoder().decode(data.subarray(0, 8));
  if (!data || magic !== "OpusHead" || data.length < 19) {
    // Some muxers omit CodecPrivate; RFC 7845 defaults for a plain mono/stereo stream.
    const channels = channelsHint === 2 ? 2 : 1;
    return {
      channels,
      preSkip: 0,
      inputSampleRate: 48_000,
      channelMappingFamily: 0,
      streamCount: 1,
      coupledStreamCount: channels - 1,
      channelMapping: channels === 2 ? [0, 1] : [0],
    };
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const channels = Math.max(1, data[9]!);
  const channelMappingFamily = data[18]!;
  let streamCount = 1;
  let coupledStreamCount = channels >= 2 ? 1 : 0;
  let channelMapping = channels >= 2 ? [0, 1] : [0];
  if (channelMappingFamily !== 0 && data.length >= 21 + channels) {
    streamCount = data[19]!;
    coupledStreamCount = data[20]!;
    channelMapping = Array.from(data.subarray(21, 21 + channels));
  }
  return {
    channels,
    preSkip: view.getUint16(10, true),
    inputSampleRate: view.getUint32(12, true),
    channelMappingFamily,
    streamCount,
    coupledStreamCount,
    channelMapping,
  };
}

/** Splits a (Simple)Block's payload into its frames, undoing Xiph, EBML or fixed lacing. */
function blockFrames(block: Uint8Array): { track: number; frames: Uint8Array[] } | undefined {
  const track = readVint(block, 0, false);
  if (!track) return undefined;
  let offset = track.length + 2; // timecode (int16)
  const flags = block[offset++];
  if (flags === undefined) return undefined;
  const lacing = (flags >> 1) & 0x03;
  if (lacing === 0) return { track: track.value, frames: [block.subarray(offset)] };

  const count = (block[offset++] ?? -1) + 1;
  if (count <= 0) return undefined;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph: each size is a run of 255s plus a final byte below 255.
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      let byte: number | undefined;
      do {
        byte = block[offset++];
        if (byte === undefined) return undefined;
        size += byte;
      } while (byte === 255);
      sizes.push(size);
    }
  } else if (lacing === 3) {
    // EBML: the first size as a vint, then signed differences.
    const first = readVint(block, offset, false);
    if (!first) return undefined;
    offset += first.length;
    sizes.push(first.value);
    for (let i = 1; i < count - 1; i++) {
      const delta = readVint(block, offset, false);
      if (!delta) return undefined;
      offset += delta.length;
      const bias = 2 ** (7 * delta.length - 1) - 1;
      sizes.push(sizes[i - 1]! + delta.value - bias);
    }
  } else {
    // Fixed: equal sizes.
    const each = (block.length - offset) / count;
    if (!Number.isInteger(each)) return undefined;
    for (let i = 0; i < count - 1; i++) sizes.push(each);
  }
  const known = sizes.reduce((sum, size) => sum + size, 0);
  const last = block.length - offset - known;
  if (sizes.some((size) => size < 0) || last < 0) return undefined;
  sizes.push(last);
  const frames: Uint8Array[] = [];
  for (const size of sizes) {
    frames.push(block.subarray(offset, offset + size));
    offset += size;
  }
  return { track: track.value, frames };
}

type TrackEntry = {
  number?: number;
  codecId?: string;
  codecPrivate?: Uint8Array;
  channels?: number;
};

/**
 * Extracts the first Opus track of a WebM/Matroska file.
 * @throws AudioFormatError when the bytes are not WebM/Matroska, hold no Opus track, or no audio.
 */
export function demuxWebmOpus(bytes: Uint8Array): OpusTrack {
  if (!startsWithEbmlHeader(bytes)) {
    throw new AudioFormatError("not_webm", "The recording is not a WebM file.");
  }

  const tracks: TrackEntry[] = [];
  const packetsByTrack = new Map<number, Uint8Array[]>();
  let docType: string | undefined;

  const { truncated } = walkEbml(bytes, (id, data) => {
    if (!data) {
      if (id === ID.TrackEntry) tracks.push({});
      return;
    }
    const track = tracks.at(-1);
    switch (id) {
      case ID.DocType:
        docType = readString(data);
        break;
      case ID.TrackNumber:
        if (track) track.number = readUint(data);
        break;
      case ID.CodecID:
        if (track) track.codecId = readString(data);
        break;
      case ID.CodecPrivate:
        if (track && data.length <= MAX_HEADER_FIELD_BYTES) track.codecPrivate = data;
        break;
      case ID.Channels:
        if (track) track.channels = readUint(data);
        break;
      case ID.SimpleBlock:
      case ID.Block: {
        const block = blockFrames(data);
        if (block) {
          const list = packetsByTrack.get(block.track) ?? [];
          list.push(...block.frames.filter((frame) => frame.length > 0));
          packetsByTrack.set(block.track, list);
        }
        break;
      }
    }
  });

  if (docType !== "webm" && docType !== "matroska") {
    throw new AudioFormatError("not_webm", "The recording is not a WebM file.");
  }
  const opus = tracks.find((track) => track.codecId === "A_OPUS" && track.number !== undefined);
  if (!opus) {
    throw new AudioFormatError("no_opus_track", "The recording has no Opus audio track.");
  }
  const packets = packetsByTrack.get(opus.number!) ?? [];
  if (packets.length === 0) {
    throw new AudioFormatError("no_audio", "The recording contains no audio.");
  }
  return { head: parseOpusHead(opus.codecPrivate, opus.channels), packets, truncated };
}

/** Duration of one Opus packet in 48 kHz samples, from its TOC byte (RFC 6716 §3.1); 0 if invalid. */
export function opusPacketSamples(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const config = toc >> 3;
  let frameSamples: number;
  if (config < 12) frameSamples = [480, 960, 1920, 2880][config & 3]!;
  else if (config < 16) frameSamples = [480, 960][config & 1]!;
  else frameSamples = [120, 240, 480, 960][config & 3]!;
  const code = toc & 3;
  let frames = code === 0 ? 1 : code === 3 ? (packet[1] ?? 0) & 0x3f : 2;
  if (frameSamples * frames > 5760) frames = 0; // over 120 ms: not a valid packet
  return frameSamples * frames;
}
