import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/** A client that hangs up half-way through its body is not a database outage. */
let t: TestApp;
let user: TestUser;
const lines: { level: string; msg: string }[] = [];
beforeAll(async () => {
  const logger = createLogger("debug", {
    write: (line: string) => void lines.push(JSON.parse(line) as { level: string; msg: string }),
  });
  t = await createTestApp({ logger });
  user = await createTestUser(t);
});
afterAll(() => t.close());

/** Sends the head and half of a declared body, then hangs up; waits for the server to log it. */
async function hangUpMidBody(path: string, headers: Record<string, string> = {}) {
  const { port } = new URL(t.url);
  const socket = connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  const head = Object.entries({ ...headers, "content-type": "application/json" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.write(
    `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-length: 1000\r\n${head}\r\n`,
  );
  socket.write(`{"email":"someone@example.com","password":"`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe("a client that hangs up mid-body", () => {
  it.each([
    ["/auth/v1/token?grant_type=password", false],
    ["/functions/v1/delete-account", true],
  ])("%s is logged as aborted, not as an unreachable database", async (path, signedIn) => {
    lines.length = 0;
    await hangUpMidBody(path, signedIn ? { authorization: `Bearer ${user.accessToken}` } : {});
    const messages = lines.map((line) => `${line.level}: ${line.msg}`);
    expect(messages.join("\n")).not.toMatch(/database unreachable|failed|unhandled/);
    expect(lines.filter((line) => line.level === "warn" || line.level === "error")).toEqual([]);
    expect(messages.some((m) => /aborted/.test(m))).toBe(true);
  });
});
