/**
 * Writes minimal WebM files the way Chromium's MediaRecorder does (unknown-size Segment and
 * Clusters, SimpleBlocks, no Cues). Used by tests and benchmarks to build recordings of a chosen
 * length or shape from real Opus packets; the product itself never writes WebM.
 */

export type WebmTrackSpec = {
  codecId: string;
  codecPrivate?: Uint8Array;
  channels?: number;
  trackNumber?: number;
};

export type WebmWriteOptions = {
  tracks?: WebmTrackSpec[];
  /** Frames per SimpleBlock; more than 1 uses lacing. */
  lacing?: "none" | "xiph" | "ebml" | "fixed";
  /** Write Segment/Cluster with their real sizes instead of "unknown". */
  knownSizes?: boolean;
};

function vintSize(value: number): Uint8Array {
  for (let length = 1; length <= 8; length++) {
    if (value < 2 ** (7 * length) - 1) {
      const bytes = new Uint8Array(length);
      let rest = value;
      for (let i = length - 1; i >= 0; i--) {
        bytes[i] = rest % 256;
        rest = Math.floor(rest / 256);
      }
      bytes[0]! |= 0x80 >> (length - 1);
      return bytes;
    }
  }
  throw new Error("size too large");
}

const UNKNOWN_SIZE = Uint8Array.of(0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);

function idBytes(id: number): Uint8Array {
  const bytes: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.from(bytes);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** One EBML element; `unknownSize` writes the all-ones size Chromium uses for live streams. */
export function ebmlElement(
  id: number,
  payload: Uint8Array | Uint8Array[] | string | number,
  unknownSize = false,
): Uint8Array {
  let data: Uint8Array;
  if (typeof payload === "string") data = new TextEncoder().encode(payload);
  else if (typeof payload === "number") {
    const bytes: number[] = [];
    for (let rest = payload; rest > 0 || bytes.length === 0; rest = Math.floor(rest / 256)) {
      bytes.unshift(rest % 256);
    }
    data = Uint8Array.from(bytes);
  } else data = Array.isArray(payload) ? concat(payload) : payload;
  return concat([idBytes(id), unknownSize ? UNKNOWN_SIZE : vintSize(data.length), data]);
}

/** An OpusHead (RFC 7845) for CodecPrivate. */
export function opusHead(channels = 1, preSkip = 312): Uint8Array {
  const head = new Uint8Array(19);
  head.set(new TextEncoder().encode("OpusHead"));
  const view = new DataView(head.buffer);
  head[8] = 1;
  head[9] = channels;
  view.setUint16(10, preSkip, true);
  view.setUint32(12, 48_000, true);
  return head;
}

function simpleBlock(track: number, timecode: number, frames: Uint8Array[], lacing: string) {
  const header = [...vintSize(track), (timecode >> 8) & 0xff, timecode & 0xff];
  if (frames.length === 1 || lacing === "none") {
    return ebmlElement(0xa3, concat([Uint8Array.from([...header, 0x80]), frames[0]!]));
  }
  const count = frames.length - 1;
  const sizes: number[] = [];
  let flags = 0x80;
  if (lacing === "xiph") {
    flags |= 0x02;
    for (const frame of frames.slice(0, -1)) {
      let size = frame.length;
      while (size >= 255) {
        sizes.push(255);
        size -= 255;
      }
      sizes.push(size);
    }
  } else if (lacing === "ebml") {
    flags |= 0x06;
    sizes.push(...vintSize(frames[0]!.length));
    for (let i = 1; i < frames.length - 1; i++) {
      const delta = frames[i]!.length - frames[i - 1]!.length;
      // Signed difference as a 2-byte vint (bias 8191).
      const raw = delta + 8191;
      sizes.push(0x40 | (raw >> 8), raw & 0xff);
    }
  } else {
    flags |= 0x04;
  }
  return ebmlElement(
    0xa3,
    concat([Uint8Array.from([...header, flags, count, ...sizes]), ...frames]),
  );
}

/** A WebM file holding `packets` (20 ms Opus packets) on its first Opus track. */
export function writeWebm(packets: Uint8Array[], options: WebmWriteOptions = {}): Uint8Array {
  const tracks = options.tracks ?? [{ codecId: "A_OPUS", codecPrivate: opusHead(), channels: 1 }];
  const lacing = options.lacing ?? "none";
  const unknown = !options.knownSizes;
  const header = ebmlElement(0x1a45dfa3, [
    ebmlElement(0x4286, 1),
    ebmlElement(0x42f7, 1),
    ebmlElement(0x4282, "webm"),
    ebmlElement(0x4287, 4),
    ebmlElement(0x4285, 2),
  ]);
  const trackEntries = tracks.map((track, index) =>
    ebmlElement(0xae, [
      ebmlElement(0xd7, track.trackNumber ?? index + 1),
      ebmlElement(0x86, track.codecId),
      ebmlElement(0x83, 2),
      ...(track.codecPrivate ? [ebmlElement(0x63a2, track.codecPrivate)] : []),
      ebmlElement(0xe1, [ebmlElement(0x9f, track.channels ?? 1)]),
    ]),
  );
  const audioTrack = tracks.findIndex((track) => track.codecId === "A_OPUS");
  const trackNumber = tracks[Math.max(0, audioTrack)]?.trackNumber ?? Math.max(0, audioTrack) + 1;
  const perBlock = lacing === "none" ? 1 : 3;
  const clusters: Uint8Array[] = [];
  const perCluster = 250; // 5 s of 20 ms packets
  for (let start = 0; start < packets.length; start += perCluster) {
    const blocks: Uint8Array[] = [ebmlElement(0xe7, start * 20)];
    const slice = packets.slice(start, start + perCluster);
    for (let i = 0; i < slice.length; i += perBlock) {
      const frames = slice.slice(i, i + perBlock);
      const sameSize = frames.every((frame) => frame.length === frames[0]!.length);
      blocks.push(
        simpleBlock(trackNumber, i * 20, frames, lacing === "fixed" && !sameSize ? "none" : lacing),
      );
      if (lacing === "fixed" && !sameSize && frames.length > 1) {
        // Fixed lacing needs equal sizes: write the rest one per block.
        blocks.pop();
        for (const [k, frame] of frames.entries()) {
          blocks.push(simpleBlock(trackNumber, (i + k) * 20, [frame], "none"));
        }
      }
    }
    clusters.push(ebmlElement(0x1f43b675, blocks, unknown));
  }
  const segment = ebmlElement(
    0x18538067,
    [ebmlElement(0x1654ae6b, trackEntries), ...clusters],
    unknown,
  );
  return concat([header, segment]);
}
