import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Logger } from "@/server/logger";
import type { DatabaseHandle, Subscription } from "./client";

/**
 * In-process caches of per-user rows (the user behind a session, a subscription) that answer
 * like a query would: once a write has been settled, no instance answers from what it replaced.
 * docs/decisions/0059-coherent-caches.md has the reasoning; in short:
 *
 * - Triggers (migration 0003) NOTIFY `cache_changes` with the user id whenever a cached row
 *   changes, on commit. Every instance LISTENs on a connection of its own and drops that user's
 *   entries. PostgreSQL delivers notifications in commit order.
 * - A write that must be seen at once (a sign-out) calls `settle()` after committing. It
 *   notifies a barrier, which every instance acknowledges once it reads it, so after the change.
 *   It resolves when every live instance has acknowledged.
 * - An instance answers from its caches only while it holds a lease. Every `heartbeatMs` it
 *   notifies itself; each heartbeat that comes back through its listener extends the lease to
 *   `leaseMs` after it was sent. A listener that drops, stalls or is cut off stops the
 *   heartbeats, and the lease runs out within `leaseMs`. So `settle()` waits at most that long
 *   for an instance that does not answer, and never needs a list of instances: each learns its
 *   peers from their heartbeats (and, for its first lease after it starts listening, waits
 *   leases out, since it may not have heard of every peer yet).
 * - A value read from the database is kept only if no change or lapse arrived while it was
 *   being read (the epoch did not move).
 */

/** The channel migration 0003's triggers notify. */
const CHANGES_CHANNEL = "cache_changes";

/** Values per (user, key), dropped whenever one of that user's cached rows changes. */
export type UserCache<V> = {
  /**
   * The cached value, or `load()`'s, which is kept unless the user's rows changed meanwhile.
   * `load` must read the database after this call was made (a throw keeps nothing).
   */
  read(userId: string, key: string, load: () => Promise<V>): Promise<V>;
};

export type CoherentCaches = {
  cache<V>(options: { maxUsers: number }): UserCache<V>;
  /**
   * Call after committing a change to cached rows: resolves once no instance can answer from
   * what the change replaced. Never rejects, and waits at most `leaseMs` (plus a margin).
   */
  settle(): Promise<void>;
  /** Whether this instance answers from its caches right now. */
  readonly active: boolean;
  close(): Promise<void>;
};

/** Every instance on one database must use the same lease: each waits out the others'. */
export type CoherentCachesOptions = { heartbeatMs?: number; leaseMs?: number };

/** Enough keys for every device a person signs in on; past this the user's entry starts over. */
const MAX_KEYS_PER_USER = 32;
/** Slack for timers that fire late and clocks that run at slightly different rates. */
const MARGIN_MS = 100;

type Barrier = {
  resolve: () => void;
  /** Peers that acknowledged (their acks may arrive before we read our own barrier back). */
  acked: Set<string>;
  /** Set when our own barrier came back: peers still to answer, and when each lease ends. */
  waiting?: Map<string, number>;
  /** From when every peer with a lease has been heard of (see barrierReadBack). */
  allHeardFrom?: number;
  timer?: NodeJS.Timeout;
};

export function createCoherentCaches(
  database: DatabaseHandle,
  logger: Logger,
  { heartbeatMs = 250, leaseMs = 1000 }: CoherentCachesOptions = {},
): CoherentCaches {
  const instance = randomBytes(6).toString("hex");
  const caches = new Set<LRUCache<string, Map<string, unknown>>>();
  const now = () => performance.now();

  let subscription: Subscription | undefined;
  let listening = false;
  let listeningSince = 0;
  let leaseEnd = 0;
  /** Moves on every change and lapse: a read that saw it move keeps nothing. */
  let epoch = 0;
  let closed = false;

  let heartbeats = 0;
  /** Our heartbeats in flight: sequence → when it was sent. */
  const heartbeatsSent = new Map<number, number>();
  let lastHeartbeatBack = now();
  /** Other instances: id → when we last read one of their heartbeats. */
  const peers = new Map<string, number>();
  let barrierCount = 0;
  const barriers = new Map<number, Barrier>();

  const active = () => listening && now() < leaseEnd;
  /** When a peer's lease ends at the latest, from when we read its latest heartbeat. */
  const peerLeaseEnd = (heardAt: number) => heardAt + leaseMs + MARGIN_MS;

  function forgetAll() {
    epoch++;
    for (const cache of caches) cache.clear();
  }

  const notify = (payload: string) =>
    database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`);

  function onNotify(payload: string) {
    if (payload === "*") return forgetAll();
    const [kind, from, seq, acker] = payload.split(":");
    switch (kind) {
      case "u":
        epoch++;
        for (const cache of caches) cache.delete(from!);
        return;
      case "h":
        if (from === instance) renewLease(Number(seq));
        else peers.set(from!, now());
        return;
      case "b":
        if (from === instance) return barrierReadBack(Number(seq));
        // Everything committed before that barrier has been read: say so.
        notify(`a:${from}:${seq}:${instance}`).catch((error: unknown) =>
          logger.warn({ err: error }, "cache coherence: could not acknowledge a barrier"),
        );
        return;
      case "a":
        if (from === instance) acknowledged(Number(seq), acker!);
    }
  }

  function renewLease(seq: number) {
    const sentAt = heartbeatsSent.get(seq);
    if (sentAt === undefined) return;
    lastHeartbeatBack = now();
    // Everything committed before this heartbeat has been read, in order, so whatever is
    // cached is current even after a lapse; reads still in flight were checked by the epoch.
    leaseEnd = Math.max(leaseEnd, sentAt + leaseMs);
  }

  function barrierReadBack(seq: number) {
    const barrier = barriers.get(seq);
    if (!barrier) return;
    const at = now();
    barrier.waiting = new Map();
    for (const [peer, heardAt] of peers) {
      const leaseEnds = peerLeaseEnd(heardAt);
      if (leaseEnds > at && !barrier.acked.has(peer)) barrier.waiting.set(peer, leaseEnds);
    }
    // A peer's lease may rest on a heartbeat sent before we listened, which we never read:
    // until we have listened for a whole lease, such a peer's lease may still be running.
    // (Notifications can arrive before subscribe() has noted the start: count from now then.)
    barrier.allHeardFrom = (listening ? listeningSince : at) + leaseMs + MARGIN_MS;
    settleWhenDue(barrier);
  }

  function acknowledged(seq: number, peer: string) {
    const barrier = barriers.get(seq);
    if (!barrier) return;
    barrier.acked.add(peer);
    if (barrier.waiting?.delete(peer)) settleWhenDue(barrier);
  }

  /** Once every peer has answered, or its lease has run out (so it answers nothing from memory). */
  function settleWhenDue(barrier: Barrier) {
    const due = Math.max(barrier.allHeardFrom!, ...barrier.waiting!.values());
    const wait = due - now();
    clearTimeout(barrier.timer);
    if (wait <= 0) barrier.resolve();
    else barrier.timer = setTimeout(barrier.resolve, wait);
  }

  let attempts = 0;
  /** Which subscribe() attempt `subscription` came from (0: none). */
  let subscribedBy = 0;
  async function subscribe() {
    const attempt = ++attempts;
    let lost = false;
    const current = await database.listen(CHANGES_CHANNEL, onNotify, () => {
      lost = true;
      if (subscribedBy === attempt) unsubscribe("connection lost");
    });
    if (closed || lost) return void (await current.close().catch(() => {}));
    subscription = current;
    subscribedBy = attempt;
    lastHeartbeatBack = listeningSince = now();
    // Changes committed while nobody listened were missed, also by reads still in flight.
    forgetAll();
    listening = true;
  }

  function unsubscribe(reason: string) {
    const old = subscription;
    subscription = undefined;
    subscribedBy = 0;
    listening = false;
    forgetAll();
    if (!closed) logger.warn({ reason }, "cache coherence: listener down, caches paused");
    void old?.close().catch(() => {});
  }

  let beating = false;
  let failing = false;
  async function heartbeat() {
    if (beating || closed) return;
    beating = true;
    try {
      // The lease ran out long ago (so nothing is answered from memory): the listener is dead
      // without having said so. Twice the lease: the lease alone must keep the caches right.
      if (subscription && now() - lastHeartbeatBack > 2 * leaseMs) {
        unsubscribe("no heartbeat came back for two leases");
      }
      if (!subscription) await subscribe();
      const at = now();
      for (const [seq, sentAt] of heartbeatsSent) {
        if (sentAt + leaseMs <= at) heartbeatsSent.delete(seq);
      }
      for (const [peer, heardAt] of peers) if (peerLeaseEnd(heardAt) <= at) peers.delete(peer);
      const seq = ++heartbeats;
      heartbeatsSent.set(seq, at);
      await notify(`h:${instance}:${seq}`);
      if (failing) logger.info("cache coherence: heartbeats flow again");
      failing = false;
    } catch (error) {
      // Once per outage: the caches stay paused, and each heartbeat tries again.
      if (!failing) logger.warn({ err: error }, "cache coherence: heartbeat failed");
      failing = true;
    } finally {
      beating = false;
    }
  }
  const timer = setInterval(() => void heartbeat(), heartbeatMs);
  timer.unref();
  void heartbeat();

  return {
    cache<V>({ maxUsers }: { maxUsers: number }): UserCache<V> {
      const users = new LRUCache<string, Map<string, V>>({ max: maxUsers });
      caches.add(users as LRUCache<string, Map<string, unknown>>);
      return {
        async read(userId, key, load) {
          if (active()) {
            const entry = users.get(userId);
            if (entry?.has(key)) return entry.get(key)!;
          }
          const before = epoch;
          const value = await load();
          if (epoch === before && active()) {
            let entry = users.get(userId);
            if (!entry) users.set(userId, (entry = new Map()));
            if (entry.size >= MAX_KEYS_PER_USER) entry.clear();
            entry.set(key, value);
          }
          return value;
        },
      };
    },

    async settle() {
      const seq = ++barrierCount;
      let resolve!: () => void;
      const settled = new Promise<void>((r) => (resolve = r));
      const barrier: Barrier = { resolve, acked: new Set() };
      barriers.set(seq, barrier);
      // Right on its own: an instance still answering from its caches after this long renewed
      // its lease with a heartbeat sent after the change committed, so it has read the change.
      const cap = setTimeout(resolve, leaseMs + MARGIN_MS);
      try {
        await notify(`b:${instance}:${seq}`);
      } catch (error) {
        logger.warn({ err: error }, "cache coherence: barrier not sent; waiting out the lease");
      }
      await settled;
      clearTimeout(cap);
      clearTimeout(barrier.timer);
      barriers.delete(seq);
    },

    get active() {
      return active();
    },

    async close() {
      closed = true;
      clearInterval(timer);
      const old = subscription;
      subscription = undefined;
      subscribedBy = 0;
      listening = false;
      forgetAll();
      await old?.close().catch(() => {});
    },
  };
}
