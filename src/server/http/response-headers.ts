import type { ServerResponse } from "node:http";
import type { Context } from "hono";

/**
 * Sets a header every response of a route carries, straight onto Node's `ServerResponse` (merged
 * into whatever the handler answers, errors and streams included). `c.header()` would instead
 * make Hono build a `Headers` object for every response, taking @hono/node-server off its fast
 * path — measured at a third of the throughput of a small JSON route (decision 0054).
 *
 * The app runs on @hono/node-server only, and tests serve it the same way
 * (tests/support/test-app.ts, decision 0062): there is no second path for `app.request()`.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) {
    throw new Error("setResponseHeader: no Node response; serve the app with @hono/node-server");
  }
  outgoing.setHeader(name, value);
}
