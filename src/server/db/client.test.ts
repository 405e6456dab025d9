import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, pgliteTemplate } from "@tests/support/test-database";
import { openDatabase } from "./client";
import { DataDirLockedError } from "./data-dir-lock";
import { appSettings } from "./schema";

describe.skipIf(Boolean(process.env.DATABASE_URL))("embedded PGlite database", () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "ic-db-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it("keeps data across a close and reopen of the same directory", async () => {
    const dataDir = await tempDir();
    const first = await openDatabase({ kind: "pglite", dataDir, template: await pgliteTemplate() });
    await first.db.insert(appSettings).values({ key: "greeting", value: "hello" });
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir });
    const rows = await second.db.select().from(appSettings).where(eq(appSettings.key, "greeting"));
    await second.close();
    expect(rows.map((r) => r.value)).toEqual(["hello"]);
  });

  it("refuses a second opener of the same directory with a clear message", async () => {
    const dataDir = await tempDir();
    const first = await openDatabase({ kind: "pglite", dataDir, template: await pgliteTemplate() });
    try {
      const second = openDatabase({ kind: "pglite", dataDir });
      await expect(second).rejects.toThrow(DataDirLockedError);
      await expect(second).rejects.toThrow(/already in use by another server/);
    } finally {
      await first.close();
    }
    // Once released, the directory opens again.
    const third = await openDatabase({ kind: "pglite", dataDir });
    await third.close();
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))("PostgreSQL database", () => {
  it("plans each prepared statement once: the pool runs with generic plans (decision 0058)", async () => {
    const database = await createTestDatabase();
    try {
      // Several round trips, so more than one pooled connection is asked.
      const modes = await Promise.all(
        Array.from({ length: 6 }, () =>
          database.db
            .select({ mode: sql<string>`current_setting('plan_cache_mode')` })
            .from(sql`(values (1)) as one (x)`),
        ),
      );
      expect(new Set(modes.map(([row]) => row?.mode))).toEqual(new Set(["force_generic_plan"]));
    } finally {
      await database.close();
    }
  });
});
