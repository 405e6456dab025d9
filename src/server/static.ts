import { createReadStream, existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * The built SPA, read into memory once at start-up (a few hundred KB), except its few large files
 * — the interviewer's speech detector: 14 MB of WebAssembly, a 2.3 MB model — which are read from
 * disk at each request, so the web process does not hold them. Vite writes a `.br` and a `.gz`
 * beside every compressible file at build time, so requests never compress on the fly.
 */
export type StaticFile = {
  body: StaticBody;
  br?: StaticBody;
  gzip?: StaticBody;
  type: string;
  /** Hashed file names never change content, so they can be cached for a year. */
  immutable: boolean;
};

/** A file's bytes in memory, or where it is on disk. */
export type StaticBody = Buffer | { path: string; size: number };

/** Larger files (every encoding of them) stay on disk. */
const IN_MEMORY_MAX_BYTES = 1024 * 1024;

export type SpaAssets = {
  files: Map<string, StaticFile>;
  /** index.html as built, before the runtime config is injected. */
  indexHtml: string;
};

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  ".map": "application/json; charset=utf-8",
};

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export async function loadSpaAssets(dir: string): Promise<SpaAssets | null> {
  if (!existsSync(path.join(dir, "index.html"))) return null;
  const files = new Map<string, StaticFile>();
  const all = await listFiles(dir);
  const present = new Set(all);
  await Promise.all(
    all
      .filter((file) => !file.endsWith(".br") && !file.endsWith(".gz"))
      .map(async (file) => {
        const urlPath = "/" + path.relative(dir, file).split(path.sep).join("/");
        const { size } = await stat(file);
        const read = (at: string): Promise<StaticBody> =>
          size > IN_MEMORY_MAX_BYTES && !at.endsWith(".html")
            ? stat(at).then((found) => ({ path: at, size: found.size }))
            : readFile(at);
        const [body, br, gzip] = await Promise.all([
          read(file),
          present.has(`${file}.br`) ? read(`${file}.br`) : undefined,
          present.has(`${file}.gz`) ? read(`${file}.gz`) : undefined,
        ]);
        files.set(urlPath, {
          body,
          br,
          gzip,
          type: contentTypes[path.extname(file)] ?? "application/octet-stream",
          immutable: urlPath.startsWith("/assets/"),
        });
      }),
  );
  const index = files.get("/index.html");
  files.delete("/index.html");
  return { files, indexHtml: textOf(index!.body) };
}

/** A small file's text (the HTML pages are always held in memory). */
export function textOf(body: StaticBody): string {
  if (!Buffer.isBuffer(body)) throw new Error(`${body.path} is not held in memory`);
  return body.toString("utf8");
}

/** How many bytes a response of `body` carries. */
export function byteLength(body: StaticBody): number {
  return Buffer.isBuffer(body) ? body.length : body.size;
}

/** The response body: the bytes, or a stream read from disk as the client takes it. */
export function responseBody(body: StaticBody): Uint8Array<ArrayBuffer> | ReadableStream {
  if (Buffer.isBuffer(body)) return new Uint8Array(body);
  return Readable.toWeb(createReadStream(body.path)) as ReadableStream;
}

/** Picks the best encoding the client accepts among those we have. */
export function negotiate(
  file: Pick<StaticFile, "body" | "br" | "gzip">,
  acceptEncoding: string | undefined,
): { body: StaticBody; encoding?: "br" | "gzip" } {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.split(";"))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (file.br && accepted.has("br")) return { body: file.br, encoding: "br" };
  if (file.gzip && accepted.has("gzip")) return { body: file.gzip, encoding: "gzip" };
  return { body: file.body };
}

/** Embeds runtime configuration as a JSON data block the SPA reads at start-up. */
export function injectAppConfig(indexHtml: string, appConfig: Record<string, unknown>): string {
  const json = JSON.stringify(appConfig)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  const block = `<script id="app-config" type="application/json">${json}</script>`;
  return indexHtml.includes("</head>")
    ? indexHtml.replace("</head>", `${block}</head>`)
    : block + indexHtml;
}

/** Puts trusted markup (never user input) first in the page's body. */
export function injectBanner(indexHtml: string, bannerHtml: string): string {
  return /<body[^>]*>/.test(indexHtml)
    ? indexHtml.replace(/<body[^>]*>/, (body) => body + bannerHtml)
    : bannerHtml + indexHtml;
}
