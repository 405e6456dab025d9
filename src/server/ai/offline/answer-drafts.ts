import { LRUCache } from "lru-cache";
import type { RecognisedPart, TranscribeJobResult } from "./transcribe-worker";

/**
 * Answers recognised while they are spoken (docs/decisions/0070). The recorder sends its chunks
 * as it goes; each one extends the user's draft, and when a worker is free the segments the pauses
 * have closed are recognised. The answer itself then arrives whole (evaluate-answer): if it starts
 * with a draft's bytes, only what the draft has not heard yet is left to recognise.
 *
 * Drafts live in this process's memory, one per user, for a few minutes. They are an optimisation
 * only: a draft lost (evicted, another instance, a failed job) costs time, never a result.
 */

export class DraftError extends Error {
  constructor(
    readonly kind: "out_of_step" | "too_large",
    message: string,
  ) {
    super(message);
    this.name = "DraftError";
  }
}

export type DraftChunk = {
  /** The client's name for this recording; chunk 0 starts a new draft in place of the last. */
  id: string;
  seq: number;
  bytes: Uint8Array;
  /** The last chunk: the recording has stopped. */
  done: boolean;
  extraWords: string[];
};

/** What a draft holds once recognised: where to resume, or the whole result when it is done. */
export type DraftProgress =
  | { kind: "resume"; fromSample: number; parts: RecognisedPart[] }
  | { kind: "complete"; result: TranscribeJobResult };

export type RecogniseDraft = (job: {
  bytes: Uint8Array;
  extraWords: string[];
  resume: { fromSample: number; parts: RecognisedPart[] };
  partial: boolean;
}) => Promise<TranscribeJobResult>;

type Draft = {
  id: string;
  next: number;
  chunks: Uint8Array[];
  size: number;
  done: boolean;
  extraWords: string[];
  /** Segments recognised so far, covering the recording's first `resumeAt` samples. */
  parts: RecognisedPart[];
  resumeAt: number;
  /** Bytes the recognition has seen; `result` once the whole recording has been recognised. */
  recognisedBytes: number;
  result?: TranscribeJobResult;
  failed: boolean;
  running?: Promise<void>;
};

export type AnswerDraftsOptions = {
  recognise: RecogniseDraft;
  /** True when a worker is free: drafts never make a submitted answer wait in the queue. */
  canStart: () => boolean;
  maxBytes: number;
  /** Bytes held across all drafts (audio plus decoded results), oldest dropped first. */
  maxTotalBytes?: number;
  ttlMs?: number;
};

export function createAnswerDrafts({
  recognise,
  canStart,
  maxBytes,
  maxTotalBytes = 256 * 1024 * 1024,
  ttlMs = 10 * 60_000,
}: AnswerDraftsOptions) {
  const drafts = new LRUCache<string, Draft>({
    maxSize: maxTotalBytes,
    sizeCalculation: (draft) => Math.max(1, draft.size + (draft.result?.pcm?.byteLength ?? 0)),
    ttl: ttlMs,
  });

  function advance(owner: string, draft: Draft) {
    if (draft.running || draft.failed || draft.result || drafts.peek(owner) !== draft) return;
    if (draft.recognisedBytes === draft.size && !draft.done) return;
    if (!canStart()) return;
    const size = draft.size;
    const partial = !draft.done;
    draft.running = recognise({
      bytes: concat(draft.chunks, size),
      extraWords: draft.extraWords,
      // The last job joins the earlier segments to its own; the others hand theirs back.
      resume: { fromSample: draft.resumeAt, parts: partial ? [] : draft.parts },
      partial,
    }).then(
      (result) => {
        draft.running = undefined;
        draft.recognisedBytes = size;
        if (partial) {
          draft.parts.push(...(result.parts ?? []));
          draft.resumeAt = result.resumeAt ?? draft.resumeAt;
        } else {
          draft.result = result;
          if (drafts.peek(owner) === draft) drafts.set(owner, draft); // its size grew
        }
        advance(owner, draft);
      },
      () => {
        // Not our concern here: the answer, when it comes, is recognised whole and fails there.
        draft.running = undefined;
        draft.failed = true;
      },
    );
  }

  return {
    /** Adds a chunk to the owner's draft. @throws DraftError */
    append(owner: string, chunk: DraftChunk): void {
      let draft = drafts.get(owner);
      if (chunk.seq === 0) {
        draft = {
          id: chunk.id,
          next: 0,
          chunks: [],
          size: 0,
          done: false,
          extraWords: chunk.extraWords,
          parts: [],
          resumeAt: 0,
          recognisedBytes: 0,
          failed: false,
        };
      } else if (!draft || draft.id !== chunk.id || draft.next !== chunk.seq || draft.done) {
        throw new DraftError(
          "out_of_step",
          draft?.id === chunk.id
            ? `Expected chunk ${draft.next} of this recording, not ${chunk.seq}.`
            : "This recording is not being drafted; start again with chunk 0.",
        );
      }
      if (draft.size + chunk.bytes.length > maxBytes) {
        drafts.delete(owner);
        throw new DraftError("too_large", "The recording is too large.");
      }
      draft.chunks.push(chunk.bytes);
      draft.size += chunk.bytes.length;
      draft.next = chunk.seq + 1;
      draft.done = chunk.done;
      drafts.set(owner, draft);
      advance(owner, draft);
    },

    /**
     * The owner's draft of `bytes`, if one was recognised from their beginning with the same
     * words: waits for a job in flight, and forgets the draft either way.
     */
    async take(
      owner: string,
      bytes: Uint8Array,
      extraWords: string[],
      signal?: AbortSignal,
    ): Promise<DraftProgress | undefined> {
      const draft = drafts.get(owner);
      if (!draft) return undefined;
      drafts.delete(owner);
      if (draft.running) await untilDoneOrAborted(draft.running, signal);
      const usable =
        !draft.failed &&
        draft.recognisedBytes > 0 &&
        draft.recognisedBytes <= bytes.length &&
        draft.extraWords.join(" ") === extraWords.join(" ") &&
        startsWith(bytes, draft.chunks, draft.recognisedBytes);
      if (!usable) return undefined;
      if (draft.result && draft.recognisedBytes === bytes.length) {
        return { kind: "complete", result: draft.result };
      }
      return { kind: "resume", fromSample: draft.resumeAt, parts: draft.parts };
    },

    /**
     * What the recogniser has heard so far of the owner's recording `id`: the segments its pauses
     * have closed, joined (the one still being spoken is not among them). Waits up to `waitMs`
     * while jobs are running towards the bytes received so far (a job in flight may be followed
     * by one for the latest chunk). Null when that recording is not the owner's draft.
     */
    async heard(owner: string, id: string, waitMs: number): Promise<string | null> {
      const draft = drafts.peek(owner);
      if (!draft || draft.id !== id) return null;
      const deadline = Date.now() + waitMs;
      while (draft.running && draft.recognisedBytes < draft.size) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          draft.running,
          new Promise<void>((resolve) => (timer = setTimeout(resolve, left))),
        ]);
        clearTimeout(timer);
      }
      const text = draft.result
        ? draft.result.text
        : draft.parts.map((part) => part.recognition.text).join(" ");
      return text.trim();
    },

    /** Drafts held (for tests and metrics). */
    get size() {
      return drafts.size;
    },
  };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= size) break;
    bytes.set(chunk.subarray(0, size - offset), offset);
    offset += chunk.length;
  }
  return bytes;
}

/** True when `bytes` begins with the first `length` bytes of `chunks`. */
function startsWith(bytes: Uint8Array, chunks: Uint8Array[], length: number): boolean {
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= length) break;
    const part = chunk.subarray(0, length - offset);
    if (Buffer.compare(part, bytes.subarray(offset, offset + part.length)) !== 0) return false;
    offset += part.length;
  }
  return true;
}

function untilDoneOrAborted(running: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return running;
  return new Promise((resolve) => {
    const stop = () => resolve();
    signal.addEventListener("abort", stop, { once: true });
    void running.finally(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    });
  });
}
