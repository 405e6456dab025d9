import { invokeFunction } from "@/client/lib/api-client";
import { blobToBase64 } from "./use-recorder";

/** Speech sent together: fewer requests, and still well ahead of the end. */
const SEND_EVERY_MS = 4000;

/** What the server made of the words before a pause (answer-draft's `listen`). */
export type HeardThought = "finished" | "open" | null;

type Draft = {
  id: string;
  /** What the answer is about, as it was when recording started. */
  question: string;
  seq: number;
  pending: Blob[];
  lastSent: number;
  failed: boolean;
};

/**
 * Sends an answer ahead while it is recorded, so the offline recogniser can hear it as the user
 * speaks (answer-draft; docs/decisions/0070). Best effort and silent: a refused or failed chunk
 * ends that recording's draft (the answer is sent whole anyway), and an engine that does not
 * listen ahead (`drafting: false`) gets no more drafts this visit. One request at a time, in order.
 * `everyMs`: how often to send (the AI Interviewer sends more often, to hear each pause).
 */
export function createAnswerDraft({ everyMs = SEND_EVERY_MS }: { everyMs?: number } = {}) {
  let current: Draft | null = null;
  let sending: Promise<void> = Promise.resolve();
  let unsupported = false;
  /** How many times an answer has gone whole (`flushed`): a chunk handed over before is moot. */
  let flushes = 0;

  const begin = (question: string): Draft => ({
    id: crypto.randomUUID(),
    question,
    seq: 0,
    pending: [],
    lastSent: performance.now(),
    failed: false,
  });

  function send(draft: Draft, done: boolean, listen = false): Promise<HeardThought> {
    const chunks = draft.pending;
    draft.pending = [];
    draft.lastSent = performance.now();
    if (chunks.length === 0) return Promise.resolve(null);
    let thought: HeardThought = null;
    const handedOver = flushes;
    sending = sending.then(async () => {
      if (handedOver !== flushes) draft.failed = true;
      if (draft.failed || unsupported) return;
      try {
        const chunk = await blobToBase64(new Blob(chunks));
        const reply = await invokeFunction("answer-draft", {
          draft: draft.id,
          seq: draft.seq,
          chunk,
          question: draft.question,
          done,
          ...(listen ? { listen } : {}),
        });
        draft.seq++;
        if (!reply.drafting) unsupported = true;
        thought = reply.thought ?? null;
      } catch {
        draft.failed = true;
      }
    });
    return sending.then(() => thought);
  }

  return {
    /** A piece from the recorder (useRecorder's onChunk); `done` after the last one. */
    push(chunk: Blob | null, done: boolean, question: string) {
      if (unsupported || !question) return;
      current ??= begin(question);
      if (chunk) current.pending.push(chunk);
      if (done || performance.now() - current.lastSent >= everyMs) void send(current, done);
      if (done) current = null;
    },
    /**
     * The speaker has paused: sends what is recorded so far (with `chunk`, the recorder's latest
     * piece) at once and resolves with whether the words heard so far make a finished answer.
     */
    listen(chunk: Blob, question: string): Promise<HeardThought> {
      if (unsupported || !question) return Promise.resolve(null);
      current ??= begin(question);
      current.pending.push(chunk);
      return send(current, false, true);
    },
    /**
     * Waits (at most `ms`) for the chunks already handed over to reach the server. Those still
     * waiting then are never sent: the answer is about to go whole, and the server forgets its
     * draft when the answer arrives, so a chunk arriving after it would only be refused (409).
     */
    flushed(ms: number): Promise<void> {
      let timer = 0;
      const timeout = new Promise<void>((resolve) => (timer = window.setTimeout(resolve, ms)));
      return Promise.race([sending, timeout]).finally(() => {
        window.clearTimeout(timer);
        flushes++;
      });
    },
  };
}
