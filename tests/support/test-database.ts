import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by `DATABASE_URL` (dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl)
    return openDatabase({ kind: "pglite", dataDir: undefined, template: await pgliteTemplate() });

  const scratch = await createScratchDatabase(baseUrl, "ic_test");
  const handle = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the server at `baseUrl` (tests, benchmarks, fault runs). */
export async function createScratchDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Whether a PostgreSQL server answers at `url` within a few seconds. */
export async function postgresReachable(url: string): Promise<boolean> {
  return adminQuery(url, "select 1").then(
    () => true,
    () => false,
  );
}

/** One statement on a connection of its own. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  admin.on("error", () => {});
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The migrated data directory made once per run by global-setup.ts, if there is one. */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = process.env.PGLITE_TEMPLATE;
  return file ? new Blob([await readFile(file)]) : undefined;
}
