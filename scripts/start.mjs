// `npm start`: build if the build is missing or older than the sources, then run one server.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { root, sourceFingerprint, stampFile } from "./build-info.mjs";

const entry = path.join(root, "dist/server/main.js");
const built = existsSync(entry) && existsSync(stampFile);
if (!built || readFileSync(stampFile, "utf8") !== sourceFingerprint()) {
  console.info(built ? "Sources changed since the last build; rebuilding…" : "Building…");
  const result = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs")], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(entry);
