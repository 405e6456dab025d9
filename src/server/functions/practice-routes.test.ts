import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";
import { MAX_QUESTION_CHARS, MAX_TRANSCRIBE_BODY_BYTES } from "@/shared/practice-limits";
import { readFixture } from "@tests/support/audio-fixtures";
import { startFakeOpenAI, type FakeOpenAI } from "@tests/support/fake-openai";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { callFunction, expectError, inOneWindow, type CallOptions } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

const webm = Buffer.from(readFixture("tell-me-about-yourself.slt"));
const wav = Buffer.from(readFixture("tell-me-about-yourself.slt", "wav"));

let fake: FakeOpenAI;
let t: TestApp;
let subscriber: TestUser;
let nonSubscriber: TestUser;

let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  env = {
    AI_BASE_URL: fake.baseURL,
    AI_TIMEOUT_MS: "1000",
    RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000",
    RATE_LIMIT_TRANSCRIBE_PER_MINUTE: "1000",
    RATE_LIMIT_ANSWER_PER_MINUTE: "1000",
  };
  t = await createTestApp({ env });
  subscriber = await createTestUser(t);
  await subscribeTestUser(t, subscriber);
  nonSubscriber = await createTestUser(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** A function called by the subscriber unless `user` says otherwise (null: nobody). */
const call = (
  app: TestApp,
  name: string,
  body: unknown,
  { user = subscriber, ...options }: CallOptions & { user?: TestUser | null } = {},
) => callFunction(app, user, name, body, options);

/** A minimal WebM: EBML header, an unknown-size Segment, one track, one cluster at `ms`. */
function syntheticWebm(codec: string, clusterMs: number): Buffer {
  const element = (id: number[], data: Buffer) => {
    const size = data.length;
    const sizeBytes = [
      0x08,
      0,
      0,
      0,
      (size >>> 24) & 0xff,
      (size >>> 16) & 0xff,
      (size >>> 8) & 0xff,
      size & 0xff,
    ];
    return Buffer.concat([Buffer.from(id), Buffer.from([0x01, ...sizeBytes.slice(1)]), data]);
  };
  const uint = (value: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(value);
    return b;
  };
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from("webm")));
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    element([0xae], element([0x86], Buffer.from(codec))),
  );
  const block = element([0xa3], Buffer.from([0x81, 0x00, 0x00, 0x80, 0xfc, 0xff, 0xfe]));
  const cluster = element(
    [0x1f, 0x43, 0xb6, 0x75],
    Buffer.concat([element([0xe7], uint(clusterMs)), block]),
  );
  const segment = Buffer.concat([
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    tracks,
    cluster,
  ]);
  return Buffer.concat([header, segment]);
}

describe("transcribe-audio", () => {
  it("transcribes a subscriber's WebM recording with the configured engine", async () => {
    const res = await call(t, "transcribe-audio", { audio: webm.toString("base64") });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      text: fake.transcript,
      source: "openai-compatible:gpt-4o-mini-transcribe",
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.file).toMatchObject({ size: webm.length, head: "1a45dfa3" });
  });

  it("accepts a data: URL as well as bare base64", async () => {
    const res = await call(t, "transcribe-audio", {
      audio: `data:audio/webm;codecs=opus;base64,${webm.toString("base64")}`,
    });
    expect(res.status).toBe(200);
  });

  it("refuses callers without a token (401) and without Premium (403)", async () => {
    const audio = webm.toString("base64");
    await expectError(
      await call(t, "transcribe-audio", { audio }, { user: null }),
      401,
      "unauthorized",
    );
    await expectError(
      await call(t, "transcribe-audio", { audio }, { user: nonSubscriber }),
      403,
      "subscription_required",
    );
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ["not JSON", "{audio:", 400, "bad_json"],
    ["no audio field", JSON.stringify({}), 400, "validation_failed"],
    ["audio not a string", JSON.stringify({ audio: 42 }), 400, "validation_failed"],
    ["a JSON array", JSON.stringify([1]), 400, "validation_failed"],
    ["invalid base64", JSON.stringify({ audio: "!!!not base64!!!" }), 400, "invalid_base64"],
    ["base64 of impossible length", JSON.stringify({ audio: "AAAAA" }), 400, "invalid_base64"],
    ["empty audio", JSON.stringify({ audio: "" }), 400, "empty_audio"],
    [
      "a WAV file",
      JSON.stringify({ audio: wav.toString("base64") }),
      415,
      "unsupported_audio_format",
    ],
    [
      "random bytes",
      JSON.stringify({ audio: Buffer.from("hello world!").toString("base64") }),
      415,
      "unsupported_audio_format",
    ],
  ])("answers %s with %i %s, before any engine call", async (_label, raw, status, code) => {
    await expectError(await call(t, "transcribe-audio", null, { raw }), status, code);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses WebM without an Opus track", async () => {
    const vorbis = syntheticWebm("A_VORBIS", 1000);
    const error = await expectError(
      await call(t, "transcribe-audio", { audio: vorbis.toString("base64") }),
      415,
      "unsupported_audio_format",
    );
    expect(error.message).toMatch(/A_VORBIS/);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a recording longer than two minutes, and accepts a short synthetic one", async () => {
    const long = syntheticWebm("A_OPUS", 130_000);
    await expectError(
      await call(t, "transcribe-audio", { audio: long.toString("base64") }),
      422,
      "recording_too_long",
    );
    expect(fake.requests).toHaveLength(0);
    const short = syntheticWebm("A_OPUS", 5_000);
    expect((await call(t, "transcribe-audio", { audio: short.toString("base64") })).status).toBe(
      200,
    );
  });

  it("refuses an oversized body from its Content-Length, before reading it", async () => {
    const res = await call(t, "transcribe-audio", null, {
      raw: "x",
      headers: { "content-length": String(MAX_TRANSCRIBE_BODY_BYTES + 1) },
    });
    await expectError(res, 413, "payload_too_large");
  });

  it("refuses an oversized streamed body while counting it", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(65);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_TRANSCRIBE_BODY_BYTES + 2 * chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request("/functions/v1/transcribe-audio", {
      method: "POST",
      headers: {
        authorization: `Bearer ${subscriber.accessToken}`,
        "content-type": "application/json",
      },
      body,
      // @ts-expect-error Node's fetch needs this for a streamed body
      duplex: "half",
    });
    await expectError(res, 413, "payload_too_large");
  });

  it("explains when no question could be heard (422)", async () => {
    fake.transcript = " ";
    const error = await expectError(
      await call(t, "transcribe-audio", { audio: webm.toString("base64") }),
      422,
      "unrecognised_speech",
    );
    expect(error.message).toMatch(/couldn't make out a question/);
  });

  it("flags a doubtful transcript as uncertain", async () => {
    fake.transcript = "Thank you.";
    const res = await call(t, "transcribe-audio", { audio: webm.toString("base64") });
    expect(await res.json()).toMatchObject({ text: "Thank you.", uncertain: true });
  });

  it("retries provider 429/5xx, then answers 502 when they persist", async () => {
    const retry = (status: number) => ({ status, headers: { "retry-after-ms": "5" } });
    fake.enqueue("transcriptions", retry(429), retry(503));
    expect((await call(t, "transcribe-audio", { audio: webm.toString("base64") })).status).toBe(
      200,
    );
    expect(fake.requests).toHaveLength(3);
    fake.reset();
    fake.enqueue("transcriptions", retry(500), retry(500), retry(500));
    await expectError(
      await call(t, "transcribe-audio", { audio: webm.toString("base64") }),
      502,
      "engine_failed",
    );
  });

  it("answers 504 when the provider stalls", async () => {
    fake.enqueue("transcriptions", { stall: true }, { stall: true }, { stall: true });
    const started = Date.now();
    await expectError(
      await call(t, "transcribe-audio", { audio: webm.toString("base64") }),
      504,
      "engine_timeout",
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("answers other methods with 405", async () => {
    const res = await t.app.request("/functions/v1/transcribe-audio", {
      headers: { authorization: `Bearer ${subscriber.accessToken}` },
    });
    await expectError(res, 405, "method_not_allowed");
  });
});

type SseEvent = { event: string; data: unknown };

function parseSse(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() && !block.startsWith(":"))
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((l) => l.startsWith("event: "))?.slice(7) ?? "message";
      const data = lines
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      return { event, data: JSON.parse(data) as unknown };
    });
}

describe("generate-interview-answer", () => {
  const question = "Tell me about a time you handled a conflict with a coworker.";

  it("answers with JSON {answer, source} by default", async () => {
    const res = await call(t, "generate-interview-answer", { question });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      answer: fake.answer,
      source: "openai-compatible:gpt-4o-mini",
    });
    const sent = fake.requests[0]!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[1]!.content).toContain(question);
  });

  it("streams server-sent events with stream: true", async () => {
    const res = await call(t, "generate-interview-answer", { question, stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    // A stream carries what every answer does (set before it existed).
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const events = parseSse(await res.text());
    const deltas = events
      .filter((e) => e.event === "message")
      .map((e) => (e.data as { delta: string }).delta);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join("")).toBe(fake.answer);
    expect(events.at(-1)).toEqual({
      event: "done",
      data: { source: "openai-compatible:gpt-4o-mini" },
    });
  });

  it("refuses callers without a token (401) and without Premium (403)", async () => {
    await expectError(
      await call(t, "generate-interview-answer", { question }, { user: null }),
      401,
      "unauthorized",
    );
    await expectError(
      await call(t, "generate-interview-answer", { question }, { user: nonSubscriber }),
      403,
      "subscription_required",
    );
    await expectError(
      await call(
        t,
        "generate-interview-answer",
        { question },
        { user: null, headers: { authorization: "Bearer nonsense" } },
      ),
      401,
      "unauthorized",
    );
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ["a blank question", { question: "   \n " }, "question_required"],
    ["a missing question", {}, "validation_failed"],
    ["a question that is not a string", { question: ["q"] }, "validation_failed"],
    [
      "a question that is too long",
      { question: "why ".repeat(MAX_QUESTION_CHARS) },
      "question_too_long",
    ],
    ["stream that is not a boolean", { question, stream: "yes" }, "validation_failed"],
    ["null", null, "validation_failed"],
  ])("answers %s with 400", async (_label, body, code) => {
    await expectError(await call(t, "generate-interview-answer", body), 400, code);
    expect(fake.requests).toHaveLength(0);
  });

  it("accepts a question of exactly the limit", async () => {
    const res = await call(t, "generate-interview-answer", {
      question: "q".repeat(MAX_QUESTION_CHARS),
    });
    expect(res.status).toBe(200);
  });

  it("refuses an oversized body with 413", async () => {
    await expectError(
      await call(t, "generate-interview-answer", { question: "x".repeat(100_000) }),
      413,
      "payload_too_large",
    );
  });

  it("answers a provider that keeps failing with a JSON 502, even when a stream was asked for", async () => {
    const busy = { status: 429, headers: { "retry-after-ms": "5" } };
    fake.enqueue("chat", busy, busy, busy);
    await expectError(
      await call(t, "generate-interview-answer", { question, stream: true }),
      502,
      "engine_failed",
    );
    expect(fake.requests).toHaveLength(3);
  });

  it("answers at once with 503 and Retry-After when the provider asks to wait past AI_TIMEOUT_MS", async () => {
    for (const stream of [false, true]) {
      fake.reset();
      fake.enqueue("chat", { status: 429, headers: { "retry-after": "20" } });
      const started = Date.now();
      const res = await call(t, "generate-interview-answer", { question, stream });
      expect(Date.now() - started, `stream: ${stream}`).toBeLessThan(900);
      expect(res.headers.get("retry-after")).toBe("20");
      const body = await expectError(res, 503, "engine_unavailable");
      expect(JSON.stringify(body)).toMatch(/try again in 20 seconds/);
      expect(fake.requests).toHaveLength(1);
    }
  });

  it("ends the stream with an error event when the provider stalls mid-answer", async () => {
    fake.enqueue("chat", { stallAfterTokens: 3 });
    const res = await call(t, "generate-interview-answer", { question, stream: true });
    expect(res.status).toBe(200);
    const events = parseSse(await res.text());
    expect(events.filter((e) => e.event === "message")).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({
      event: "error",
      data: { error: { code: "engine_timeout", requestId: res.headers.get("x-request-id") } },
    });
  });

  it("answers 504 JSON when the provider stalls before the first words", async () => {
    fake.enqueue("chat", { stall: true }, { stall: true }, { stall: true });
    await expectError(
      await call(t, "generate-interview-answer", { question }),
      504,
      "engine_timeout",
    );
  });

  it("stops the provider call when the client goes away", async () => {
    fake.tokenDelayMs = 30;
    const res = await call(t, "generate-interview-answer", { question, stream: true });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => fake.abortedRequests, { timeout: 2000 }).toBe(1);
  });
});

describe("a client that goes away", () => {
  it("stops the provider call of a JSON answer and is logged as 499, not a server error", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    );
    // A second instance on the same database (so the subscriber's token works), logging.
    const logged = await createTestApp({ env, database: t.database, logger });
    fake.tokenDelayMs = 50;
    const controller = new AbortController();
    const pending = logged.app.request("/functions/v1/generate-interview-answer", {
      method: "POST",
      headers: {
        authorization: `Bearer ${subscriber.accessToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ question: "Why us?" }),
      signal: controller.signal,
    });
    await expect.poll(() => fake.requests.length).toBe(1);
    setTimeout(() => controller.abort(), 150);
    await expect(pending).rejects.toThrow(/abort/i);
    await expect.poll(() => fake.abortedRequests, { timeout: 2000 }).toBe(1);
    await expect
      .poll(() => lines.find((line) => line.path === "/functions/v1/generate-interview-answer"))
      .toMatchObject({ msg: "request", status: 499 });
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    await logged.close();
  });
});

describe("practice-config", () => {
  it("names the active engines and the limits for a signed-in user", async () => {
    const res = await t.app.request("/functions/v1/practice-config", {
      headers: { authorization: `Bearer ${nonSubscriber.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      transcriber: "openai-compatible:gpt-4o-mini-transcribe",
      answerer: "openai-compatible:gpt-4o-mini",
      limits: {
        maxRecordingSeconds: 120,
        maxAudioBytes: 10 * 1024 * 1024,
        maxQuestionChars: MAX_QUESTION_CHARS,
      },
    });
    await expectError(await t.app.request("/functions/v1/practice-config"), 401, "unauthorized");
  });
});

describe("per-user budgets", () => {
  let limited: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    limited = await createTestApp({
      env: {
        AI_BASE_URL: fake.baseURL,
        RATE_LIMIT_TRANSCRIBE_PER_MINUTE: "2",
        RATE_LIMIT_ANSWER_PER_MINUTE: "2",
      },
    });
    user = await createTestUser(limited);
    await subscribeTestUser(limited, user);
  });
  afterAll(() => limited?.close());

  it("answers 429 with Retry-After once a user spends the minute's budget", async () => {
    const ask = () => call(limited, "generate-interview-answer", { question: "Why us?" }, { user });
    await inOneWindow();
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const res = await ask();
    await expectError(res, 429, "rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Transcription has its own budget.
    const audio = { audio: webm.toString("base64") };
    expect((await call(limited, "transcribe-audio", audio, { user })).status).toBe(200);
  });
});
