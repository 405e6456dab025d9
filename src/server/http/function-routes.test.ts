import { request as http1Request } from "node:http";
import { connect, createServer } from "node:http2";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, sendError } from "./errors";
import { functionBodyLimit } from "./function-routes";

/**
 * The functions' body limit whatever the framing: a declared `Content-Length`, a chunked
 * HTTP/1.1 body (counted as it arrives), and an HTTP/2 body with no length at all — a missing
 * length must never mean "no limit".
 */
const app = new Hono();
app.post("/echo", functionBodyLimit(16), async (c) => c.json({ text: await c.req.text() }));
app.onError((error, c) =>
  error instanceof ApiError ? sendError(c, error) : c.json({ error: String(error) }, 500),
);

const servers: ServerType[] = [];
const listen = (options: { createServer?: typeof createServer } = {}) =>
  new Promise<number>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", ...options }, () =>
      resolve((server.address() as AddressInfo).port),
    );
    servers.push(server);
  });
let http1Port: number;
let http2Port: number;
beforeAll(async () => {
  http1Port = await listen();
  http2Port = await listen({ createServer });
});
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

type Answer = { status: number; body: string };

/** An HTTP/1.1 request whose framing headers the test chooses, its body sent in `chunks`. */
function overHttp1(headers: Record<string, string>, chunks: string[]) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http1Request(
      { host: "127.0.0.1", port: http1Port, method: "POST", path: "/echo", headers, agent: false },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** An HTTP/2 request with no `Content-Length`, its body sent in `chunks`. */
function overHttp2(chunks: string[]) {
  return new Promise<Answer>((resolve, reject) => {
    const session = connect(`http://127.0.0.1:${http2Port}`);
    session.on("error", reject);
    const stream = session.request({ ":method": "POST", ":path": "/echo" });
    let status = 0;
    let body = "";
    stream.on("response", (headers) => (status = Number(headers[":status"])));
    stream.on("data", (chunk: Buffer) => (body += chunk.toString()));
    stream.on("end", () => {
      session.close();
      resolve({ status, body });
    });
    stream.on("error", reject);
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
  });
}

const text = (answer: Answer) => (JSON.parse(answer.body) as { text: string }).text;
const code = (answer: Answer) =>
  (JSON.parse(answer.body) as { error: { code: string } }).error.code;

describe("functionBodyLimit", () => {
  it("passes a body within the limit, with a length or chunked", async () => {
    expect(text(await overHttp1({ "content-length": "5" }, ["hello"]))).toBe("hello");
    expect(text(await overHttp1({ "transfer-encoding": "chunked" }, ["ab", "cd"]))).toBe("abcd");
    expect(text(await overHttp1({ "content-length": "0" }, []))).toBe("");
  });

  it("refuses a declared length over the limit with the functions' 413", async () => {
    const refused = await overHttp1({ "content-length": "17" }, ["x".repeat(17)]);
    expect(refused.status).toBe(413);
    expect(code(refused)).toBe("payload_too_large");
  });

  it("counts a chunked body as it arrives", async () => {
    const refused = await overHttp1({ "transfer-encoding": "chunked" }, [
      "x".repeat(10),
      "x".repeat(10),
    ]);
    expect(refused.status).toBe(413);
    expect(code(refused)).toBe("payload_too_large");
  });

  it("counts an HTTP/2 body that declares no length", async () => {
    expect(text(await overHttp2(["hi", "!"]))).toBe("hi!");
    const refused = await overHttp2(["x".repeat(10), "x".repeat(10)]);
    expect(refused.status).toBe(413);
    expect(code(refused)).toBe("payload_too_large");
  });
});
