import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFixture, silentWebm } from "@tests/support/audio-fixtures";
import { EngineError } from "@/server/ai/engine";
import {
  createOfflineAnswerTranscriber,
  type HeardSoFar,
  type OfflineAnswerTranscriber,
} from "./transcriber";

const webm = (bytes: Uint8Array) => ({ bytes, mimeType: "audio/webm" });
// These tests decode several recordings in real time's worth of CPU each; on two cores shared with
// the rest of the suite that is far from the default 30 s (a hang still fails, just later).
const DECODES_TIMEOUT = 120_000;

describe("offline answer transcriber (worker thread, real recordings)", () => {
  let transcriber: OfflineAnswerTranscriber;
  beforeAll(async () => {
    transcriber = createOfflineAnswerTranscriber({ maxSeconds: 185 });
    await transcriber.ready;
  }, 60_000);
  afterAll(() => transcriber?.close());

  it("hears a spoken answer with word times on the recording's clock, and hands back the audio", async () => {
    const answer = await transcriber.transcribe(webm(readFixture("answer-deadline.slt")), [
      "deadline",
    ]);
    expect(answer.text.split(" ").length).toBeGreaterThan(20);
    expect(answer.text).toContain("deadline");
    const starts = answer.words.map((w) => w.startSeconds);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(answer.words.at(-1)!.endSeconds).toBeLessThanOrEqual(answer.durationSeconds + 0.1);
    expect(answer.pcm.length / answer.sampleRate).toBeCloseTo(answer.durationSeconds, 0);
    expect(answer.confidence).toBeGreaterThan(0);
    expect(answer.confidence).toBeLessThanOrEqual(1);
  });

  it(
    "finishes an answer heard while it was spoken with the transcript of the whole",
    async () => {
      const bytes = readFixture("answer-feedback.awb");
      const whole = await transcriber.transcribe(webm(bytes), ["feedback"]);
      // MediaRecorder's chunks end anywhere, mid-cluster included.
      const pieces = 6;
      const size = Math.ceil(bytes.length / pieces);
      let heard: HeardSoFar = { parts: [], resumeAt: 0 };
      for (let sent = 1; sent <= pieces; sent++) {
        const draft = { bytes: bytes.slice(0, sent * size), extraWords: ["feedback"], heard };
        heard = (await transcriber.hearDraft({ ...draft, upTo: "speaking" }))!;
      }
      expect(heard.parts.length).toBeGreaterThan(0);
      const drafted = await transcriber.transcribe(webm(bytes), ["feedback"], undefined, heard);
      expect(drafted.text).toBe(whole.text);
      expect(drafted.words).toEqual(whole.words);
      expect(drafted.pcm).toEqual(whole.pcm);
    },
    DECODES_TIMEOUT,
  );

  it(
    "hears the last sentence once a pause has closed it, and nothing of silence after it",
    async () => {
      const bytes = readFixture("answer-deadline.slt");
      const whole = await transcriber.transcribe(webm(bytes), ["deadline"]);
      const draft = { bytes, extraWords: ["deadline"], heard: { parts: [], resumeAt: 0 } };
      const speaking = (await transcriber.hearDraft({ ...draft, upTo: "speaking" }))!;
      const paused = (await transcriber.hearDraft({ ...draft, heard: speaking, upTo: "paused" }))!;
      const text = (heard: HeardSoFar) => heard.parts.map((p) => p.recognition.text).join(" ");
      const lastWords = whole.text.split(" ").slice(-3).join(" ");
      expect(text(speaking)).not.toContain(lastWords);
      expect(text(paused)).toContain(lastWords);
      // Heard again with nothing new: the silence after the cut holds no words.
      const again = (await transcriber.hearDraft({ ...draft, heard: paused, upTo: "stopped" }))!;
      expect(again.parts).toEqual(paused.parts);
    },
    DECODES_TIMEOUT,
  );

  it("says it heard nothing in silence", async () => {
    const error = await transcriber.transcribe(webm(silentWebm()), []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe("unrecognised");
  });
});
