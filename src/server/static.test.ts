import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { loadSpaAssets, type SpaAssets } from "./static";

/**
 * The large files of the build (the interviewer's speech detector: its WebAssembly and model) are
 * served from disk rather than from memory, with the same bytes, encodings and caching as the rest.
 */
describe("large static files", () => {
  let dir: string;
  let spa: SpaAssets;
  let t: TestApp;
  // Random bytes do not compress: the .gz is as large, so it stays on disk too.
  const wasm = randomBytes(3 * 1024 * 1024);
  const wasmGzip = gzipSync(wasm);
  const small = "console.log('small');".repeat(40);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "ic-static-"));
    await mkdir(path.join(dir, "assets"));
    await writeFile(path.join(dir, "index.html"), "<html><head></head><body></body></html>");
    await writeFile(path.join(dir, "assets", "ort-abc123.wasm"), wasm);
    await writeFile(path.join(dir, "assets", "ort-abc123.wasm.gz"), wasmGzip);
    await writeFile(path.join(dir, "assets", "main-abc123.js"), small);
    spa = (await loadSpaAssets(dir))!;
    t = await createTestApp({ spa });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("holds small files in memory and leaves large ones on disk", () => {
    expect(Buffer.isBuffer(spa.files.get("/assets/main-abc123.js")!.body)).toBe(true);
    const large = spa.files.get("/assets/ort-abc123.wasm")!;
    expect(Buffer.isBuffer(large.body)).toBe(false);
    expect(Buffer.isBuffer(large.gzip)).toBe(false);
  });

  it("streams a large file whole, with its length, type and a year's caching", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await t.app.request("/assets/ort-abc123.wasm", { method });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/wasm");
      expect(res.headers.get("content-length")).toBe(String(wasm.length));
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(method === "GET" ? wasm : Buffer.alloc(0))).toBe(true);
    }
  });

  it("streams the pre-compressed copy to a browser that accepts it", async () => {
    const res = await t.app.request("/assets/ort-abc123.wasm", {
      headers: { "accept-encoding": "gzip, deflate" },
    });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("content-length")).toBe(String(wasmGzip.length));
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(Buffer.from(await res.arrayBuffer()).equals(wasmGzip)).toBe(true);
  });
});
