import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * Hono's `bodyLimit`, minus its cost on requests that carry no body. Reading `c.req.raw.body`
 * makes @hono/node-server build a full web `Request` with a stream — about a tenth of the CPU
 * of a bodyless `POST` such as `check-subscription`. HTTP/1.1 framing tells us enough without it:
 * no `Transfer-Encoding` and no (or a zero) `Content-Length` means no body, and Node's parser never
 * delivers more than a declared `Content-Length`. Chunked bodies go through `bodyLimit`, which
 * counts them as they arrive.
 *
 * Requests without HTTP/1.x framing (HTTP/2, where `Content-Length` is optional and there is no
 * `Transfer-Encoding`) also go through `bodyLimit`: a missing length must never mean "no limit".
 * That is the one other branch, and it is about the protocol, not about tests — tests serve the
 * app over HTTP/1.1 as production does (decision 0062).
 */
export function limitBody(options: {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler {
  const streaming = bodyLimit(options);
  return (c, next) => {
    if (!http1(c) || c.req.header("transfer-encoding") !== undefined) {
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
  if (!http1(c)) return c.req.raw.body !== null;
  if (c.req.header("transfer-encoding") !== undefined) return true;
  const length = c.req.header("content-length");
  return length !== undefined && length !== "0";
}

/** Whether HTTP/1.x framing applies: the request came through Node's HTTP/1 parser. */
const http1 = (c: Context) =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.httpVersionMajor === 1;
