// `npm start`: build if the build is missing or older than the sources, then run one server.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
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

// First start on the embedded database: PGlite creates its cluster (initdb) in a child process.
// Done in the server, it grows PGlite's WASM memory by ~500 MB, of which ~150 MB stays resident
// for the life of the process even once collected; the server then opens the cluster as on any
// later start. Best effort: on failure the server creates it itself (and reports any error).
// Where the server would put it (src/server/config.ts, src/server/db/client.ts); a setting the
// server will refuse (an empty DATA_DIR, a web or worker role) is left for it to report.
const dataDir = (process.env.DATA_DIR ?? "./.data").trim();
const embedded =
  !process.env.DATABASE_URL?.trim() && (process.env.ROLE ?? "all") === "all" && dataDir !== "";
if (embedded) {
  const cluster = path.join(path.resolve(dataDir), "pglite");
  if (!existsSync(path.join(cluster, "PG_VERSION"))) {
    try {
      mkdirSync(path.resolve(dataDir), { recursive: true });
      const init = `import { PGlite } from "@electric-sql/pglite";
        const db = await PGlite.create({ dataDir: process.argv[1] });
        await db.close();`;
      spawnSync(process.execPath, ["--input-type=module", "-e", init, cluster], {
        cwd: root,
        stdio: "inherit",
      });
    } catch {
      // the server tries again and says what is wrong
    }
  }
}

await import(entry);
