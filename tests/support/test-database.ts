import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by `DATABASE_URL` (dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl)
    return openDatabase({ kind: "pglite", dataDir: undefined, template: await pgliteTemplate() });

  const name = `ic_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The migrated data directory made once per run by global-setup.ts, if there is one. */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = process.env.PGLITE_TEMPLATE;
  return file ? new Blob([await readFile(file)]) : undefined;
}
