// Pre-renders the landing page into dist/client/index.html after the client build, so `/` paints
// its full content before any JavaScript runs (docs/decisions/0022-prerender-and-code-splitting.md).
//
// - dist/client/index.html: the landing page's HTML inside #root, plus <link rel="modulepreload">
//   for the landing chunk so it downloads in parallel with the entry instead of after it.
// - dist/client/shell.html: the untouched SPA shell (empty #root) that the server sends for every
//   other route, so /auth or /practice never flash the landing page.
// The server still injects <script id="app-config"> before </head> into both.
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build as viteBuild } from "vite";

const rootMarker = '<div id="root"></div>';

/** The chunk files a manifest entry needs, itself first, following static imports. */
function chunkClosure(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry.file, ...(entry.imports ?? []).flatMap((k) => chunkClosure(manifest, k, seen))];
}

/**
 * @param {{ root: string, configFile: string }} options  root: the repository root.
 */
export async function prerender({ root, configFile }) {
  const clientDir = path.join(root, "dist", "client");
  const ssrDir = path.join(root, "dist", "prerender");
  const manifestFile = path.join(clientDir, ".vite", "manifest.json");

  await viteBuild({
    configFile,
    logLevel: "warn",
    build: {
      ssr: path.join(root, "scripts", "prerender-entry.tsx"),
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
    },
  });
  const { render } = await import(pathToFileURL(path.join(ssrDir, "prerender-entry.js")).href);
  const landingHtml = await render("/");

  const shell = await readFile(path.join(clientDir, "index.html"), "utf8");
  if (!shell.includes(rootMarker)) throw new Error(`index.html has no ${rootMarker}`);

  const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
  const entryChunks = new Set(chunkClosure(manifest, "index.html"));
  const preloads = chunkClosure(manifest, "pages/landing.tsx")
    .filter((file) => !entryChunks.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("");

  const page = shell
    .replace("</head>", `${preloads}</head>`)
    .replace(rootMarker, `<div id="root">${landingHtml}</div>`);
  await Promise.all([
    writeFile(path.join(clientDir, "index.html"), page),
    writeFile(path.join(clientDir, "shell.html"), shell),
  ]);
  // Build by-products the server must not serve.
  await Promise.all([
    rm(ssrDir, { recursive: true, force: true }),
    rm(path.join(clientDir, ".vite"), { recursive: true, force: true }),
  ]);
  return { bytes: Buffer.byteLength(page), preloads: preloads.length > 0 };
}
