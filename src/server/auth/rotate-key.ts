import { loadConfigOrExit } from "@/server/config";
import { openDatabase } from "@/server/db/client";
import { rotateSigningKey } from "./signing-keys";

/**
 * `npm run auth:rotate-key`: makes a new ES256 signing key current. Tokens signed with the old
 * key stay valid until they expire (the old key stays in the JWKS meanwhile); running servers
 * start signing with the new key within a minute. On the embedded database, stop the server
 * first (one process owns the data directory); on PostgreSQL, run it at any time.
 */
async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, maxConnections: 1 }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    const { kid, retired } = await rotateSigningKey(database.db);
    console.info(`New signing key ${kid} is current; ${retired} expired key(s) retired.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Key rotation failed: ${(error as Error).message}`);
  process.exit(1);
});
