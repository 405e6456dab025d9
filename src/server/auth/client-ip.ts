import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import type { TrustProxy } from "@/server/config";

/**
 * The caller's address as a rate-limit key: an IPv4 address, or an IPv6 client's /64 (one
 * subscriber line gets a whole /64, so its single addresses cost nothing to rotate). Without a
 * socket (never the case on @hono/node-server) the key is "unknown".
 */
export function clientIp(c: Context, trustProxy: TrustProxy): string {
  const address = clientAddress(c, trustProxy);
  return address === undefined ? "unknown" : rateLimitKey(address);
}

/**
 * The caller's address: the socket's, or with TRUST_PROXY the X-Forwarded-For entry our own
 * proxies wrote (docs/decisions/0078). Each proxy appends the address it was reached from, so
 * the entries are read from the right, nearest first: `{ hops: n }` takes the one n proxies in;
 * `{ proxies }` skips every entry (the socket first) from a listed proxy and takes the next.
 * Anything left of that was written by the client and is never read.
 */
function clientAddress(c: Context, trustProxy: TrustProxy): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const socket = incoming?.socket?.remoteAddress;
  if (socket === undefined || trustProxy === false) return socket;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Nearest first: the proxy that connected to us, then what each proxy was reached from.
  const chain = [socket, ...forwarded.reverse()];
  if ("hops" in trustProxy) return chain[Math.min(trustProxy.hops, chain.length - 1)];
  const fromProxy = (entry: string) => {
    const address = parseAddress(entry);
    return (
      address !== undefined &&
      trustProxy.proxies.some((range) => range[0].kind() === address.kind() && address.match(range))
    );
  };
  return chain.find((entry) => !fromProxy(entry)) ?? chain.at(-1);
}

/** An address as written by a socket or a proxy (IPv4-mapped IPv6 as IPv4; a port dropped). */
function parseAddress(entry: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = entry.startsWith("[")
    ? entry.slice(1, entry.indexOf("]"))
    : /^[\d.]+:\d+$/.test(entry)
      ? entry.slice(0, entry.indexOf(":"))
      : entry;
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return undefined;
  return ipaddr.process(bare);
}

function rateLimitKey(entry: string): string {
  const address = parseAddress(entry);
  if (address === undefined) return entry.slice(0, 64);
  if (address.kind() === "ipv4") return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}
