import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answerDrafts, attempts } from "@/server/db/schema";
import { heardText, type DraftHearing } from "@/server/feedback/answer-drafts";
import {
  feedbackSchema,
  MAX_ANSWER_AUDIO_BYTES,
  MAX_DRAFT_CHUNK_BYTES,
  MAX_TYPED_ANSWER_CHARS,
  type Feedback,
} from "@/shared/feedback";
import { readFixture, silentWebm } from "@tests/support/audio-fixtures";
import { startFakeOpenAI, type FakeOpenAI } from "@tests/support/fake-openai";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { callFunction, expectError, inOneWindow } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";
import { writeWebm } from "@tests/support/webm-writer";

const question = "Tell me about a time you had to meet a tight deadline.";
const typed =
  "In my last job a client moved our deadline forward by a week. I split the work into small " +
  "pieces, checked progress with the team every morning, and we delivered on time. The client " +
  "renewed the contract for another year.";
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const spoken = () => base64(readFixture("answer-deadline.slt"));

const evaluate = (t: TestApp, user: TestUser | null, body: unknown, raw?: string) =>
  callFunction(t, user, "evaluate-answer", body, { raw });

describe("evaluate-answer, offline engines", () => {
  let t: TestApp;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "1000" } });
    subscriber = await createTestUser(t);
    await subscribeTestUser(t, subscriber);
  });
  afterAll(() => t?.close());

  it("scores a typed answer, stores the attempt, and says it was typed", async () => {
    const res = await evaluate(t, subscriber, { question, answer: typed, attemptOf: "s1:q1" });
    expect(res.status).toBe(200);
    const feedback = feedbackSchema.parse(await res.json());
    expect(feedback).toMatchObject({
      transcript: typed,
      source: { transcriber: "typed", evaluator: "offline" },
      delivery: null,
      approximate: false,
    });
    const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, feedback.id));
    expect(row).toMatchObject({
      userId: subscriber.id,
      attemptOf: "s1:q1",
      question,
      overall: feedback.scores.overall,
      transcriber: "typed",
    });
  });

  it("hears a spoken answer offline and measures its delivery from the recording", async () => {
    const res = await evaluate(t, subscriber, { question, audio: spoken() });
    expect(res.status).toBe(200);
    const feedback: Feedback = feedbackSchema.parse(await res.json());
    expect(feedback.source).toEqual({ transcriber: "offline", evaluator: "offline" });
    expect(feedback.transcript.split(" ").length).toBeGreaterThan(20);
    expect(feedback.delivery).not.toBeNull();
    const delivery = feedback.delivery!;
    expect(delivery.durationSeconds).toBeGreaterThan(8);
    expect(delivery.speakingSeconds).toBeLessThanOrEqual(delivery.durationSeconds);
    expect(delivery.wordsPerMinute).toBeGreaterThan(80);
    expect(delivery.wordsPerMinute).toBeLessThan(260);
  });

  it("refuses neither, both, blank and too-long answers with validation_failed", async () => {
    await expectError(await evaluate(t, subscriber, { question }), 400, "validation_failed");
    await expectError(
      await evaluate(t, subscriber, { question, answer: typed, audio: spoken() }),
      400,
      "validation_failed",
    );
    await expectError(
      await evaluate(t, subscriber, { question: " ", answer: typed }),
      400,
      "validation_failed",
    );
    await expectError(
      await evaluate(t, subscriber, { question, answer: "x".repeat(MAX_TYPED_ANSWER_CHARS + 1) }),
      400,
      "validation_failed",
    );
    // Punctuation or marks alone have no words to score (a report on them would be about nothing).
    for (const answer of ["?!", "...", "\u202e\u0301"]) {
      const error = await expectError(
        await evaluate(t, subscriber, { question, answer }),
        400,
        "validation_failed",
      );
      expect(error.details).toEqual([{ path: "answer", message: "answer must have words in it" }]);
    }
    await expectError(await evaluate(t, subscriber, null, "{not json"), 400, "bad_json");
  });

  it("refuses audio that is not WebM/Opus, holds no speech, or runs past 3 minutes", async () => {
    const wav = base64(readFixture("answer-deadline.slt", "wav"));
    await expectError(
      await evaluate(t, subscriber, { question, audio: wav }),
      415,
      "unsupported_audio_format",
    );
    await expectError(
      await evaluate(t, subscriber, { question, audio: base64(silentWebm()) }),
      422,
      "unrecognised_speech",
    );
    // 190 s of 20 ms silent packets: refused from the container, before any decoding.
    const long = writeWebm(Array.from({ length: 9500 }, () => Uint8Array.of(0xf8)));
    await expectError(
      await evaluate(t, subscriber, { question, audio: base64(long) }),
      422,
      "recording_too_long",
    );
    await expectError(
      await evaluate(t, subscriber, { question, audio: "not base64!" }),
      400,
      "invalid_base64",
    );
  });

  it("refuses a body over the limit before reading it", async () => {
    const huge = "A".repeat(9 * 1024 * 1024);
    await expectError(
      await evaluate(t, subscriber, { question, audio: huge }),
      413,
      "payload_too_large",
    );
  });

  it("is for signed-in subscribers only", async () => {
    await expectError(await evaluate(t, null, { question, answer: typed }), 401, "unauthorized");
    const other = await createTestUser(t);
    await expectError(
      await evaluate(t, other, { question, answer: typed }),
      403,
      "subscription_required",
    );
  });
});

function draft(t: TestApp, user: TestUser | null, body: unknown) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (user) headers.authorization = `Bearer ${user.accessToken}`;
  return t.request("/functions/v1/answer-draft", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The recording in `pieces` chunks cut anywhere, as MediaRecorder's are. */
function chunksOf(bytes: Uint8Array, pieces: number): string[] {
  const size = Math.ceil(bytes.length / pieces);
  return Array.from({ length: pieces }, (_, k) => base64(bytes.subarray(k * size, (k + 1) * size)));
}

describe("answer-draft: an answer heard while it is spoken", () => {
  let t: TestApp;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "1000", RATE_LIMIT_ANSWER_DRAFT_PER_MINUTE: "1000" },
    });
    subscriber = await createTestUser(t);
    await subscribeTestUser(t, subscriber);
  });
  afterAll(() => t?.close());

  it("takes the chunks in order and scores the answer exactly as if it came whole", async () => {
    const bytes = readFixture("answer-deadline.slt");
    const whole = feedbackSchema.parse(
      await (await evaluate(t, subscriber, { question, audio: base64(bytes) })).json(),
    );
    const chunks = chunksOf(bytes, 5);
    for (const [seq, chunk] of chunks.entries()) {
      const res = await draft(t, subscriber, {
        draft: "rec-1",
        seq,
        chunk,
        question,
        done: seq === chunks.length - 1,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ drafting: true });
    }
    const drafted = feedbackSchema.parse(
      await (await evaluate(t, subscriber, { question, audio: base64(bytes) })).json(),
    );
    expect(drafted.transcript).toBe(whole.transcript);
    expect(drafted.delivery).toEqual(whole.delivery);
    expect(drafted.scores).toEqual(whole.scores);
  }, 180_000); // two answers through the recogniser, and the job queue starting on the first

  it("hears, at a pause, the sentence the pause closed, and says whether the answer is finished", async () => {
    const whole = feedbackSchema.parse(
      await (await evaluate(t, subscriber, { question, audio: spoken() })).json(),
    );
    const recording = readFixture("answer-deadline.slt");
    const chunks = chunksOf(recording, 12);
    const thoughts: unknown[] = [];
    for (const [seq, chunk] of chunks.entries()) {
      const res = await draft(t, subscriber, {
        draft: "rec-listen",
        seq,
        chunk,
        question,
        listen: true,
      });
      expect(res.status).toBe(200);
      thoughts.push(((await res.json()) as { thought?: string }).thought);
    }
    // Nothing heard at first. The recording ends in a pause, which closes its last sentence ("and
    // we delivered on time"): heard by then, not only once more speech follows. finishedThought's
    // reading of the words is tested in src/server/sessions/follow-up.test.ts.
    expect(thoughts[0]).toBeUndefined();
    const heard = await draftHeard(t, subscriber.id, { bytes: recording.length, upTo: "paused" });
    expect(heardText(heard)).toContain(whole.transcript.split(" ").slice(-2).join(" "));
  }, 180_000);

  it("answers 409 to a chunk out of order, and a new recording starts at chunk 0", async () => {
    const [first, second] = chunksOf(readFixture("answer-feedback.awb"), 3);
    const body = { draft: "rec-2", question };
    expect((await draft(t, subscriber, { ...body, seq: 0, chunk: first })).status).toBe(200);
    await expectError(
      await draft(t, subscriber, { ...body, seq: 2, chunk: second }),
      409,
      "conflict",
    );
    await expectError(
      await draft(t, subscriber, { ...body, draft: "other", seq: 1, chunk: second }),
      409,
      "conflict",
    );
    // Nobody else's chunk lands on this user's recording.
    const other = await createTestUser(t);
    await subscribeTestUser(t, other);
    await expectError(await draft(t, other, { ...body, seq: 1, chunk: second }), 409, "conflict");
    expect((await draft(t, subscriber, { ...body, seq: 1, chunk: second })).status).toBe(200);
  });

  it("refuses malformed chunks, oversized bodies, other methods and the signed-out", async () => {
    const chunk = base64(Uint8Array.from([1, 2, 3]));
    const valid = { draft: "rec-3", seq: 0, chunk, question };
    for (const bad of [
      { ...valid, chunk: "not base64!" },
      { ...valid, chunk: "" },
      { ...valid, seq: -1 },
      { ...valid, seq: 1.5 },
      { ...valid, draft: "" },
      { ...valid, question: " " },
      { ...valid, done: "yes" },
      { seq: 0, chunk, question },
      [],
    ]) {
      await expectError(await draft(t, subscriber, bad), 400, "validation_failed");
    }
    await expectError(await draft(t, subscriber, "{"), 400, "bad_json");
    await expectError(
      await draft(t, subscriber, { ...valid, chunk: "A".repeat(2 * 1024 * 1024) }),
      413,
      "payload_too_large",
    );
    const get = await t.request("/functions/v1/answer-draft", {
      headers: { authorization: `Bearer ${subscriber.accessToken}` },
    });
    await expectError(get, 405, "method_not_allowed");
    await expectError(await draft(t, null, valid), 401, "unauthorized");
    // Without Premium, only while a free answer is left (free-answers.security.test.ts).
    expect((await draft(t, await createTestUser(t), valid)).status).toBe(200);
  });

  it("answers 413 once a recording's chunks add up past the answer's size limit", async () => {
    const chunk = base64(new Uint8Array(MAX_DRAFT_CHUNK_BYTES));
    const chunks = Math.floor(MAX_ANSWER_AUDIO_BYTES / MAX_DRAFT_CHUNK_BYTES);
    for (let seq = 0; seq < chunks; seq++) {
      expect((await draft(t, subscriber, { draft: "big", seq, chunk, question })).status).toBe(200);
    }
    await expectError(
      await draft(t, subscriber, { draft: "big", seq: chunks, chunk, question }),
      413,
      "payload_too_large",
    );
  });
});

/**
 * The user's draft once a worker has heard `bytes` of it as far as `upTo`. (Waiting for the queue
 * to empty is not enough: the last chunk's job is sent after its answer, and may not be there yet.)
 */
async function draftHeard(
  t: TestApp,
  userId: string,
  expected: Pick<DraftHearing, "bytes" | "upTo">,
) {
  const heard = async () => {
    const [row] = await t.database.db
      .select({ heard: answerDrafts.heard })
      .from(answerDrafts)
      .where(eq(answerDrafts.userId, userId));
    return row?.heard;
  };
  await expect.poll(heard, { timeout: 120_000, interval: 200 }).toMatchObject(expected);
  return (await heard())!;
}

describe("answer-draft behind web and worker processes (docs/decisions/0150)", () => {
  it("takes a recording's chunks at any instance, and a worker elsewhere hears and finishes it", async () => {
    const env = {
      RATE_LIMIT_EVALUATE_PER_MINUTE: "1000",
      RATE_LIMIT_ANSWER_DRAFT_PER_MINUTE: "1000",
    };
    // One process that serves and works, and one that only serves, on one database (the URL
    // only satisfies ROLE=web's configuration: the database handle is the first one's).
    const worker = await createTestApp({ env });
    const web = await createTestApp({
      database: worker.database,
      env: { ...env, ROLE: "web", DATABASE_URL: "postgres://127.0.0.1:5432/shared" },
    });
    try {
      const user = await createTestUser(web);
      await subscribeTestUser(web, user);
      const bytes = readFixture("answer-deadline.slt");
      const whole = feedbackSchema.parse(
        await (await evaluate(worker, user, { question, audio: base64(bytes) })).json(),
      );
      const chunks = chunksOf(bytes, 4);
      for (const [seq, chunk] of chunks.entries()) {
        const res = await draft(seq % 2 ? worker : web, user, {
          draft: "rec-apart",
          seq,
          chunk,
          question,
          done: seq === chunks.length - 1,
        });
        expect(await res.json()).toEqual({ drafting: true });
      }
      const heard = await draftHeard(web, user.id, { bytes: bytes.length, upTo: "stopped" });
      expect(heardText(heard)).toBe(whole.transcript);
      // The answer reaches the web process; the worker takes the draft and finishes from it.
      const drafted = feedbackSchema.parse(
        await (await evaluate(web, user, { question, audio: base64(bytes) })).json(),
      );
      expect(drafted.transcript).toBe(whole.transcript);
      expect(drafted.scores).toEqual(whole.scores);
      expect(
        await web.database.db.select().from(answerDrafts).where(eq(answerDrafts.userId, user.id)),
      ).toHaveLength(0);
    } finally {
      await web.close();
      await worker.close();
    }
  }, 240_000);
});

describe("evaluate-answer, per-user budget", () => {
  it("answers 429 with Retry-After once the minute's budget is spent", async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "1" } });
    try {
      const user = await createTestUser(t);
      await subscribeTestUser(t, user);
      await inOneWindow();
      expect((await evaluate(t, user, { question, answer: typed })).status).toBe(200);
      const res = await evaluate(t, user, { question, answer: typed });
      await expectError(res, 429, "rate_limited");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});

describe("evaluate-answer, OpenAI-compatible engines", () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let subscriber: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      transcript: "In my last job we had a tight deadline, um, so I split the work up.",
      transcriptSeconds: 6,
    });
    t = await createTestApp({
      env: {
        AI_BASE_URL: fake.baseURL,
        AI_TIMEOUT_MS: "2000",
        RATE_LIMIT_EVALUATE_PER_MINUTE: "1000",
      },
    });
    subscriber = await createTestUser(t);
    await subscribeTestUser(t, subscriber);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it("transcribes with word timestamps, then asks the chat model with a JSON schema", async () => {
    const res = await evaluate(t, subscriber, { question, audio: spoken() });
    expect(res.status).toBe(200);
    const feedback = feedbackSchema.parse(await res.json());
    expect(feedback.source).toEqual({ transcriber: "openai", evaluator: "openai" });
    expect(feedback.scores.overall).toBe(4.2);
    expect(feedback.delivery!.fillerWords.words).toMatchObject({ um: 1 });
    const [transcription, chat] = fake.requests;
    expect(transcription!.body).toMatchObject({ response_format: "verbose_json" });
    expect(JSON.stringify(transcription!.body)).toContain("word");
    expect(chat!.body).toMatchObject({
      response_format: { type: "json_schema", json_schema: { strict: true } },
    });
    // The model is given our measured delivery figures, never asked for them.
    expect(JSON.stringify(chat!.body.messages)).toContain("measuredDelivery");
  });

  it("passes on the model's follow-up in an AI Interviewer session, and only there", async () => {
    const res = await t.request("/functions/v1/start-session", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${subscriber.accessToken}`,
      },
      body: JSON.stringify({ mode: "interview", role: "sales", level: "mid", length: 3 }),
    });
    const session = (await res.json()) as { id: string; questions: { question: string }[] };
    const inSession = feedbackSchema.parse(
      await (
        await evaluate(t, subscriber, {
          question: session.questions[1]!.question,
          answer: typed,
          attemptOf: `${session.id}:1`,
        })
      ).json(),
    );
    expect(inSession.followUp).toBe("How did the release go in the end?");
    const own = feedbackSchema.parse(
      await (await evaluate(t, subscriber, { question, answer: typed })).json(),
    );
    expect(own.followUp).toBeNull();
    const chat = fake.requests.find((r) => r.route === "chat")!;
    expect(JSON.stringify(chat.body)).toContain('"followUp"');
  });

  it("has the model write a company session's questions from the job post", async () => {
    const start = () =>
      t.request("/functions/v1/start-session", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${subscriber.accessToken}`,
        },
        body: JSON.stringify({
          mode: "company",
          company: "Acme",
          role: "data-analyst",
          jobPost: "You will write SQL daily and build dashboards for stakeholder management.",
        }),
      });
    const written = [
      "Tell me about a time your analysis changed a decision.",
      "How would you check a dashboard's numbers before sharing it?",
    ];
    fake.enqueue("chat", { content: JSON.stringify({ questions: written }) });
    const session = (await (await start()).json()) as {
      questions: { question: string; source: string; index: number }[];
    };
    const fromPost = session.questions.filter((q) => q.source === "job-post");
    expect(fromPost.map((q) => q.question)).toEqual(written);
    expect(session.questions.map((q) => q.index)).toEqual([...session.questions.keys()]);
    const chat = fake.requests.find((r) => r.route === "chat")!;
    expect(chat.body).toMatchObject({
      response_format: { type: "json_schema", json_schema: { name: "job_post_questions" } },
    });
    // A model that answers nonsense twice leaves the offline questions: the session still starts.
    fake.enqueue("chat", { content: "not json" }, { content: '{"questions": []}' });
    const fallback = (await (await start()).json()) as { questions: { source: string }[] };
    expect(fallback.questions.some((q) => q.source === "job-post")).toBe(true);
  });

  it("takes no drafts: the cloud engine hears whole answers", async () => {
    const chunk = base64(readFixture("answer-deadline.slt").subarray(0, 1000));
    const res = await draft(t, subscriber, { draft: "r", seq: 0, chunk, question });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ drafting: false });
    expect(fake.requests).toHaveLength(0);
  });

  it("falls back to a plain transcript when the model has no word timestamps", async () => {
    fake.wordTimestamps = false;
    const res = await evaluate(t, subscriber, { question, audio: spoken() });
    expect(res.status).toBe(200);
    const bodies = fake.requests.filter((r) => r.route === "transcriptions").map((r) => r.body);
    expect(bodies.map((b) => b.response_format)).toEqual(["verbose_json", "json"]);
  });

  it("asks once more when the feedback does not match the schema, then answers 502", async () => {
    fake.enqueue("chat", { content: "not json" });
    expect((await evaluate(t, subscriber, { question, answer: typed })).status).toBe(200);
    expect(fake.requests.filter((r) => r.route === "chat")).toHaveLength(2);
    fake.reset();
    fake.enqueue("chat", { content: "{}" }, { content: '{"scores": 9}' });
    await expectError(
      await evaluate(t, subscriber, { question, answer: typed }),
      502,
      "engine_failed",
    );
  });
});
