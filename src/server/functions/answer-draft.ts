import { setTimeout as sleep } from "node:timers/promises";
import { EngineError, type QuestionReference } from "@/server/ai/engine";
import { DraftError, type AnswerDrafts } from "@/server/feedback/answer-drafts";
import type { DecodeDraftJob } from "@/server/jobs/ai-jobs";
import type { JobQueue } from "@/server/jobs/queue";
import type { Logger } from "@/server/logger";
import { finishedThought, measureForInterview } from "@/server/sessions/follow-up";
import { ApiError, payloadTooLarge } from "@/server/http/errors";
import type { AuthedEnv } from "@/server/http/env";
import { functionBody } from "@/server/http/validate";
import {
  MAX_ANSWER_AUDIO_BYTES,
  type AnswerDraftRequest,
  type AnswerDraftResponse,
} from "@/shared/feedback";

/**
 * answer-draft (docs/decisions/0070, 0150): the next chunk of an answer still being recorded, kept
 * with the user's one draft in the database, and a job for a worker to hear more of it. A chunk
 * sent with `listen` (the AI Interviewer, when the speaker pauses) also answers whether the words
 * heard so far make a finished answer.
 */
export const answerDraftBody = functionBody<"answer-draft", AuthedEnv>(
  "answer-draft",
  "The request must be a JSON object with `draft`, `seq`, `chunk` (base64) and `question`.",
);

/** How long a `listen` chunk waits for the recogniser before answering with what it has. */
const LISTEN_WAIT_MS = 1200;
/** How often it looks meanwhile at what the recogniser has heard. */
const LISTEN_LOOK_EVERY_MS = 100;

export async function answerDraft(
  deps: {
    drafts: AnswerDrafts;
    /** The offline recogniser's queue; none for an engine that hears whole answers only. */
    jobs: JobQueue | undefined;
    reference: (question: string) => QuestionReference;
    log: Logger;
  },
  userId: string,
  request: AnswerDraftRequest,
): Promise<AnswerDraftResponse> {
  if (!deps.jobs) return { drafting: false };
  let recording: string;
  try {
    ({ recording } = await deps.drafts.append(userId, {
      draft: request.draft,
      seq: request.seq,
      bytes: new Uint8Array(Buffer.from(request.chunk, "base64")),
      done: request.done ?? false,
      question: request.question,
    }));
  } catch (error) {
    if (!(error instanceof DraftError)) throw error;
    if (error.kind === "too_large") {
      throw payloadTooLarge("The recording is too large.", MAX_ANSWER_AUDIO_BYTES);
    }
    throw new ApiError("conflict", error.message);
  }
  const job: DecodeDraftJob = { userId, recording, upTo: request.listen ? "paused" : "speaking" };
  // A hearing not yet started would hear less than this one: it goes, so that a recogniser slower
  // than the chunks never falls further behind than the one hearing it is running.
  await deps.jobs.dropQueued("decode-draft", userId);
  // The rubric's reading of the words heard, kept for the last text read: the same words are read
  // again and again while a `listen` waits.
  let reading: { heard: string; finished: boolean } | undefined;
  const finished = (heard: string) => {
    if (reading?.heard !== heard) {
      const measured = measureForInterview(deps.reference, request.question, heard);
      reading = { heard, finished: finishedThought(request.question, measured) };
    }
    return reading.finished;
  };
  // The speaker has paused (docs/decisions/0104): is what was heard already a whole answer? What
  // is heard so far may say so; only if not, the pause, which closes the sentence just spoken, is
  // heard, within LISTEN_WAIT_MS.
  const now = request.listen ? await deps.drafts.heard(userId, recording) : null;
  if (!request.listen || (now && finished(now))) {
    // Nobody waits for this hearing: if it cannot be queued (the database busy or away), the
    // answer, arriving whole, is heard from where the last hearing stopped.
    void deps.jobs
      .send("decode-draft", job, { owner: userId })
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, "answer draft not queued for hearing"),
      );
    return now ? { drafting: true, thought: "finished" } : { drafting: true };
  }
  const waiting = new AbortController();
  const hearing = deps.jobs
    .run("decode-draft", job, { owner: userId, timeoutMs: LISTEN_WAIT_MS, signal: waiting.signal })
    .then(
      (heard) => heard as string | null,
      (error: unknown) => {
        if (!(error instanceof EngineError)) throw error;
        if (waiting.signal.aborted) return null; // answered already
        return deps.drafts.heard(userId, recording); // what the recogniser has so far
      },
    );
  // The pause's hearing may wait behind an earlier one still running (the sentence before). When
  // that one lands, what it heard may already make a finished answer: then that is the answer,
  // without waiting for the last sentence too.
  const finishedMeanwhile = async (): Promise<string> => {
    for (;;) {
      // Rejects once the answer is given (the race is over then, so nothing hears it).
      await sleep(LISTEN_LOOK_EVERY_MS, undefined, { signal: waiting.signal });
      const heard = await deps.drafts.heard(userId, recording);
      if (heard && finished(heard)) return heard;
    }
  };
  let later: string | null;
  try {
    later = await Promise.race([hearing, finishedMeanwhile()]);
  } finally {
    waiting.abort();
  }
  if (!later) return { drafting: true };
  return { drafting: true, thought: finished(later) ? "finished" : "open" };
}
