import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "@/server/logger";
import { createTestDatabase } from "@tests/support/test-database";
import type { DatabaseHandle } from "./client";
import {
  createCoherentCaches,
  type CoherentCaches,
  type CoherentCachesOptions,
} from "./coherent-caches";
import { users } from "./schema";

/** Several instances' caches on one real database (PGlite, or PostgreSQL with DATABASE_URL). */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const logger = createLogger("silent");
const opened: CoherentCaches[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((caches) => caches.close()));
});

/** One instance's caches. Short heartbeats unless a test needs otherwise. */
async function instance(
  options: CoherentCachesOptions = {},
  handle: DatabaseHandle = database,
): Promise<CoherentCaches> {
  const caches = createCoherentCaches(handle, logger, { heartbeatMs: 50, ...options });
  opened.push(caches);
  await vi.waitFor(() => expect(caches.active).toBe(true));
  return caches;
}

/** A database handle whose listener can be made to hold notifications back, as if stalled. */
function stallable() {
  type Listener = { stalled: boolean; held: (() => void)[]; onLost: () => void };
  const listeners: Listener[] = [];
  const current = () => listeners.at(-1)!;
  const handle: DatabaseHandle = {
    ...database,
    listen: (channel, onNotify, onLost) => {
      const listener: Listener = { stalled: false, held: [], onLost };
      listeners.push(listener);
      return database.listen(
        channel,
        (payload) =>
          listener.stalled ? listener.held.push(() => onNotify(payload)) : onNotify(payload),
        onLost,
      );
    },
  };
  return {
    handle,
    /** The current listener holds notifications back from now on. */
    stall: () => void (current().stalled = true),
    /** It delivers what it held, and goes on delivering. */
    resume: () => {
      const listener = current();
      listener.stalled = false;
      for (const deliver of listener.held.splice(0)) deliver();
    },
    /** It reports its connection lost. */
    drop: () => current().onLost(),
    subscriptions: () => listeners.length,
  };
}

async function newUser(): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: "unused" })
    .returning({ id: users.id });
  return row!.id;
}

/** A committed change to the user's row, which the triggers announce. */
const changeUser = (userId: string) =>
  database.db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));

/**
 * A lease long enough that waiting one out shows. A settle waits leases out during the first
 * lease an instance listens (it may not have heard of every peer), so tests of settling by
 * acknowledgement let that pass first.
 */
const LONG_LEASE_MS = 2000;
const listenedForALease = () => new Promise((r) => setTimeout(r, LONG_LEASE_MS + 200));
async function msToSettle(caches: CoherentCaches) {
  const started = performance.now();
  await caches.settle();
  return performance.now() - started;
}

/** A cache of one value per user that counts its database reads. */
function countingCache(caches: CoherentCaches) {
  const cache = caches.cache<string>({ maxUsers: 100 });
  let loads = 0;
  return {
    read: (userId: string, load = async () => `read ${++loads}`) => cache.read(userId, "k", load),
    loads: () => loads,
  };
}

describe("one instance", () => {
  it("answers from memory until one of the user's rows changes", async () => {
    const caches = await instance();
    const [ada, bob] = [await newUser(), await newUser()];
    const cache = countingCache(caches);
    expect(await cache.read(ada)).toBe("read 1");
    expect(await cache.read(ada)).toBe("read 1");
    expect(await cache.read(bob)).toBe("read 2");

    await changeUser(bob);
    await caches.settle();
    expect(await cache.read(ada)).toBe("read 1");
    expect(await cache.read(bob)).toBe("read 3");

    await changeUser(ada);
    await caches.settle();
    expect(await cache.read(ada)).toBe("read 4");
    expect(cache.loads()).toBe(4);
  });

  it("keeps nothing it read while the user's rows changed", async () => {
    const caches = await instance();
    const ada = await newUser();
    const cache = countingCache(caches);
    const raced = await cache.read(ada, async () => {
      await changeUser(ada);
      await caches.settle();
      return "read before the change";
    });
    expect(raced).toBe("read before the change");
    expect(await cache.read(ada)).toBe("read 1");
  });

  it("forgets everything after a TRUNCATE", async () => {
    const caches = await instance();
    const ada = await newUser();
    const cache = countingCache(caches);
    await cache.read(ada);
    await database.db.execute(sql`truncate subscriptions`);
    await caches.settle();
    expect(await cache.read(ada)).toBe("read 2");
  });

  it("keeps nothing when the read fails", async () => {
    const caches = await instance();
    const ada = await newUser();
    const cache = countingCache(caches);
    await expect(
      cache.read(ada, () => Promise.reject(new Error("session not found"))),
    ).rejects.toThrow("session not found");
    expect(await cache.read(ada)).toBe("read 1");
  });

  it("settles without waiting out its lease, once it has listened for one", async () => {
    const caches = await instance({ leaseMs: LONG_LEASE_MS });
    await listenedForALease();
    await changeUser(await newUser());
    expect(await msToSettle(caches)).toBeLessThan(LONG_LEASE_MS / 2);
  });

  it("pauses while its listener is down, and starts again from empty", async () => {
    const listener = stallable();
    const caches = await instance({}, listener.handle);
    const ada = await newUser();
    const cache = countingCache(caches);
    await cache.read(ada);

    listener.drop();
    expect(caches.active).toBe(false);
    expect(await cache.read(ada)).toBe("read 2"); // read through, not kept
    expect(await cache.read(ada)).toBe("read 3");

    await vi.waitFor(() => expect(caches.active).toBe(true));
    expect(listener.subscriptions()).toBe(2);
    expect(await cache.read(ada)).toBe("read 4");
    expect(await cache.read(ada)).toBe("read 4");
  });

  it("keeps nothing read while nobody listened, even if it returns once listening again", async () => {
    const listener = stallable();
    const caches = await instance({}, listener.handle);
    const ada = await newUser();
    const cache = countingCache(caches);
    listener.drop();
    const unheard = await cache.read(ada, async () => {
      await vi.waitFor(() => expect(caches.active).toBe(true));
      return "read while not listening";
    });
    expect(unheard).toBe("read while not listening");
    expect(await cache.read(ada)).toBe("read 1");
  });

  it("replaces a listener that silently stops delivering", async () => {
    const listener = stallable();
    const caches = await instance({ leaseMs: 300 }, listener.handle);
    listener.stall(); // and never resumes: as if the connection were cut without a word
    await vi.waitFor(() => expect(caches.active).toBe(false));
    await vi.waitFor(() => expect(listener.subscriptions()).toBe(2));
    await vi.waitFor(() => expect(caches.active).toBe(true));
  });
});

describe("several instances on one database", () => {
  it("a settled change is seen by every healthy instance, without waiting out a lease", async () => {
    const long = { leaseMs: LONG_LEASE_MS };
    const [a, b] = [await instance(long), await instance(long)];
    await listenedForALease();
    const ada = await newUser();
    const inB = countingCache(b);
    await inB.read(ada);
    expect(await inB.read(ada)).toBe("read 1");

    await changeUser(ada);
    expect(await msToSettle(a)).toBeLessThan(LONG_LEASE_MS / 2); // b acknowledged
    expect(await inB.read(ada)).toBe("read 2");
  });

  it("an instance whose listener stalls stops answering from memory before a settle returns", async () => {
    const lease = { leaseMs: 600 };
    const stalling = stallable();
    const a = await instance(lease);
    const b = await instance(lease, stalling.handle);
    await new Promise((r) => setTimeout(r, 200));
    const ada = await newUser();
    const inB = countingCache(b);
    await inB.read(ada);

    stalling.stall();
    expect(b.active).toBe(true); // still within its lease: it would answer from memory
    await changeUser(ada);
    await a.settle();
    expect(b.active).toBe(false); // its lease ran out before the settle returned
    expect(await inB.read(ada)).toBe("read 2");

    stalling.resume();
    await vi.waitFor(() => expect(b.active).toBe(true));
    expect(await inB.read(ada)).toBe("read 3"); // started again from empty
  });

  it("for its first lease, a settle waits out leases it may not have heard of", async () => {
    // `a` heartbeats once, at start, and holds that lease; `b` starts listening afterwards, so
    // it never hears of `a`, whose listener then stalls.
    const lease = { heartbeatMs: 60_000, leaseMs: 600 };
    const stalling = stallable();
    const a = await instance(lease, stalling.handle);
    const ada = await newUser();
    const inA = countingCache(a);
    await inA.read(ada);
    const b = createCoherentCaches(database, logger, lease);
    opened.push(b);
    stalling.stall();
    expect(a.active).toBe(true);
    await changeUser(ada);
    await b.settle();
    expect(a.active).toBe(false);
    expect(await inA.read(ada)).toBe("read 2");
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))("on PostgreSQL", () => {
  it("notices when its listening connection is killed, and listens again", async () => {
    const listener = stallable(); // delivers everything; it only counts subscriptions
    // Long enough that only a noticed drop re-subscribes within the test, not the check for
    // silent listeners (two leases).
    const caches = await instance({ leaseMs: 5000 }, listener.handle);
    const ada = await newUser();
    const cache = countingCache(caches);
    await cache.read(ada);
    await database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen "cache_changes"'`);
    await vi.waitFor(() => expect(listener.subscriptions()).toBe(2));
    await vi.waitFor(() => expect(caches.active).toBe(true));
    expect(await cache.read(ada)).toBe("read 2"); // started again from empty
    expect(await cache.read(ada)).toBe("read 2");
    await changeUser(ada); // heard through the new connection:
    await vi.waitFor(async () => expect(await cache.read(ada)).toBe("read 3"));
  });
});
