/**
 * Turns a batched lookup (`keys → Map<key, value>`) into a per-key one that coalesces concurrent
 * calls: the calls made in one turn of the event loop go out as one batch, and while
 * `maxInFlight` batches are out, new calls wait and go together in the next. A quiet server adds
 * no latency; a busy one sends one query where it would have sent dozens
 * (docs/decisions/0054-coalesced-lookups.md).
 *
 * The guarantee callers rely on for revocation: the query that answers a call is always sent
 * after the call was made, so it sees every change committed before that moment. Nothing is
 * cached between batches.
 */
export function coalesce<K, V>(
  lookupMany: (keys: K[]) => Promise<Map<K, V>>,
  { maxBatch = 500, maxInFlight = 4 }: { maxBatch?: number; maxInFlight?: number } = {},
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  const waiting = new Map<K, Waiter[]>();
  let inFlight = 0;
  let scheduled = false;

  // Sent from setImmediate, so every call that arrived in this turn of the event loop (all the
  // sockets that had data) shares the query.
  function schedule() {
    if (inFlight >= maxInFlight || scheduled) return;
    scheduled = true;
    setImmediate(send);
  }

  function send() {
    scheduled = false;
    if (inFlight >= maxInFlight || waiting.size === 0) return;
    const batch = new Map<K, Waiter[]>();
    for (const [key, waiters] of waiting) {
      if (batch.size === maxBatch) break;
      batch.set(key, waiters);
      waiting.delete(key);
    }
    inFlight++;
    // Inside a promise, so a lookup that throws synchronously rejects its batch like any other.
    new Promise<Map<K, V>>((resolve) => resolve(lookupMany([...batch.keys()])))
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
        },
      )
      .finally(() => {
        inFlight--;
        send();
      });
    if (waiting.size > 0) schedule(); // more than maxBatch were waiting
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      schedule();
    });
}
