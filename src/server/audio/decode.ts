import { OpusDecoder } from "opus-decoder";
import { AudioFormatError, demuxWebmOpus, opusPacketSamples } from "./webm";

/**
 * WebM/Opus bytes → mono float PCM at a speech-recognition rate, in pure JavaScript + WASM
 * (libopus via `opus-decoder`): no ffmpeg, no native binaries. libopus decodes straight to
 * 8/12/16/24/48 kHz, so no separate resampler is needed.
 */

export type DecodedAudio = {
  /** Mono samples in -1..1. */
  pcm: Float32Array;
  sampleRate: DecodeSampleRate;
  durationSeconds: number;
  /** The file ended early; `pcm` holds what was there. */
  truncated: boolean;
};

export type DecodeSampleRate = 8000 | 12000 | 16000 | 24000 | 48000;

export class RecordingTooLongError extends Error {
  constructor(
    readonly seconds: number,
    readonly maxSeconds: number,
  ) {
    super(`The recording is longer than ${Math.round(maxSeconds)} seconds.`);
    this.name = "RecordingTooLongError";
  }
}

/** The largest packet `opus-decoder` accepts per channel (its input buffer); larger ones are invalid. */
const MAX_PACKET_BYTES_PER_CHANNEL = 3840;

export type DecodeOptions = {
  sampleRate?: DecodeSampleRate;
  /** Longest recording accepted; longer ones throw RecordingTooLongError before decoding. */
  maxSeconds?: number;
};

/**
 * @throws AudioFormatError for bytes that are not WebM/Opus or hold no audio,
 *         RecordingTooLongError past `maxSeconds`.
 */
export async function decodeWebmOpus(
  bytes: Uint8Array,
  { sampleRate = 16_000, maxSeconds = Infinity }: DecodeOptions = {},
): Promise<DecodedAudio> {
  const { head, packets, truncated } = demuxWebmOpus(bytes);

  // Reject over-long recordings from the packet headers alone, before spending CPU on them.
  const maxPacketBytes = MAX_PACKET_BYTES_PER_CHANNEL * head.channels;
  const valid = packets.filter(
    (packet) => packet.length <= maxPacketBytes && opusPacketSamples(packet) > 0,
  );
  const seconds = valid.reduce((sum, packet) => sum + opusPacketSamples(packet), 0) / 48_000;
  if (seconds > maxSeconds) throw new RecordingTooLongError(seconds, maxSeconds);
  if (valid.length === 0) {
    throw new AudioFormatError("no_audio", "The recording contains no decodable audio.");
  }

  const decoder = new OpusDecoder({
    sampleRate,
    channels: head.channels,
    streamCount: head.streamCount,
    coupledStreamCount: head.coupledStreamCount,
    channelMappingTable: head.channelMapping,
    // OpusHead counts pre-skip at 48 kHz; opus-decoder skips that many samples at the output rate.
    preSkip: Math.round((head.preSkip * sampleRate) / 48_000),
  });
  // opus-decoder writes a line to console.error for every packet libopus refuses (and reports it
  // in `errors` too): a corrupt upload would print thousands of lines outside our logs. From the
  // await on, decoding is synchronous, so nothing else writes to the console while it is quieted.
  const consoleError = console.error;
  try {
    await decoder.ready;
    console.error = () => {};
    const chunks: Float32Array[] = [];
    let total = 0;
    for (const packet of valid) {
      const { channelData, samplesDecoded } = decoder.decodeFrame(packet);
      if (samplesDecoded === 0) continue;
      chunks.push(downmix(channelData, samplesDecoded));
      total += samplesDecoded;
    }
    const pcm = new Float32Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      pcm.set(chunk, offset);
      offset += chunk.length;
    }
    if (total === 0) {
      throw new AudioFormatError("no_audio", "The recording contains no decodable audio.");
    }
    return { pcm, sampleRate, durationSeconds: total / sampleRate, truncated };
  } finally {
    console.error = consoleError;
    decoder.free();
  }
}

function downmix(channels: Float32Array[], length: number): Float32Array {
  if (channels.length === 1) return channels[0]!.slice(0, length);
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) mono[i]! += channel[i]! / channels.length;
  }
  return mono;
}
