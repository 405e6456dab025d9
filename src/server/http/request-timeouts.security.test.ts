import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@tests/support/test-app";

/**
 * A client cannot hold a connection by sending a request slowly (docs/decisions/0079): headers
 * and a stalled body are cut off after the configured time, while an upload that keeps coming
 * is read to the end. Short limits here; production's are HEADERS_TIMEOUT_MS=20 s,
 * REQUEST_TIMEOUT_MS=120 s and BODY_IDLE_TIMEOUT_MS=30 s.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "4000", BODY_IDLE_TIMEOUT_MS: "500" },
  });
});
afterAll(() => t.close());

async function open(): Promise<Socket> {
  const socket = connect(Number(new URL(t.url).port), "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  socket.on("error", () => {});
  return socket;
}

/** Milliseconds until the server closes `socket` (or `limit`, if it never does). */
function closedAfter(socket: Socket, limit: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(limit);
    }, limit);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
    socket.resume();
  });
}

const head = (length: number) =>
  "POST /auth/v1/token?grant_type=password HTTP/1.1\r\nhost: 127.0.0.1\r\n" +
  `content-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error envelope of a raw HTTP answer. */
const envelope = (answer: string) =>
  JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { error: { code: string } };

/** Writes `request` on a new connection; the whole answer once the server has closed it. */
async function answerTo(request: string): Promise<string> {
  const socket = await open();
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
  socket.write(request);
  await closedAfter(socket, 5_000);
  return answer;
}

describe("slow requests", () => {
  it("closes a connection whose body stops part-way, unauthenticated", async () => {
    const socket = await open();
    socket.write(head(1000) + '{"email":"someone@example.com",');
    expect(await closedAfter(socket, 5_000)).toBeLessThan(1_500);
  });

  it("closes a connection whose headers never end", async () => {
    const socket = await open();
    socket.write("GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\n");
    expect(await closedAfter(socket, 5_000)).toBeLessThan(2_500);
  });

  it("answers 408 to a body that trickles in for longer than the whole request may take", async () => {
    const socket = await open();
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(head(1000));
    const trickle = setInterval(() => socket.writable && socket.write(" "), 250);
    try {
      expect(await closedAfter(socket, 8_000)).toBeLessThan(6_000);
    } finally {
      clearInterval(trickle);
    }
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelope(answer).error.code).toBe("request_timeout");
  });

  it("reads a slow upload that keeps coming to the end", async () => {
    const body = JSON.stringify({ email: "someone@example.com", password: "x".repeat(40) });
    const socket = await open();
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(head(body.length));
    // one piece every 300 ms, over twice the idle limit in all
    for (let i = 0; i < body.length; i += 16) {
      await pause(300);
      socket.write(body.slice(i, i + 16));
    }
    await pause(500);
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /); // invalid credentials: the body was read
    expect(answer).toContain("invalid_credentials");
  });
});

/**
 * Node answers some requests before the app sees them; those answers carry the API's error
 * envelope like every other (Node's own have no body).
 */
describe("requests the HTTP server refuses itself", () => {
  it("answers headers over Node's 16 KB with 431 and a JSON body", async () => {
    const answer = await answerTo(
      `GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain("Content-Type: application/json");
    expect(envelope(answer).error.code).toBe("headers_too_large");
  });

  it("answers a request that is not HTTP with 400 and a JSON body", async () => {
    const answer = await answerTo("HELLO THERE\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelope(answer).error.code).toBe("bad_request");
  });
});
