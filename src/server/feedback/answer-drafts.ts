import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { DraftUpTo, RecognisedPart } from "@/server/ai/offline/transcribe-worker";
import type { Database } from "@/server/db/client";
import { answerDrafts } from "@/server/db/schema";
import { MAX_ANSWER_AUDIO_BYTES } from "@/shared/feedback";

/**
 * Answers sent ahead while they are spoken (answer-draft; docs/decisions/0070, 0150), kept in the
 * database so that any web process takes the next chunk and any worker hears more of the
 * recording or finishes it. A draft is an optimisation only: one lost (expired, replaced, a failed
 * decoding, other bytes) costs time, never a result, because the answer itself arrives whole.
 *
 * Bounded: one draft per user (a new recording replaces the last), no larger than an answer's
 * recording, gone when its answer is scored or DRAFT_TTL_MS after its last chunk.
 */

/** How long a draft outlives its last chunk. */
const DRAFT_TTL_MS = 10 * 60_000;
/** At most one sweep of expired drafts per process this often, run by the writes themselves. */
const SWEEP_INTERVAL_MS = 60_000;

export class DraftError extends Error {
  constructor(
    readonly kind: "out_of_step" | "too_large",
    message: string,
  ) {
    super(message);
    this.name = "DraftError";
  }
}

const UP_TO: readonly DraftUpTo[] = ["speaking", "paused", "stopped"];
/** UP_TO as an SQL array, for comparing how far hearings went in the database. */
const UP_TO_SQL = sql.raw(`array[${UP_TO.map((upTo) => `'${upTo}'`).join(", ")}]`);

/**
 * What the recogniser has heard of a draft: segments covering its first `resumeAt` samples, heard
 * from its first `bytes` bytes, as far as `upTo`.
 */
export type DraftHearing = {
  parts: RecognisedPart[];
  resumeAt: number;
  bytes: number;
  upTo: DraftUpTo;
};

/** A draft to hear more of: the recording so far, how far to hear it, and what is heard already. */
export type DraftToHear = {
  audio: Uint8Array;
  question: string;
  upTo: DraftUpTo;
  heard: DraftHearing;
};

const NOTHING_HEARD: DraftHearing = { parts: [], resumeAt: 0, bytes: 0, upTo: "speaking" };

/** The words of what was heard, in order. */
export function heardText(heard: DraftHearing): string {
  return heard.parts
    .map((part) => part.recognition.text)
    .filter((text) => text !== "")
    .join(" ");
}

export type AnswerDrafts = ReturnType<typeof createAnswerDrafts>;

export function createAnswerDrafts(db: Database, maxBytes = MAX_ANSWER_AUDIO_BYTES) {
  let lastSweep = 0;
  const expiry = () => new Date(Date.now() + DRAFT_TTL_MS);
  const mine = (owner: string, recording: string) =>
    and(
      eq(answerDrafts.userId, owner),
      eq(answerDrafts.recording, recording),
      gt(answerDrafts.expiresAt, sql`now()`),
    );

  return {
    /**
     * Adds a chunk to the owner's draft (chunk 0 starts a new one in place of the last) and says
     * which recording it now belongs to. One statement each, so chunks reaching two web processes
     * at once cannot both be taken. @throws DraftError
     */
    async append(
      owner: string,
      chunk: { draft: string; seq: number; bytes: Uint8Array; done: boolean; question: string },
    ): Promise<{ recording: string }> {
      const now = Date.now();
      if (now - lastSweep > SWEEP_INTERVAL_MS) {
        lastSweep = now;
        void db
          .delete(answerDrafts)
          .where(lt(answerDrafts.expiresAt, sql`now()`))
          .catch(() => {});
      }
      if (chunk.bytes.length > maxBytes) {
        throw new DraftError("too_large", "The recording is too large.");
      }
      if (chunk.seq === 0) {
        const fresh = {
          draftId: chunk.draft,
          question: chunk.question,
          nextSeq: 1,
          done: chunk.done,
          audio: chunk.bytes,
          heard: NOTHING_HEARD,
          expiresAt: expiry(),
        };
        const [row] = await db
          .insert(answerDrafts)
          .values({ userId: owner, ...fresh })
          .onConflictDoUpdate({
            target: answerDrafts.userId,
            set: { ...fresh, recording: sql`gen_random_uuid()` },
          })
          .returning({ recording: answerDrafts.recording });
        return row!;
      }
      const [row] = await db
        .update(answerDrafts)
        .set({
          audio: sql`${answerDrafts.audio} || ${Buffer.from(chunk.bytes)}::bytea`,
          nextSeq: chunk.seq + 1,
          done: chunk.done,
          expiresAt: expiry(),
        })
        .where(
          and(
            eq(answerDrafts.userId, owner),
            eq(answerDrafts.draftId, chunk.draft),
            eq(answerDrafts.nextSeq, chunk.seq),
            eq(answerDrafts.done, false),
            gt(answerDrafts.expiresAt, sql`now()`),
            sql`octet_length(${answerDrafts.audio}) + ${chunk.bytes.length} <= ${maxBytes}`,
          ),
        )
        .returning({ recording: answerDrafts.recording });
      if (row) return row;
      // Refused: say why.
      const [draft] = await db
        .select({
          draftId: answerDrafts.draftId,
          nextSeq: answerDrafts.nextSeq,
          done: answerDrafts.done,
        })
        .from(answerDrafts)
        .where(and(eq(answerDrafts.userId, owner), gt(answerDrafts.expiresAt, sql`now()`)));
      if (draft?.draftId !== chunk.draft) {
        throw new DraftError(
          "out_of_step",
          "This recording is not being drafted; start again with chunk 0.",
        );
      }
      if (draft.done) throw new DraftError("out_of_step", "This recording has already ended.");
      if (draft.nextSeq !== chunk.seq) {
        throw new DraftError(
          "out_of_step",
          `Expected chunk ${draft.nextSeq} of this recording, not ${chunk.seq}.`,
        );
      }
      await db.delete(answerDrafts).where(eq(answerDrafts.userId, owner));
      throw new DraftError("too_large", "The recording is too large.");
    },

    /** The words heard so far of the owner's `recording`; null when it is not their draft. */
    async heard(owner: string, recording: string): Promise<string | null> {
      const [row] = await db
        .select({ heard: answerDrafts.heard })
        .from(answerDrafts)
        .where(mine(owner, recording));
      return row ? heardText(row.heard) : null;
    },

    /**
     * The owner's `recording` with what is heard of it, when there is more to hear: bytes not yet
     * heard, or a pause (`upTo`) or its end since it was heard. Null otherwise; the audio is read
     * only when there is.
     */
    async toHear(
      owner: string,
      recording: string,
      asked: Exclude<DraftUpTo, "stopped">,
    ): Promise<DraftToHear | null> {
      const [row] = await db
        .select({
          question: answerDrafts.question,
          done: answerDrafts.done,
          heard: answerDrafts.heard,
          size: sql<number>`octet_length(${answerDrafts.audio})`,
        })
        .from(answerDrafts)
        .where(mine(owner, recording));
      if (!row) return null;
      const upTo = row.done ? "stopped" : asked;
      const further = UP_TO.indexOf(upTo) > UP_TO.indexOf(row.heard.upTo);
      if (row.heard.bytes >= row.size && !further) return null;
      const [audio] = await db
        .select({ audio: answerDrafts.audio })
        .from(answerDrafts)
        .where(mine(owner, recording));
      return audio ? { question: row.question, upTo, heard: row.heard, audio: audio.audio } : null;
    },

    /**
     * Keeps what a worker heard, unless the draft moved on meanwhile (a new recording, or its
     * answer scored) or a hearing further on is kept already. The queue's groups hear a user's
     * drafts one at a time, but two workers fetching at the same moment can each take one of
     * theirs: the one that started earlier, finishing last, must not put back less.
     */
    async saveHeard(owner: string, recording: string, heard: DraftHearing): Promise<void> {
      const keptBytes = sql`(${answerDrafts.heard}->>'bytes')::int`;
      const keptUpTo = sql`array_position(${UP_TO_SQL}, ${answerDrafts.heard}->>'upTo')`;
      await db
        .update(answerDrafts)
        .set({ heard })
        .where(
          and(
            mine(owner, recording),
            sql`(${keptBytes}, ${keptUpTo}) < (${heard.bytes}::int, ${UP_TO.indexOf(heard.upTo) + 1}::int)`,
          ),
        );
    },

    /**
     * The owner's draft, if what was heard of it is the beginning of `audio`, heard with the same
     * words (`question`): forgotten either way, as the answer it was for has arrived.
     */
    async take(
      owner: string,
      audio: Uint8Array,
      question: string,
    ): Promise<DraftHearing | undefined> {
      const [row] = await db
        .delete(answerDrafts)
        .where(and(eq(answerDrafts.userId, owner), gt(answerDrafts.expiresAt, sql`now()`)))
        .returning({
          question: answerDrafts.question,
          heard: answerDrafts.heard,
          heardAudio: sql<Uint8Array>`substring(${answerDrafts.audio} from 1 for (${answerDrafts.heard}->>'bytes')::int)`,
        });
      if (!row || row.question !== question || row.heard.bytes === 0) return undefined;
      const heardAudio = new Uint8Array(row.heardAudio);
      const usable =
        heardAudio.length === row.heard.bytes &&
        heardAudio.length <= audio.length &&
        Buffer.compare(heardAudio, audio.subarray(0, heardAudio.length)) === 0;
      return usable ? row.heard : undefined;
    },
  };
}
