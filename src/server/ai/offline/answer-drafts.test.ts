import { describe, expect, it } from "vitest";
import { createAnswerDrafts, DraftError, type RecogniseDraft } from "./answer-drafts";
import type { TranscribeJobResult } from "./transcribe-worker";

/**
 * The draft bookkeeping with a stand-in recogniser that "hears" one word per byte, so what each
 * job was given can be read back from the result. The real worker path is covered in
 * answer-transcriber.test.ts.
 */
function recorder() {
  const jobs: Parameters<RecogniseDraft>[0][] = [];
  let release: (() => void) | undefined;
  let hold = false;
  const recognise: RecogniseDraft = async (job) => {
    jobs.push(job);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    const heard = Array.from(job.bytes.subarray(job.resume.fromSample), (byte) => ({
      offsetSeconds: 0,
      recognition: {
        text: String(byte),
        words: [
          { word: String(byte), startSeconds: 0, endSeconds: 0, confidence: 1, posterior: 1 },
        ],
        confidence: 1,
        seconds: 0,
      },
    }));
    // A partial job keeps the last "segment" back, as the worker does.
    const parts = job.partial ? heard.slice(0, -1) : heard;
    const all = [...job.resume.parts, ...parts];
    return {
      text: all.map((part) => part.recognition.text).join(" "),
      confidence: 1,
      words: [],
      durationSeconds: job.bytes.length,
      truncated: false,
      parts,
      resumeAt: job.resume.fromSample + parts.length,
    } satisfies TranscribeJobResult;
  };
  return {
    jobs,
    recognise,
    holdJobs: () => (hold = true),
    releaseJob: () => release?.(),
  };
}

const chunk = (id: string, seq: number, bytes: number[], done = false) => ({
  id,
  seq,
  bytes: Uint8Array.from(bytes),
  done,
  extraWords: ["deadline"],
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("answer drafts", () => {
  it("recognises a finished recording as it arrives, and hands back the whole result", async () => {
    const fake = recorder();
    const drafts = createAnswerDrafts({ ...fake, canStart: () => true, maxBytes: 100 });
    drafts.append("ada", chunk("r1", 0, [1, 2]));
    await settle();
    drafts.append("ada", chunk("r1", 1, [3, 4], true));
    await settle();
    await settle();
    expect(fake.jobs.map((job) => job.partial)).toEqual([true, false]);
    // The last job resumed after the first job's closed segment and was given it to join.
    expect(fake.jobs[1]!.resume.fromSample).toBe(1);
    const drafted = await drafts.take("ada", Uint8Array.from([1, 2, 3, 4]), ["deadline"]);
    expect(drafted).toMatchObject({ kind: "complete", result: { text: "1 2 3 4" } });
    expect(drafts.size).toBe(0);
  });

  it("hands back where to resume when the recording is longer than what was heard", async () => {
    const fake = recorder();
    const drafts = createAnswerDrafts({ ...fake, canStart: () => true, maxBytes: 100 });
    drafts.append("ada", chunk("r1", 0, [1, 2, 3]));
    await settle();
    const drafted = await drafts.take("ada", Uint8Array.from([1, 2, 3, 4, 5]), ["deadline"]);
    expect(drafted).toMatchObject({ kind: "resume", fromSample: 2 });
    expect(drafted?.kind === "resume" && drafted.parts.length).toBe(2);
  });

  it("waits for a job in flight before answering", async () => {
    const fake = recorder();
    fake.holdJobs();
    const drafts = createAnswerDrafts({ ...fake, canStart: () => true, maxBytes: 100 });
    drafts.append("ada", chunk("r1", 0, [1, 2, 3], true));
    const taken = drafts.take("ada", Uint8Array.from([1, 2, 3]), ["deadline"]);
    await settle();
    fake.releaseJob();
    expect(await taken).toMatchObject({ kind: "complete" });
  });

  it("ignores a draft of other bytes or other words", async () => {
    const fake = recorder();
    const drafts = createAnswerDrafts({ ...fake, canStart: () => true, maxBytes: 100 });
    drafts.append("ada", chunk("r1", 0, [1, 2, 3], true));
    await settle();
    expect(await drafts.take("ada", Uint8Array.from([1, 9, 3]), ["deadline"])).toBeUndefined();
    drafts.append("ada", chunk("r2", 0, [1, 2, 3], true));
    await settle();
    expect(await drafts.take("ada", Uint8Array.from([1, 2, 3]), ["other"])).toBeUndefined();
    // Nor anyone else's.
    drafts.append("ada", chunk("r3", 0, [1, 2, 3], true));
    await settle();
    expect(await drafts.take("grace", Uint8Array.from([1, 2, 3]), ["deadline"])).toBeUndefined();
  });

  it("starts no job while the workers are busy, and catches up when asked again", async () => {
    const fake = recorder();
    let free = false;
    const drafts = createAnswerDrafts({ ...fake, canStart: () => free, maxBytes: 100 });
    drafts.append("ada", chunk("r1", 0, [1, 2]));
    await settle();
    expect(fake.jobs).toHaveLength(0);
    free = true;
    drafts.append("ada", chunk("r1", 1, [3], true));
    await settle();
    expect(fake.jobs).toHaveLength(1);
    expect(fake.jobs[0]!.bytes).toEqual(Uint8Array.from([1, 2, 3]));
  });

  it("refuses chunks out of step, and a recording over the size limit", async () => {
    const fake = recorder();
    const drafts = createAnswerDrafts({ ...fake, canStart: () => false, maxBytes: 4 });
    expect(() => drafts.append("ada", chunk("r1", 1, [1]))).toThrow(DraftError);
    drafts.append("ada", chunk("r1", 0, [1]));
    expect(() => drafts.append("ada", chunk("r1", 2, [1]))).toThrow(/Expected chunk 1/);
    expect(() => drafts.append("ada", chunk("r0", 1, [1]))).toThrow(/start again/);
    drafts.append("ada", chunk("r1", 1, [2], true));
    expect(() => drafts.append("ada", chunk("r1", 2, [3]))).toThrow(DraftError);
    // Chunk 0 of a new recording replaces the old draft.
    drafts.append("ada", chunk("r2", 0, [1, 2, 3]));
    const error = (() => {
      try {
        drafts.append("ada", chunk("r2", 1, [4, 5]));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({ kind: "too_large" });
    expect(drafts.size).toBe(0);
  });

  it("forgets a draft whose job failed", async () => {
    const drafts = createAnswerDrafts({
      recognise: () => Promise.reject(new Error("bad audio")),
      canStart: () => true,
      maxBytes: 100,
    });
    drafts.append("ada", chunk("r1", 0, [1, 2], true));
    await settle();
    expect(await drafts.take("ada", Uint8Array.from([1, 2]), ["deadline"])).toBeUndefined();
  });
});
