import type { Engines } from "@/server/engines";
import type { Database } from "@/server/db/client";
import type { DecodeDraftJob } from "@/server/jobs/ai-jobs";
import type { JobQueue } from "@/server/jobs/queue";
import { answerAndStore, type EvaluateAnswerJob } from "./evaluate-answer";

/**
 * What a worker runs for each kind of AI job (docs/decisions/0130): the second half of
 * transcribe-audio, evaluate-answer and answer-draft, whose first half (checks, budgets) ran in
 * the web process that queued it. Runs them in this process, `concurrency` of each kind at a time.
 */
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
