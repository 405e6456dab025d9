// Production build: the SPA (Vite) with pre-compressed assets, and the server bundle (esbuild).
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";
import { root, sourceFingerprint, stampFile } from "./build-info.mjs";
import { prerender } from "./prerender.mjs";

const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest|wasm|onnx|map)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function precompress(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() && compressible.test(e.name))
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        if ((await stat(file)).size < 512) return;
        const body = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      }),
  );
}

const started = performance.now();
const fingerprint = sourceFingerprint();

const configFile = path.join(root, "vite.config.ts");
// The manifest tells the pre-renderer which chunks the landing page needs; it deletes it after.
await viteBuild({ configFile, logLevel: "warn", build: { manifest: true } });
await prerender({ root, configFile });
await precompress(path.join(root, "dist", "client"));

await esbuild({
  // The transcription worker thread is loaded by file, so it is its own entry beside main.js.
  entryPoints: [
    { in: path.join(root, "src/server/main.ts"), out: "main" },
    { in: path.join(root, "src/server/ai/offline/transcribe-worker.ts"), out: "transcribe-worker" },
  ],
  outdir: path.join(root, "dist/server"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});

await mkdir(path.dirname(stampFile), { recursive: true });
await writeFile(stampFile, fingerprint);
console.info(`build finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
