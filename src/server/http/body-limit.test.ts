import { connect, type AddressInfo, type Socket } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit } from "./body-limit";

/**
 * What a refused body leaves of its connection, on a real HTTP/1.1 server over a raw socket: a
 * client that keeps connections alive sends its next request on the same one.
 */
const app = new Hono();
app.post(
  "/echo",
  bodyLimit(16, (c) => c.json({ refused: true }, 413)),
  async (c) => c.json({ text: await c.req.text() }),
);

let server: ServerType;
let port: number;
beforeAll(
  () =>
    new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    }),
);
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A connection on which requests are written by hand and answers read one at a time. */
async function rawConnection() {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  let closed = false;
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  socket.on("close", () => (closed = true));
  socket.on("error", () => {});
  return {
    socket,
    get closed() {
      return closed;
    },
    /** The next whole answer (its body has a declared length): status line, headers, body. */
    async answer() {
      for (;;) {
        const headEnd = received.indexOf("\r\n\r\n");
        const length = /content-length: (\d+)/i.exec(received.slice(0, headEnd));
        if (headEnd >= 0 && length && received.length >= headEnd + 4 + Number(length[1])) {
          const end = headEnd + 4 + Number(length[1]);
          const [head, body] = [received.slice(0, headEnd), received.slice(headEnd + 4, end)];
          received = received.slice(end);
          return { head: head.toLowerCase(), body };
        }
        if (closed) throw new Error("the connection closed before an answer");
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

const post = (headers: string, body: string) =>
  `POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\n${headers}\r\n${body}`;

describe("bodyLimit", () => {
  it("refuses a declared length over the limit and keeps the connection for the next request", async () => {
    const connection = await rawConnection();
    const big = "x".repeat(200_000);
    connection.socket.write(post(`Content-Length: ${big.length}\r\n`, big));
    const refused = await connection.answer();
    expect(refused.head).toMatch(/^http\/1\.1 413/);
    expect(refused.head).not.toContain("connection: close");

    // The server goes on reading (and dropping) the body it refused; it used to give up after
    // half a second and close the connection under the client's next request.
    await new Promise((resolve) => setTimeout(resolve, 800));
    connection.socket.write(post("Content-Length: 5\r\n", "hello"));
    const next = await connection.answer();
    expect(next.head).toMatch(/^http\/1\.1 200/);
    expect(JSON.parse(next.body)).toEqual({ text: "hello" });
    connection.socket.destroy();
  });

  it("says the connection closes when a body without a length grows past the limit", async () => {
    const connection = await rawConnection();
    const chunk = "x".repeat(10);
    const chunked = `a\r\n${chunk}\r\na\r\n${chunk}\r\n`;
    connection.socket.write(post("Transfer-Encoding: chunked\r\n", chunked));
    const refused = await connection.answer();
    expect(refused.head).toMatch(/^http\/1\.1 413/);
    expect(refused.head).toContain("connection: close");
    connection.socket.destroy();
  });
});
