import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * Hono's `bodyLimit`, minus its cost on requests that carry no body. Reading `c.req.raw.body`
 * makes @hono/node-server build a full web `Request` with a stream — about a tenth of the CPU
 * of a bodyless `POST` such as `check-subscription`. HTTP/1.1 framing tells us enough without it:
 * no `Transfer-Encoding` and no (or a zero) `Content-Length` means no body, and Node's parser never
 * delivers more than a declared `Content-Length`. Chunked bodies, and requests that did not come
 * through Node's HTTP parser (`app.request` in tests), still go through `bodyLimit`.
 */
export function limitBody(options: {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler {
  const streaming = bodyLimit(options);
  return (c, next) => {
    if (!fromNodeHttp(c) || c.req.header("transfer-encoding") !== undefined) {
      return streaming(c, next);
    }
    const length = c.req.header("content-length");
    if (length === undefined) return next();
    const bytes = Number(length);
    if (!Number.isSafeInteger(bytes) || bytes < 0) return streaming(c, next);
    return bytes > options.maxSize ? Promise.resolve(options.onError(c)) : next();
  };
}

/** True when the request declares a body (a non-zero `Content-Length`, or chunked). */
export function hasBody(c: Context): boolean {
  if (!fromNodeHttp(c)) return c.req.raw.body !== null;
  if (c.req.header("transfer-encoding") !== undefined) return true;
  const length = c.req.header("content-length");
  return length !== undefined && length !== "0";
}

/** Whether HTTP/1.1 framing applies: the request came through @hono/node-server. */
const fromNodeHttp = (c: Context) =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming !== undefined;
