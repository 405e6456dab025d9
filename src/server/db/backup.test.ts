import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteTemplate } from "@tests/support/test-database";
import { backupDataDir, restoreDataDir } from "./backup";
import { openDatabase } from "./client";
import { DataDirLockedError } from "./data-dir-lock";
import { appSettings } from "./schema";

describe.skipIf(Boolean(process.env.DATABASE_URL))("embedded database backup and restore", () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "ic-backup-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  const write = async (dataDir: string, value: string) => {
    const fresh = !existsSync(path.join(dataDir, "pglite"));
    const template = fresh ? await pgliteTemplate() : undefined;
    const db = await openDatabase({ kind: "pglite", dataDir, template });
    await db.db
      .insert(appSettings)
      .values({ key: "marker", value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    await db.close();
  };
  const read = async (dataDir: string) => {
    const db = await openDatabase({ kind: "pglite", dataDir });
    const rows = await db.db.select().from(appSettings).where(eq(appSettings.key, "marker"));
    await db.close();
    return rows[0]?.value;
  };

  it("restores what was backed up, into another directory, keeping what it replaced", async () => {
    const source = await tempDir();
    await write(source, "before backup");
    const file = path.join(await tempDir(), "backup.tar.gz");
    expect(await backupDataDir(source, file)).toBeGreaterThan(1000);
    await write(source, "after backup");

    const target = await tempDir();
    await write(target, "target's own data");
    const kept = await restoreDataDir(target, file);
    expect(await read(target)).toBe("before backup");
    expect(kept).toBeDefined();
    expect((await readdir(target)).some((name) => name.startsWith("pglite.replaced-"))).toBe(true);
    expect(await read(source)).toBe("after backup");
  });

  it("refuses while a server holds the database", async () => {
    const dataDir = await tempDir();
    await write(dataDir, "x");
    const open = await openDatabase({ kind: "pglite", dataDir });
    try {
      const file = path.join(await tempDir(), "b.tar.gz");
      await expect(backupDataDir(dataDir, file)).rejects.toThrow(DataDirLockedError);
      await expect(restoreDataDir(dataDir, file)).rejects.toThrow();
    } finally {
      await open.close();
    }
  });

  it("runs from npm: db:backup then db:restore", async () => {
    const dataDir = await tempDir();
    await write(dataDir, "through the command");
    const file = path.join(await tempDir(), "cli.tar.gz");
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
    const run = (script: string) =>
      spawnSync("npm", ["run", "--silent", script, "--", file], { env, encoding: "utf8" });
    const backup = run("db:backup");
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("Backed up");
    await write(dataDir, "changed");
    const restore = run("db:restore");
    expect(restore.status, restore.stderr).toBe(0);
    expect(await read(dataDir)).toBe("through the command");
  });
});
