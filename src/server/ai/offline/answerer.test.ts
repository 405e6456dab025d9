import { describe, expect, it } from "vitest";
import { EngineError } from "@/server/ai/engine";
import { chunkText, createOfflineAnswerer, formatLibraryAnswer } from "./answerer";

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe("offline answerer", () => {
  const answerer = createOfflineAnswerer({ chunkDelayMs: 0 });

  it("names its source", () => {
    expect(answerer.source).toBe("offline-library");
  });

  it("looks a known question up in the library", () => {
    const result = answerer.lookup("What's your biggest weakness?");
    expect(result).toMatchObject({
      kind: "bank",
      questionId: "what-is-your-greatest-weakness",
      matchedQuestion: "What is your greatest weakness?",
      category: "strengths-weaknesses",
    });
    expect(result.score).toBeGreaterThan(0.9);
    expect(result.text).toBe(formatLibraryAnswer(result.answer, result.tips));
    expect(result.text).toMatch(/\n\nTips:\n- .+\n- .+/);
  });

  it("writes a framework answer for a question the library does not hold", () => {
    const result = answerer.lookup(
      "What would you do if the venue flooded on the morning of a trade fair?",
    );
    expect(result.kind).toBe("framework");
    expect(result.questionType).toBe("situational");
    expect(result.questionId).toBeUndefined();
    expect(result.answer).toContain("If the venue flooded on the morning of a trade fair");

    const behavioural = answerer.lookup(
      "Tell me about a time you had to cancel a launch at the last minute",
    );
    expect(behavioural).toMatchObject({ kind: "framework", questionType: "behavioural" });
    expect(behavioural.text).toContain("Situation:");
  });

  it("streams several chunks whose concatenation is the whole text", async () => {
    const question = "Tell me about a time you failed.";
    const chunks = await collect(answerer.answer(question));
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.join("")).toBe(answerer.lookup(question).text);
    expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
  });

  it("streams a framework answer the same way", async () => {
    const question = "How would you explain recursion to a child?";
    const chunks = await collect(answerer.answer(question));
    expect(chunks.join("")).toBe(answerer.lookup(question).text);
  });

  it("sends the first chunk at once and paces the rest like a model", async () => {
    const paced = createOfflineAnswerer({ chunkDelayMs: 15 });
    const started = performance.now();
    const stream = paced.answer("Why should we hire you?");
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    const firstAt = performance.now() - started;
    expect(first.done).toBe(false);
    expect(firstAt).toBeLessThan(100);
    await iterator.next();
    await iterator.next();
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    await iterator.return?.();
  });

  it("caps the whole stream's pacing however long the answer", async () => {
    const capped = createOfflineAnswerer({ chunkDelayMs: 50, maxStreamMs: 200 });
    const started = performance.now();
    const chunks = await collect(capped.answer("Tell me about a time you failed."));
    const elapsed = performance.now() - started;
    expect(chunks.length).toBeGreaterThan(40);
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(1_000);
  });

  it("sends everything at once when nobody watches it arrive (a JSON answer)", async () => {
    const slow = createOfflineAnswerer({ chunkDelayMs: 50, maxStreamMs: 2000 });
    const started = performance.now();
    const parts: string[] = [];
    for await (const part of slow.answer("Why should we hire you?", undefined, { paced: false })) {
      parts.push(part);
    }
    expect(parts.length).toBeGreaterThan(3);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("stops streaming when the signal aborts", async () => {
    const paced = createOfflineAnswerer({ chunkDelayMs: 10 });
    const controller = new AbortController();
    const chunks: string[] = [];
    const consume = async () => {
      for await (const chunk of paced.answer("Tell me about yourself", controller.signal)) {
        chunks.push(chunk);
        if (chunks.length === 3) controller.abort();
      }
    };
    await expect(consume()).rejects.toMatchObject({ name: "AbortError" });
    expect(chunks).toHaveLength(3);
  });

  it("aborts while waiting between chunks, without waiting for the timer", async () => {
    const slow = createOfflineAnswerer({ chunkDelayMs: 5_000 });
    const controller = new AbortController();
    const stream = slow.answer("Tell me about yourself", controller.signal);
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    const pending = iterator.next();
    const started = performance.now();
    controller.abort(new Error("client went away"));
    await expect(pending).rejects.toThrow("client went away");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses an already aborted signal and an empty question", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(collect(answerer.answer("Why?", controller.signal))).rejects.toMatchObject({
      name: "AbortError",
    });
    const empty = collect(answerer.answer("   "));
    await expect(empty).rejects.toBeInstanceOf(EngineError);
    await expect(collect(answerer.answer(""))).rejects.toMatchObject({ kind: "unrecognised" });
  });

  it("answers any text without throwing", async () => {
    for (const question of [
      "?",
      "🙂🙂",
      "a".repeat(10_000),
      "<script>alert(1)</script>",
      "Ça va ?",
    ]) {
      const chunks = await collect(answerer.answer(question));
      expect(chunks.join("").length).toBeGreaterThan(100);
    }
  });
});

describe("chunkText", () => {
  it("keeps every character, including line breaks and leading space", () => {
    const text = "  One two three four.\n\nFive six\n- seven";
    const chunks = chunkText(text, 2);
    expect(chunks.join("")).toBe(text);
    expect(chunks.length).toBe(4);
    expect(chunkText("", 3)).toEqual([]);
    expect(chunkText("   ", 3)).toEqual(["   "]);
    expect(chunkText("a b", 0)).toEqual(["a ", "b"]);
  });
});
