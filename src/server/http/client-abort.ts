import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * Whether `error` is this request's body failing because the client hung up before sending all
 * of it (a closed tab, a lost connection). Node fails the read with the request's own error
 * (ECONNRESET "aborted"), which looks like a dropped database connection to
 * `isDatabaseUnavailable`; it is neither an outage nor our fault, and nobody is left to answer.
 */
export function isClientAbort(c: Context, error: unknown): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.complete || !incoming.errored) return false;
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (cause === incoming.errored) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
