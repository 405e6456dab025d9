import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFixture } from "@tests/support/audio-fixtures";
import { loadQuestionBank, spokenQuestions } from "./answer-library";
import { createOfflineTranscriber, type OfflineTranscriber } from "./transcriber";

/**
 * The recogniser's queue takes turns between users (docs/decisions/0085). It was first come,
 * first served: one person's queued recordings all ran before anyone else's. With one worker and
 * the real question recogniser, Ada's three recordings and then Bob's one: Bob's is heard second,
 * right after the one of Ada's that was already running.
 */

const webm = (id: string) => ({ bytes: readFixture(id), mimeType: "audio/webm" });

describe("offline recogniser queue (one worker, real recordings)", () => {
  let transcriber: OfflineTranscriber;
  beforeAll(async () => {
    transcriber = createOfflineTranscriber({
      questions: spokenQuestions(loadQuestionBank()),
      workers: 1,
    });
    await transcriber.ready;
  }, 60_000);
  afterAll(() => transcriber?.close());

  it("takes turns between owners instead of first come, first served", async () => {
    const finished: string[] = [];
    const send = (owner: string, id: string, name: string) =>
      transcriber.transcribe(webm(id), undefined, owner).then((heard) => {
        finished.push(name);
        return heard;
      });
    const all = [
      send("ada", "tell-me-about-yourself.slt", "ada-1"),
      send("ada", "why-work-here.slt", "ada-2"),
      send("ada", "why-hire-you.slt", "ada-3"),
      send("bob", "five-years.slt", "bob-1"),
    ];
    const heard = await Promise.all(all);
    expect(heard.every((h) => h.text.length > 0)).toBe(true);
    expect(finished).toEqual(["ada-1", "bob-1", "ada-2", "ada-3"]);
  }, 60_000);
});
