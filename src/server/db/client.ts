import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsDir } from "@/server/paths";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Runs SQL of a library that writes its own (the job queue). Without `values` the text may hold
   * several statements; the rows of all of them come back, in order.
   */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Resolves when a trivial query succeeds; rejects otherwise. */
  ping(): Promise<void>;
  /** Connections in use and idle, and requests waiting for one (for /metrics). */
  poolStats(): { inUse: number; idle: number; waiting: number };
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
  | {
      kind: "postgres";
      url: string;
      maxConnections?: number;
      /** A pooled or listening connection failed outside any query (logged, never thrown). */
      onConnectionError?: (error: Error) => void;
    }
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
      // PostgreSQL's default 128 MB of shared buffers is sized for a shared server; one process's
      // embedded database is served as well by 16 MB, and the process keeps ~80 MB less resident.
      postgresqlconf: ["shared_buffers = 16MB"],
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsDir });
    return {
      db,
      kind: "pglite",
      query: async (text, values) =>
        values && values.length > 0
          ? client.query<Record<string, unknown>>(text, values)
          : { rows: (await client.exec(text)).flatMap((result) => result.rows) },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      // PGlite is one connection inside this process.
      poolStats: () => ({ inUse: 0, idle: 1, waiting: 0 }),
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

/**
 * How long a request may wait for a connection, and a statement may run, before it fails: while
 * the database is away requests answer 503 at once instead of queueing
 * (docs/decisions/0064-postgres-driver-and-outages.md).
 */
const CONNECT_TIMEOUT_MS = 2_000;
const STATEMENT_TIMEOUT_MS = 10_000;

async function openPostgres(options: {
  url: string;
  maxConnections?: number;
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  const migrator = new pg.Client({
    connectionString: options.url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS * 2,
  });
  migrator.on("error", () => {}); // a drop mid-migration rejects the query that was running
  await migrator.connect();
  try {
    await migrator.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client: migrator }), {
      migrationsFolder: migrationsDir,
    });
    await migrator.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  } finally {
    await migrator.end().catch(() => {});
  }

  const pool = new GuardedPool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    idleTimeoutMillis: 60_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // Our statements are key lookups whose best plan never depends on the values bound, so one
    // generic plan per prepared statement serves them all. Left to choose, PostgreSQL re-plans
    // `= any($1::uuid[])` lookups on every run, which cost more than running them
    // (docs/decisions/0058-generic-plans.md).
    options: "-c plan_cache_mode=force_generic_plan",
  });
  // A connection the server dropped emits "error": the pool re-emits it for idle connections, and
  // one checked out (e.g. between a transaction's statements) emits it itself. An "error" event
  // nobody listens to crashes the process, so both are heard; the query in flight still fails,
  // and the pool discards the broken connection when it comes back.
  const lost = (error: Error) => options.onConnectionError?.(error);
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    query: async (text, values) => {
      // Several statements answer with one result each.
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: [result].flat().flatMap((each) => each.rows) };
    },
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    listen: async (channel, onNotify, onLost) => {
      let closing = false;
      const listener = new pg.Client({
        connectionString: options.url,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
      });
      listener.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "");
      });
      // The connection is gone either way; "end" follows and reports it once.
      listener.on("error", (error) => options.onConnectionError?.(error));
      listener.on("end", () => closing || onLost());
      const close = async () => {
        closing = true;
        await listener.end().catch(() => {});
      };
      try {
        await listener.connect();
        await listener.query(`listen ${listener.escapeIdentifier(channel)}`);
      } catch (error) {
        await close();
        throw error;
      }
      return { close };
    },
    close: () => pool.end(),
  };
}

/**
 * pg's Pool whose checked-out connections cannot leak. drizzle's `transaction()` on a pool runs
 * `begin` before its `try`, so when `begin` fails (the connection was just cut) it never releases
 * the connection: ten such failures and every request waits for a connection that never comes.
 * Here a connection that ends while checked out is released (and so discarded) at once, and a
 * second release is a no-op instead of a throw.
 */
class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(guardCheckout);
  }
}

function guardCheckout(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const done = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off("end", onEnd);
    release(error);
  };
  const onEnd = () => done(new Error("The connection ended while checked out"));
  client.once("end", onEnd);
  client.release = done;
  return client;
}

/**
 * True for an error that means the database cannot be reached right now (connection refused,
 * dropped or timed out, the server shutting down or refusing connections) rather than a fault in
 * the request: the caller answers 503 and the next request tries again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    // Node's error for a request whose client hung up mid-body (src/server/http/client-abort.ts):
    // the same code as a dropped database socket, but the client's connection, not ours.
    if (code === "ECONNRESET" && message === "aborted") return false;
    if (typeof code === "string" && unavailableCode.test(code)) return true;
    if (typeof message === "string" && unavailableMessage.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * SQLSTATE class 08 (connection exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot
 * connect now), 55000 with "not currently accepting connections", 53300 (too many connections),
 * 57014 (statement timeout) and the socket errors Node reports.
 */
const unavailableCode =
  /^(08...|57P0[123]|53300|57014|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN)$/;
const unavailableMessage =
  /Connection terminated|timeout exceeded when trying to connect|not currently accepting connections|Client has encountered a connection error|Connection ended unexpectedly/i;
