import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const stampFile = path.join(root, "dist", ".build-stamp");

const inputs = [
  "src",
  "package-lock.json",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/build.mjs",
  "scripts/build-info.mjs",
  "scripts/prerender.mjs",
  "scripts/prerender-entry.tsx",
];

/** A cheap fingerprint of everything the build reads: file count and newest mtime. */
export function sourceFingerprint() {
  let newest = 0;
  let count = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(p)) if (!name.endsWith(".test.ts")) visit(path.join(p, name));
    } else {
      count++;
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const input of inputs) visit(path.join(root, input));
  return `${count}:${Math.round(newest)}`;
}
