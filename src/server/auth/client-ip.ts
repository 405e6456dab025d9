import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * The caller's IP for rate limiting: the socket's address, or the first X-Forwarded-For entry
 * when the server runs behind a proxy that sets it (TRUST_PROXY). Without a socket (never the
 * case on @hono/node-server) the key is "unknown".
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}
