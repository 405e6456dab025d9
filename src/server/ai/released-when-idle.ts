/** How long a recogniser stays loaded without a call before its threads are let go. */
const RECOGNISER_IDLE_MS = 10 * 60_000;

/**
 * An engine built on first use and closed again after `idleMs` without a call, so a process
 * whose users have gone gives its recognisers' hundreds of megabytes back; the next call builds
 * it again (the answer recogniser: a few seconds more on that answer, docs/decisions/0085).
 */
export function releasedWhenIdle<T extends { close(): Promise<void> }>(
  create: () => T,
  idleMs = RECOGNISER_IDLE_MS,
) {
  let engine: T | undefined;
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  const idleFromNow = () => {
    clearTimeout(timer);
    if (running > 0 || !engine) return;
    timer = setTimeout(() => {
      const idle = engine;
      engine = undefined;
      void idle?.close();
    }, idleMs);
    timer.unref();
  };
  return {
    peek: () => engine,
    /** The engine, built if need be; the idle time starts again. */
    touch(): T {
      engine ??= create();
      idleFromNow();
      return engine;
    },
    async use<R>(call: (engine: T) => Promise<R>): Promise<R> {
      engine ??= create();
      running++;
      clearTimeout(timer);
      try {
        return await call(engine);
      } finally {
        running--;
        idleFromNow();
      }
    },
    async close() {
      clearTimeout(timer);
      const closing = engine;
      engine = undefined;
      await closing?.close();
    },
  };
}
