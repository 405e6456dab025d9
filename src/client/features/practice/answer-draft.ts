import { invokeFunction } from "@/client/lib/api-client";
import { blobToBase64 } from "./use-recorder";

/** Speech sent together: fewer requests, and still well ahead of the end. */
const SEND_EVERY_MS = 4000;

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
 */
export function createAnswerDraft() {
  let current: Draft | null = null;
  let sending: Promise<void> = Promise.resolve();
  let unsupported = false;

  function send(draft: Draft, done: boolean) {
    const chunks = draft.pending;
    draft.pending = [];
    draft.lastSent = performance.now();
    if (chunks.length === 0) return;
    sending = sending.then(async () => {
      if (draft.failed || unsupported) return;
      try {
        const chunk = await blobToBase64(new Blob(chunks));
        const reply = await invokeFunction("answer-draft", {
          draft: draft.id,
          seq: draft.seq,
          chunk,
          question: draft.question,
          done,
        });
        draft.seq++;
        if (!reply.drafting) unsupported = true;
      } catch {
        draft.failed = true;
      }
    });
  }

  return {
    /** A piece from the recorder (useRecorder's onChunk); `done` after the last one. */
    push(chunk: Blob | null, done: boolean, question: string) {
      if (unsupported || !question) return;
      current ??= {
        id: crypto.randomUUID(),
        question,
        seq: 0,
        pending: [],
        lastSent: performance.now(),
        failed: false,
      };
      if (chunk) current.pending.push(chunk);
      if (done || performance.now() - current.lastSent >= SEND_EVERY_MS) send(current, done);
      if (done) current = null;
    },
    /** Waits (at most `ms`) for the chunks already handed over to reach the server. */
    flushed(ms: number): Promise<void> {
      let timer = 0;
      const timeout = new Promise<void>((resolve) => (timer = window.setTimeout(resolve, ms)));
      return Promise.race([sending, timeout]).finally(() => window.clearTimeout(timer));
    },
  };
}
