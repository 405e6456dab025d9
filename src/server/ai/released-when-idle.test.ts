import { afterAll, describe, expect, it } from "vitest";
import { readFixture } from "@tests/support/audio-fixtures";
import { testQuestions } from "@tests/data/transcriber-test-questions";
import { createOfflineTranscriber, type OfflineTranscriber } from "./offline/transcriber";
import { releasedWhenIdle } from "./released-when-idle";

// The real question recogniser in its worker thread, with a quiet period short enough to wait for.
const QUIET_MS = 400;
const slow = { timeout: 180_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const recording = () => ({
  bytes: readFixture("tell-me-about-yourself.rms"),
  mimeType: "audio/webm",
});

describe("a recogniser released when idle", () => {
  const built: OfflineTranscriber[] = [];
  const engine = releasedWhenIdle(() => {
    const transcriber = createOfflineTranscriber({ questions: testQuestions(), maxSeconds: 60 });
    built.push(transcriber);
    return transcriber;
  }, QUIET_MS);
  afterAll(() => engine.close());

  it(
    "lets its worker go after a quiet period and builds it again on the next call",
    slow,
    async () => {
      const first = await engine.use((transcriber) => transcriber.transcribe(recording()));
      expect(first.text).toBe("Tell me about yourself.");
      expect(engine.peek()).toBe(built[0]);

      await sleep(QUIET_MS * 3);
      expect(engine.peek()).toBeUndefined();
      // Closed: its worker thread is gone, and it takes no more work.
      await expect(built[0]!.transcribe(recording())).rejects.toThrow();

      const again = await engine.use((transcriber) => transcriber.transcribe(recording()));
      expect(again.text).toBe("Tell me about yourself.");
      expect(built).toHaveLength(2);
      expect(engine.peek()).toBe(built[1]);
    },
  );

  it("keeps it through a call longer than the quiet period", slow, async () => {
    const held = engine.touch();
    const count = built.length;
    const during = await engine.use(async (transcriber) => {
      await sleep(QUIET_MS * 3);
      return transcriber.transcribe(recording());
    });
    expect(during.text).toBe("Tell me about yourself.");
    expect(built).toHaveLength(count);
    expect(engine.peek()).toBe(held);
  });
});
