// The JavaScript and CSS a page needs before it can render and run: the HTML's <script src>,
// <link rel="stylesheet"> and <link rel="modulepreload">, then every chunk those import
// statically (dynamic import() is left out: it loads later, on demand).
import { gzipSync } from "node:zlib";

export type Asset = { path: string; kind: "js" | "css"; bytes: number; gzipBytes: number };

const htmlRefs = /<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g;
/** Static imports in Vite/Rolldown output: `import{a}from"./x.js"`, `import"./y.js"`. */
const staticImports = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;

export async function firstLoadAssets(origin: string, pagePath = "/"): Promise<Asset[]> {
  const html = await (await fetch(new URL(pagePath, origin))).text();
  const queue = [...html.matchAll(htmlRefs)].map((m) => new URL(m[1]!, origin).pathname);
  const seen = new Map<string, Asset>();
  while (queue.length > 0) {
    const assetPath = queue.shift()!;
    if (seen.has(assetPath)) continue;
    const response = await fetch(new URL(assetPath, origin));
    if (!response.ok) throw new Error(`${assetPath}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const kind = assetPath.endsWith(".css") ? "css" : "js";
    seen.set(assetPath, {
      path: assetPath,
      kind,
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
    });
    if (kind === "js") {
      for (const m of body.toString("utf8").matchAll(staticImports)) {
        queue.push(new URL(m[1]!, new URL(assetPath, origin)).pathname);
      }
    }
  }
  return [...seen.values()];
}
