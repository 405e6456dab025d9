/**
 * Calls to the providers we do not run (an OpenAI-compatible server, Stripe): retries of
 * temporary failures (429, 5xx, a dropped connection), all inside ONE deadline. The SDKs' own
 * retries are off: their back-off sleeps ignore our abort signal and honour a `Retry-After` of a
 * minute or more, so a request could wait minutes past `AI_TIMEOUT_MS`. Here a wait that would
 * outlast the deadline is not waited: the call fails at once with `ProviderBusyError`, which says
 * when to try again (docs/decisions/0066-provider-deadlines.md).
 */

/** A timer that aborts the call when it fires, joined with the caller's signal. */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private endsAt = 0;
  fired = false;
  readonly signal: AbortSignal;

  constructor(
    private readonly ms: number,
    /** The caller's signal, e.g. the client going away. */
    readonly outer?: AbortSignal,
  ) {
    this.signal = outer ? AbortSignal.any([outer, this.controller.signal]) : this.controller.signal;
    this.restart();
  }

  /** A fresh allowance, e.g. after each token of a streamed answer. */
  restart() {
    clearTimeout(this.timer);
    this.endsAt = Date.now() + this.ms;
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new Error("deadline"));
    }, this.ms);
    this.timer.unref();
  }

  remainingMs(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  clear() {
    clearTimeout(this.timer);
  }
}

/** The provider asked us to wait longer than the deadline leaves: try again after `retryAfterSeconds`. */
export class ProviderBusyError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super(`The provider asked to retry after ${retryAfterSeconds} s`, options);
    this.name = "ProviderBusyError";
  }
}

/** Whether a failed attempt may be tried again, and how long the provider asked us to wait. */
export type RetryVerdict = { retry: false } | { retry: true; afterMs?: number };

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/**
 * Runs `attempt` until it succeeds, fails for good, runs out of retries, or the next wait would
 * not end before the deadline. Waits are `afterMs` when the provider gave one, else exponential
 * back-off with jitter; every wait ends early when the deadline fires.
 */
export async function callWithRetries<T>(options: {
  deadline: Deadline;
  maxRetries: number;
  attempt: (signal: AbortSignal) => Promise<T>;
  classify: (error: unknown) => RetryVerdict;
}): Promise<T> {
  const { deadline } = options;
  for (let retry = 0; ; retry++) {
    try {
      return await options.attempt(deadline.signal);
    } catch (error) {
      if (deadline.signal.aborted) throw error;
      const verdict = options.classify(error);
      if (!verdict.retry) throw error;
      const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** retry, MAX_BACKOFF_MS);
      const waitMs = verdict.afterMs ?? backoff * (0.75 + Math.random() * 0.5);
      if (retry >= options.maxRetries) throw error; // the provider keeps failing
      if (waitMs >= deadline.remainingMs()) {
        // Waiting would outlast the deadline: when the provider said when it will take us
        // again, pass that on.
        if (verdict.afterMs === undefined) throw error;
        const seconds = Math.max(1, Math.ceil(verdict.afterMs / 1000));
        throw new ProviderBusyError(seconds, { cause: error });
      }
      await sleep(waitMs, deadline.signal);
      if (deadline.signal.aborted) throw deadline.signal.reason ?? error;
    }
  }
}

/**
 * A `Retry-After` (seconds or an HTTP date) or `retry-after-ms` header in milliseconds, or
 * undefined when there is none or it makes no sense.
 */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined) {
  const ms = Number(headers?.get("retry-after-ms"));
  if (headers?.get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
