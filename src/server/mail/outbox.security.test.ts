import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@tests/support/test-app";

/**
 * The outbox shows every account email's link and code: only a browser on this machine, asking
 * this server by a loopback name, with no proxy in between, may read it (docs/decisions/0069).
 */
let t: TestApp;
let port: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: "http://localhost:3000" } });
  port = new URL(t.url).port;
});
afterAll(() => t.close());

const outbox = (headers: Record<string, string>) => t.app.request("/outbox", { headers });

describe("the outbox", () => {
  it("opens for this machine by a loopback name at our port", async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `127.8.9.10:${port}`,
      "localhost:3000",
      `LOCALHOST:${port}`,
    ]) {
      const res = await outbox({ host });
      expect(res.status, host).toBe(200);
      expect(await res.text(), host).toContain("<h1>Outbox</h1>");
    }
  });

  it("is not there for any other Host (DNS rebinding)", async () => {
    for (const host of [
      "anything.example",
      `anything.example:${port}`,
      `localhost.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `localhost:${Number(port) + 1}`,
      `127.0.0.300:${port}`,
    ]) {
      const res = await outbox({ host });
      expect(res.status, host).toBe(404);
      expect(await res.json(), host).toMatchObject({ error: { code: "not_found" } });
    }
    for (const path of ["/outbox/00000000-0000-4000-8000-000000000000", "/outbox/x/html"]) {
      const res = await t.app.request(path, { headers: { host: "anything.example" } });
      expect(res.status, path).toBe(404);
    }
  });

  it("is not there for a request a proxy passed on", async () => {
    const host = `localhost:${port}`;
    for (const headers of <Record<string, string>[]>[
      { "x-forwarded-for": "127.0.0.1" },
      { "X-Forwarded-Host": `localhost:${port}` },
      { "x-forwarded-proto": "http" },
      { forwarded: "for=127.0.0.1" },
      { "x-real-ip": "127.0.0.1" },
      { via: "1.1 proxy" },
    ]) {
      const res = await outbox({ host, ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(404);
    }
  });
});
