import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBody, limitBody } from "./body-limit";

/**
 * Both paths of limitBody: HTTP/1.1 framing over a real socket, and requests without it (HTTP/2
 * has none; an in-process request stands in for one here).
 */
const app = new Hono();
app.post(
  "/echo",
  limitBody({ maxSize: 16, onError: (c) => c.json({ error: "too large" }, 413) }),
  async (c) => c.json({ hasBody: hasBody(c), text: hasBody(c) ? await c.req.text() : null }),
);

let server: ServerType;
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A raw HTTP/1.1 request, so the test decides the framing headers itself. */
function send(headers: Record<string, string>, chunks: string[]) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method: "POST", path: "/echo", headers },
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

describe("limitBody over HTTP", () => {
  it("lets a bodyless POST through without reading a body", async () => {
    const res = await send({ "content-length": "0" }, []);
    expect(res).toEqual({ status: 200, body: JSON.stringify({ hasBody: false, text: null }) });
  });

  it("passes a body within the limit and refuses a declared larger one unread", async () => {
    expect(JSON.parse((await send({ "content-length": "5" }, ["hello"])).body)).toEqual({
      hasBody: true,
      text: "hello",
    });
    const big = "x".repeat(17);
    expect((await send({ "content-length": "17" }, [big])).status).toBe(413);
  });

  it("counts chunked bodies as they arrive", async () => {
    const small = await send({ "transfer-encoding": "chunked" }, ["ab", "cd"]);
    expect(JSON.parse(small.body)).toEqual({ hasBody: true, text: "abcd" });
    const big = await send({ "transfer-encoding": "chunked" }, ["x".repeat(10), "x".repeat(10)]);
    expect(big.status).toBe(413);
  });
});

describe("limitBody without HTTP/1.x framing", () => {
  it("reads the body whatever the headers say", async () => {
    const small = await app.request("/echo", { method: "POST", body: "hi" });
    expect(await small.json()).toEqual({ hasBody: true, text: "hi" });
    const big = await app.request("/echo", { method: "POST", body: "x".repeat(100) });
    expect(big.status).toBe(413);
    const none = await app.request("/echo", { method: "POST" });
    expect(await none.json()).toEqual({ hasBody: false, text: null });
  });
});
