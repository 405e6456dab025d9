import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";

/**
 * Over real HTTP, the headers middlewares set with `c.header()` before the answer exists (request
 * id, API version, Vary, Cache-Control) reach every answer — successes, errors, 404s and streams —
 * and the request log still carries the request id.
 */
const lines: Record<string, unknown>[] = [];
let t: TestApp;
let url: string;

beforeAll(async () => {
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  t = await createTestApp({ logger });
  url = t.url;
});
afterAll(() => t.close());

describe("response headers over HTTP", () => {
  it("gives every answer a request id, and logs it", async () => {
    const ok = await fetch(`${url}/health`);
    const id = ok.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toContainEqual(
      expect.objectContaining({ reqId: id, path: "/health", status: 200, msg: "request" }),
    );
    const missing = await fetch(`${url}/functions/v1/nope`, { method: "POST" });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a well-formed incoming request id and replaces any other", async () => {
    const kept = await fetch(`${url}/health`, { headers: { "x-request-id": "edge-123_abc" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-123_abc");
    const replaced = await fetch(`${url}/health`, { headers: { "x-request-id": "a b<c>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("marks auth answers with the API version and Vary, errors included", async () => {
    for (const res of [
      await fetch(`${url}/auth/v1/health`),
      await fetch(`${url}/auth/v1/user`, { headers: { authorization: "Bearer nonsense" } }),
    ]) {
      expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
      expect(res.headers.get("vary")).toContain("Origin");
    }
  });

  it("keeps check-subscription answers out of caches", async () => {
    const user = await createTestUser(t);
    const res = await fetch(`${url}/functions/v1/check-subscription`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ subscribed: false });
  });
});
