import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "@tests/e2e/support/server";
import { startFakeOpenAI, type FakeOpenAI } from "@tests/support/fake-openai";
import { send, signUp, uniqueEmail } from "./support/traffic";

/**
 * The built server against an OpenAI-compatible provider that misbehaves: stalls, stalls
 * mid-stream, 500s, 429s, and a 429 whose Retry-After outlasts AI_TIMEOUT_MS (3 s here). Every
 * call ends within the deadline with the error the contract names (docs/decisions/0066).
 */
const TIMEOUT_MS = 3_000;
const question = "Why do you want to work here?";

let fake: FakeOpenAI;
let server: TestServer;
let auth: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  server = await startTestServer({
    AI_BASE_URL: fake.baseURL,
    AI_TIMEOUT_MS: String(TIMEOUT_MS),
    AI_MAX_RETRIES: "2",
  });
  const user = await signUp(server.url, uniqueEmail("ai", 0));
  const token = (JSON.parse(user.body) as { access_token: string }).access_token;
  auth = { authorization: `Bearer ${token}` };
  // Subscribe through the built-in test checkout, as a user would.
  const checkout = await send(server.url, "/functions/v1/create-checkout", {
    method: "POST",
    headers: auth,
  });
  const { url } = JSON.parse(checkout.body) as { url: string };
  const paid = await fetch(server.url + new URL(url).pathname, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

const answer = (stream: boolean) =>
  send(server.url, "/functions/v1/generate-interview-answer", {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ question, stream }),
  });

describe("a misbehaving AI provider", () => {
  it("answers 504 within the deadline when it stalls", async () => {
    fake.enqueue("chat", { stall: true }, { stall: true }, { stall: true });
    const outcome = await answer(false);
    expect(outcome.status).toBe(504);
    expect(outcome.ms).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it("ends a stream that stalls mid-answer with an error event", async () => {
    fake.enqueue("chat", { stallAfterTokens: 3 });
    const outcome = await answer(true);
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatch(/event: error\ndata: .*engine_timeout/);
    expect(outcome.ms).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it("retries 500s and 429s, then answers", async () => {
    fake.enqueue("chat", { status: 500 }, { status: 429, headers: { "retry-after": "1" } });
    const outcome = await answer(false);
    expect(outcome.status).toBe(200);
    expect(fake.requests).toHaveLength(3);
  });

  it("answers 502 when it keeps failing", async () => {
    const failing = { status: 500, headers: { "retry-after-ms": "10" } };
    fake.enqueue("chat", failing, failing, failing);
    expect((await answer(false)).status).toBe(502);
  });

  it("fails fast, saying when to try again, when Retry-After outlasts the deadline", async () => {
    for (const stream of [false, true]) {
      fake.reset();
      fake.enqueue("chat", { status: 429, headers: { "retry-after": "20" } });
      const outcome = await answer(stream);
      expect(outcome.status).toBe(503);
      expect(outcome.ms).toBeLessThan(1_500);
      expect(JSON.parse(outcome.body)).toMatchObject({
        error: { code: "engine_unavailable", message: expect.stringMatching(/20 seconds/) },
      });
    }
  });
});
