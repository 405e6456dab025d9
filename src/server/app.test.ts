import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./db/client";
import { loadSpaAssets } from "./static";
import { createTestApp, type TestApp } from "@tests/support/test-app";

describe("health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers ok when the database is reachable", async () => {
    const res = await t.app.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers 503 when the database is not reachable", async () => {
    const broken: DatabaseHandle = {
      ...t.database,
      ping: () => Promise.reject(new Error("connection refused")),
    };
    const other = await createTestApp({ database: broken });
    const res = await other.app.request("/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.request("/functions/v1/nope", { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: {
        code: "not_found",
        message: "Not found",
        requestId: res.headers.get("x-request-id"),
      },
    });
  });
});

describe("single-page app", () => {
  let t: TestApp;
  let dir: string;
  const script = `console.log(${JSON.stringify("x".repeat(2000))});`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "ic-spa-"));
    await mkdir(path.join(dir, "assets"));
    await writeFile(path.join(dir, "index.html"), "<html><head></head><body></body></html>");
    await writeFile(path.join(dir, "assets", "main-abc123.js"), script);
    await writeFile(path.join(dir, "robots.txt"), "User-agent: *\n");
    const spa = await loadSpaAssets(dir);
    t = await createTestApp({
      spa,
      appConfig: { url: "http://localhost:3000", note: "</script>" },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves index.html for client routes, uncached, with the runtime config embedded", async () => {
    for (const route of ["/", "/practice", "/some/unknown/path"]) {
      const res = await t.app.request(route);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("content-type")).toContain("text/html");
      const html = await res.text();
      const config = html.match(/<script id="app-config" type="application\/json">(.*?)<\/script>/);
      expect(JSON.parse(config![1]!)).toEqual({ url: "http://localhost:3000", note: "</script>" });
    }
  });

  it("serves hashed assets with long-lived caching", async () => {
    const res = await t.app.request("/assets/main-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe(script);
  });

  it("compresses index.html when the browser accepts it", async () => {
    const res = await t.app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(html).toContain('id="app-config"');
    const br = await t.app.request("/", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
  });

  it("answers a missing asset with 404 rather than the page", async () => {
    const res = await t.app.request("/assets/missing-123.js");
    expect(res.status).toBe(404);
  });

  it("keeps unhashed public files on short caching", async () => {
    const res = await t.app.request("/robots.txt");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });
});
