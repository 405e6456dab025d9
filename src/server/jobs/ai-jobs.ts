import type { Transcriber, Transcript } from "@/server/ai/engine";
import type { JobQueue } from "./queue";

/**
 * The offline AI work as jobs (docs/decisions/0130): what a draft's job carries, and the
 * transcriber a web process uses in place of its own recogniser. What a worker runs for each kind
 * is `workAiJobs` (src/server/functions/work-ai-jobs.ts), beside the functions whose work it is.
 */

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
