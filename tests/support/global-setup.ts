import { mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "@/server/paths";

/**
 * PGlite's first `initdb` takes about 4 s; loading a dumped data directory takes about 0.5 s.
 * So the unit run initialises and migrates one database here, and every test file starts from
 * a copy of it (see test-database.ts).
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const dir = await mkdir(path.join(os.tmpdir(), `ic-pglite-${process.pid}`), { recursive: true });
  const file = path.join(dir ?? os.tmpdir(), "template.tar");
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
  const dump = await client.dumpDataDir("none");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  process.env.PGLITE_TEMPLATE = file;
  return async () => {
    await rm(path.dirname(file), { recursive: true, force: true });
  };
}
