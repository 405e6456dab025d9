import type { Transcriber, Transcript } from "@/server/ai/engine";
import type { Engines } from "@/server/ai/engines";
import type { Database } from "@/server/db/client";
import { answerAndStore, type EvaluateAnswerJob } from "@/server/functions/evaluate-answer";
import type { JobQueue } from "./queue";

/**
 * The offline AI work as jobs (docs/decisions/0130): what a worker runs, and the transcriber a
 * web process uses in place of its own recogniser.
 */

/** Runs the offline engines' jobs in this process, `concurrency` of each kind at a time. */
export function workAiJobs(
  jobs: JobQueue,
  deps: { ai: Engines; db: Database; concurrency: number },
): void {
  jobs.work("transcribe-question", deps.concurrency, async (input, signal) => {
    const { audio } = input as { audio: string };
    const bytes = new Uint8Array(Buffer.from(audio, "base64"));
    return deps.ai.transcriber.transcribe({ bytes, mimeType: "audio/webm" }, signal);
  });
  jobs.work("evaluate-answer", deps.concurrency, async (input, signal) => {
    const { userId, request } = input as EvaluateAnswerJob;
    return answerAndStore(deps, userId, request, signal);
  });
  const { hearDraft } = deps.ai.answerTranscriber;
  if (hearDraft) {
    jobs.work("decode-draft", deps.concurrency, async (input, signal) => {
      const { userId, recording, upTo } = input as DecodeDraftJob;
      return hearDraft(userId, recording, upTo, signal);
    });
  }
}

/**
 * What a decode-draft job carries: whose draft and which recording of theirs (its audio is in the
 * database), and how far the speaker had got. Its output: the words heard so far, or null.
 */
export type DecodeDraftJob = { userId: string; recording: string; upTo: "speaking" | "paused" };

/** Question transcription sent to the queue, waited for up to `timeoutMs` (the request's deadline). */
export function queuedTranscriber(jobs: JobQueue, timeoutMs: number): Transcriber {
  return {
    source: "offline",
    async transcribe(audio, signal, owner) {
      const output = await jobs.run(
        "transcribe-question",
        { audio: Buffer.from(audio.bytes).toString("base64") },
        { owner: owner ?? "anonymous", signal, timeoutMs },
      );
      return output as Transcript;
    },
  };
}
