import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./data-dir-lock";

/**
 * Backups of the embedded database: the whole PGlite data directory as one gzipped tarball
 * (PGlite's `dumpDataDir`), restored with `loadDataDir`. A backup moves between machines running
 * the same PGlite release (README, "Operations"). Both take the data directory's lock, so the
 * server must be stopped first — an open database is never copied half-written.
 * On PostgreSQL use `pg_dump` / `pg_restore`.
 */

const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");

/** Writes `dataDir`'s database to `file`; returns its size in bytes. */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  if (!existsSync(pgliteDir(dataDir))) throw new Error(`There is no database in ${dataDir}.`);
  const release = await lockDataDir(dataDir);
  try {
    const client = await PGlite.create({ dataDir: pgliteDir(dataDir) });
    try {
      const dump = await client.dumpDataDir("gzip");
      const bytes = new Uint8Array(await dump.arrayBuffer());
      await writeFile(file, bytes);
      return bytes.length;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Replaces `dataDir`'s database with the backup in `file`. The database it replaces is kept
 * beside it (`pglite.replaced-<time>`), never deleted; returns that folder's path, if there was
 * one. The next server start applies any newer migrations to the restored data.
 */
export async function restoreDataDir(dataDir: string, file: string): Promise<string | undefined> {
  const backup = new Blob([await readFile(file)]);
  const release = await lockDataDir(dataDir);
  try {
    let kept: string | undefined;
    if (existsSync(pgliteDir(dataDir))) {
      kept = `${pgliteDir(dataDir)}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      await rename(pgliteDir(dataDir), kept);
    }
    const client = await PGlite.create({ dataDir: pgliteDir(dataDir), loadDataDir: backup });
    await client.query("select 1");
    await client.close();
    return kept;
  } finally {
    release();
  }
}
