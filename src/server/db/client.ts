import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { migrationsDir } from "../paths";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Resolves when a trivial query succeeds; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Subscribes to NOTIFY on `channel`, over a connection of its own on PostgreSQL. `onNotify`
   * gets each payload in the order the notifying transactions committed. `onLost` is called
   * when that connection drops: notifications sent meanwhile are lost, so subscribe again.
   * Resolves once LISTEN is in effect.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: () => void,
  ): Promise<Subscription>;
  close(): Promise<void>;
};

export type Subscription = { close(): Promise<void> };

export type DatabaseOptions =
  | { kind: "postgres"; url: string; maxConnections?: number }
  /**
   * `dataDir` undefined means in memory (tests); `template` is a dumped data directory to start
   * from (tests use one migrated copy instead of running `initdb` for every file).
   */
  | { kind: "pglite"; dataDir: string | undefined; template?: Blob };

/** A fixed key for the advisory lock that serialises migrations between instances. */
const MIGRATION_LOCK_KEY = 7_421_031;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres"
    ? openPostgres(options)
    : openPglite(options.dataDir, options.template);
}

async function openPglite(dataDir: string | undefined, template?: Blob): Promise<DatabaseHandle> {
  const release = dataDir ? await lockDataDir(dataDir) : () => {};
  try {
    const client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, "pglite") : undefined,
      loadDataDir: template,
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsDir });
    return {
      db,
      kind: "pglite",
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      // One process owns the data directory, and PGlite runs in it: the connection cannot drop.
      listen: async (channel, onNotify) => {
        const unlisten = await client.listen(channel, onNotify);
        return { close: () => (client.closed ? Promise.resolve() : unlisten()) };
      },
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(options: {
  url: string;
  maxConnections?: number;
}): Promise<DatabaseHandle> {
  const quiet = { onnotice: () => {} };
  const migrator = postgres(options.url, { ...quiet, max: 1 });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client: migrator }), {
      migrationsFolder: migrationsDir,
    });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await migrator.end({ timeout: 5 });
  }

  const client = postgres(options.url, {
    ...quiet,
    max: options.maxConnections ?? 10,
    idle_timeout: 60,
    connect_timeout: 5,
    // Our statements are key lookups whose best plan never depends on the values bound, so one
    // generic plan per prepared statement serves them all. Left to choose, PostgreSQL re-plans
    // `= any($1::uuid[])` lookups on every run, which cost more than running them
    // (docs/decisions/0058-generic-plans.md).
    connection: { plan_cache_mode: "force_generic_plan" },
  });
  const db = drizzlePostgres({ client, schema });
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await client`select 1`;
    },
    // Not postgres.js's `listen()`: it re-subscribes by itself after a drop, but gives up for
    // good when that one attempt fails, and never says that notifications were missed.
    listen: async (channel, onNotify, onLost) => {
      let closing = false;
      // `onnotify` is the option postgres.js's own `listen()` is built on; its types leave it out.
      const notifications = {
        onnotify: (from: string, payload: string) => from === channel && onNotify(payload),
      } as object;
      const listener = postgres(options.url, {
        ...quiet,
        ...notifications,
        max: 1,
        max_lifetime: null,
        connect_timeout: 5,
        fetch_types: false,
        onclose: () => closing || onLost(),
      });
      const close = () => {
        closing = true;
        return listener.end({ timeout: 0 });
      };
      try {
        await listener`listen ${listener(channel)}`;
      } catch (error) {
        await close();
        throw error;
      }
      return { close };
    },
    close: () => client.end({ timeout: 5 }),
  };
}
