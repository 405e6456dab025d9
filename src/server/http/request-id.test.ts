import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";
import { startFakeOpenAI, type FakeOpenAI } from "@tests/support/fake-openai";
import { callFunction, expectError } from "@tests/support/functions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * An error names its request: the envelope's `requestId` is the answer's `X-Request-Id` and the
 * `reqId` of the request's log line, and of the line a 5xx writes, so a report of a failure can
 * be found in the logs. /auth/v1 keeps GoTrue's body and carries the header too.
 */
type LogLine = Record<string, unknown> & { msg: string; reqId?: string };
const lines: LogLine[] = [];
let fake: FakeOpenAI;
let t: TestApp;
let subscriber: TestUser;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as LogLine);
        done();
      },
    }),
  );
  t = await createTestApp({ logger, env: { AI_BASE_URL: fake.baseURL, AI_MAX_RETRIES: "0" } });
  subscriber = await createTestUser(t);
  await subscribeTestUser(t, subscriber);
});
afterAll(() => Promise.all([t?.close(), fake?.close()]));

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

describe("request ids in errors", () => {
  it("puts the same id in the envelope, the header and the request's log line", async () => {
    const error = await expectError(
      await callFunction(t, subscriber, "get-attempt", { id: "nope" }),
      400,
      "validation_failed",
    );
    expect(error.details).toBeDefined();
    expect(linesOf(error.requestId!)).toContainEqual(
      expect.objectContaining({ msg: "request", status: 400, path: "/functions/v1/get-attempt" }),
    );
  });

  it("keeps an id a proxy in front passed on, in the body too", async () => {
    const res = await callFunction(
      t,
      null,
      "progress",
      {},
      { headers: { "x-request-id": "edge-7" } },
    );
    expect((await expectError(res, 401, "unauthorized")).requestId).toBe("edge-7");
  });

  it("logs a 5xx with the id the answer carries", async () => {
    fake.enqueue("chat", { status: 500 });
    const res = await callFunction(t, subscriber, "generate-interview-answer", {
      question: "Why do you want this job?",
    });
    const error = await expectError(res, 502, "engine_failed");
    expect(linesOf(error.requestId!)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: "server error answered", code: "engine_failed" }),
        expect.objectContaining({ msg: "request", status: 502 }),
      ]),
    );
  });

  it("gives /auth/v1 errors the header, in GoTrue's own shape", async () => {
    const res = await t.request("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "not-the-password" }),
    });
    expect(res.status).toBe(400);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toMatchObject({
      error_code: "invalid_credentials",
      msg: expect.any(String),
    });
    expect(linesOf(id!)).toContainEqual(expect.objectContaining({ msg: "request", status: 400 }));
  });
});
