import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";
import { fixturesDir } from "@tests/support/audio-fixtures";
import { startFakeOpenAI, type FakeOpenAI } from "@tests/support/fake-openai";
import { EngineError } from "./engine";
import {
  createOpenAIAnswerer,
  createOpenAITranscriber,
  openAISource,
  type OpenAIEngineOptions,
} from "./openai";
import { ANSWER_SYSTEM_PROMPT } from "./prompts";

const webm = new Uint8Array(
  readFileSync(path.join(fixturesDir, "tell-me-about-yourself.slt.webm")),
);
const audio = { bytes: webm, mimeType: "audio/webm" };

let fake: FakeOpenAI;
let options: OpenAIEngineOptions;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: "sk-test" });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  options = {
    apiKey: "sk-test",
    baseURL: fake.baseURL,
    model: "whisper-test",
    timeoutMs: 2000,
    maxRetries: 2,
    logger: createLogger("silent"),
  };
});

async function collect(stream: AsyncIterable<string>) {
  const parts: string[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("OpenAI-compatible transcriber", () => {
  it("uploads the WebM as multipart with the model and returns the text", async () => {
    const transcriber = createOpenAITranscriber(options);
    const transcript = await transcriber.transcribe(audio);
    expect(transcript).toEqual({ text: fake.transcript, source: "openai-compatible:whisper-test" });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.authorization).toBe("Bearer sk-test");
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body.model).toBe("whisper-test");
    expect(request.body.file).toMatchObject({
      name: "recording.webm",
      type: "audio/webm",
      size: webm.length,
      head: "1a45dfa3",
    });
  });

  it("flags a very short transcript as uncertain", async () => {
    fake.transcript = "Thank you.";
    const transcript = await createOpenAITranscriber(options).transcribe(audio);
    expect(transcript).toMatchObject({ text: "Thank you.", uncertain: true });
  });

  it("reports silence as unrecognised", async () => {
    fake.transcript = "  ...  ";
    const error = await failure(createOpenAITranscriber(options).transcribe(audio));
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe("unrecognised");
  });

  it("retries a 429 and a 503, then succeeds", async () => {
    fake.enqueue(
      "transcriptions",
      { status: 429, headers: { "retry-after-ms": "10" } },
      { status: 503, headers: { "retry-after-ms": "10" } },
    );
    const transcript = await createOpenAITranscriber(options).transcribe(audio);
    expect(transcript.text).toBe(fake.transcript);
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up after the retries with an upstream error", async () => {
    const retry = { status: 500, headers: { "retry-after-ms": "10" } };
    fake.enqueue("transcriptions", retry, retry, retry, retry);
    const error = await failure(createOpenAITranscriber(options).transcribe(audio));
    expect((error as EngineError).kind).toBe("upstream");
    expect(fake.requests).toHaveLength(3);
  });

  it("fails at once when Retry-After outlasts the deadline, and says when to try again", async () => {
    fake.enqueue("transcriptions", { status: 429, headers: { "retry-after": "20" } });
    const started = Date.now();
    const error = await failure(
      createOpenAITranscriber({ ...options, timeoutMs: 3000 }).transcribe(audio),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe("unavailable");
    expect((error as EngineError).retryAfterSeconds).toBe(20);
    expect((error as EngineError).message).toMatch(/try again in 20 seconds/);
    expect(fake.requests).toHaveLength(1);
  });

  it("keeps every retry and its waits inside the deadline", async () => {
    const slow = { status: 503, headers: { "retry-after": "1" } };
    fake.enqueue("transcriptions", slow, slow, slow, slow);
    const started = Date.now();
    const error = await failure(
      createOpenAITranscriber({ ...options, timeoutMs: 1500, maxRetries: 5 }).transcribe(audio),
    );
    expect(Date.now() - started).toBeLessThan(1800);
    expect((error as EngineError).kind).toBe("unavailable");
    expect(fake.requests.length).toBeLessThanOrEqual(2);
  });

  it("does not retry a rejected key and says so", async () => {
    const error = await failure(
      createOpenAITranscriber({ ...options, apiKey: "wrong" }).transcribe(audio),
    );
    expect((error as EngineError).kind).toBe("upstream");
    expect((error as EngineError).message).toMatch(/credentials/);
    expect(fake.requests).toHaveLength(1);
  });

  it("times out a stalled provider within the deadline", async () => {
    fake.enqueue("transcriptions", { stall: true }, { stall: true }, { stall: true });
    const started = Date.now();
    const error = await failure(
      createOpenAITranscriber({ ...options, timeoutMs: 300 }).transcribe(audio),
    );
    expect((error as EngineError).kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("reports an unreachable server as upstream", async () => {
    const error = await failure(
      createOpenAITranscriber({
        ...options,
        baseURL: "http://127.0.0.1:9/v1",
        maxRetries: 0,
      }).transcribe(audio),
    );
    expect((error as EngineError).kind).toBe("upstream");
  });
});

describe("OpenAI-compatible answerer", () => {
  it("streams the answer from chat completions with the system prompt", async () => {
    const answerer = createOpenAIAnswerer({ ...options, model: "chat-test" });
    const parts = await collect(answerer.answer("What is your greatest strength?"));
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join("")).toBe(fake.answer);
    const request = fake.requests[0]!;
    expect(request.body).toMatchObject({
      model: "chat-test",
      stream: true,
      messages: [
        { role: "system", content: ANSWER_SYSTEM_PROMPT },
        { role: "user", content: expect.stringContaining("What is your greatest strength?") },
      ],
    });
  });

  it("retries a 429 before the stream starts", async () => {
    fake.enqueue("chat", { status: 429, headers: { "retry-after-ms": "10" } });
    const parts = await collect(createOpenAIAnswerer(options).answer("Why us?"));
    expect(parts.join("")).toBe(fake.answer);
    expect(fake.requests).toHaveLength(2);
  });

  it("fails a streamed answer at once when Retry-After outlasts the deadline", async () => {
    fake.enqueue("chat", { status: 429, headers: { "retry-after": "60" } });
    const started = Date.now();
    const error = await failure(
      collect(createOpenAIAnswerer({ ...options, timeoutMs: 3000 }).answer("Why us?")),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect((error as EngineError).kind).toBe("unavailable");
    expect((error as EngineError).retryAfterSeconds).toBe(60);
  });

  it("times out when the stream stalls between tokens, after what it already sent", async () => {
    fake.enqueue("chat", { stallAfterTokens: 3 });
    const parts: string[] = [];
    const error = await failure(
      (async () => {
        for await (const part of createOpenAIAnswerer({ ...options, timeoutMs: 300 }).answer("Q?"))
          parts.push(part);
      })(),
    );
    expect((error as EngineError).kind).toBe("timeout");
    expect(parts).toHaveLength(3);
  });

  it("passes the caller's abort through, not as an engine error", async () => {
    fake.tokenDelayMs = 50;
    const controller = new AbortController();
    const parts: string[] = [];
    const error = await failure(
      (async () => {
        for await (const part of createOpenAIAnswerer(options).answer("Q?", controller.signal)) {
          parts.push(part);
          if (parts.length === 2) controller.abort();
        }
      })(),
    );
    expect(error).not.toBeInstanceOf(EngineError);
    expect(parts).toHaveLength(2);
  });

  it("accepts a server that ignores stream: true and sends one JSON completion", async () => {
    fake.enqueue("chat", { ignoreStream: true });
    const parts = await collect(createOpenAIAnswerer(options).answer("Why us?"));
    expect(parts).toEqual([fake.answer]);
  });

  it("treats an empty completion as an upstream failure", async () => {
    fake.answer = "";
    const error = await failure(collect(createOpenAIAnswerer(options).answer("Q?")));
    expect((error as EngineError).kind).toBe("upstream");
  });
});

describe("openAISource", () => {
  it("names OpenAI's own API and other servers differently", () => {
    expect(openAISource({ baseURL: undefined, model: "gpt-4o-mini" })).toBe("openai:gpt-4o-mini");
    expect(openAISource({ baseURL: "https://api.openai.com/v1", model: "m" })).toBe("openai:m");
    expect(openAISource({ baseURL: "http://localhost:11434/v1", model: "llama3.2" })).toBe(
      "openai-compatible:llama3.2",
    );
  });
});
