import path from "node:path";
import { loadConfigOrExit } from "@/server/config";
import { backupDataDir, restoreDataDir } from "./backup";

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE`: the embedded database (DATA_DIR)
 * to and from one file. Stop the server first; on PostgreSQL use pg_dump / pg_restore.
 */
async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== "backup" && command !== "restore") || !file) {
    console.error("usage: npm run db:backup -- FILE   |   npm run db:restore -- FILE");
    process.exit(2);
  }
  const config = loadConfigOrExit();
  if (config.databaseUrl) {
    console.error(
      "DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore.",
    );
    process.exit(1);
  }
  const target = path.resolve(file);
  if (command === "backup") {
    const bytes = await backupDataDir(config.dataDir, target);
    console.info(`Backed up ${config.dataDir} to ${target} (${Math.round(bytes / 1024)} KB).`);
  } else {
    const kept = await restoreDataDir(config.dataDir, target);
    console.info(`Restored ${target} into ${config.dataDir}.`);
    if (kept) console.info(`The database it replaced is kept in ${kept}.`);
  }
}

main().catch((error: unknown) => {
  console.error(`${process.argv[2] ?? "backup"} failed: ${(error as Error).message}`);
  process.exit(1);
});
