import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";

/**
 * The request body may be at most `maxSize` bytes; beyond it, `onTooLarge` answers (a 413, in the
 * route's own shape). The one body limit of every route that takes a body.
 *
 * A body whose declared length (`Content-Length`) is over the limit is refused before anything
 * opens it: the HTTP server then reads and discards what the client is still sending, and the
 * connection stays open for its next request. Hono's middleware alone opens the body's stream
 * first, and a stream opened and left unread stops that discarding: the server closed the
 * connection half a second later, by when a client (fetch keeps connections alive) could have
 * sent its next request on it — which failed with a reset instead of an answer.
 *
 * A body that grows past the limit as it streams (no length declared) has been partly read and
 * nobody will read the rest: its answer says `Connection: close`, so that no client sends another
 * request on that connection.
 */
export function bodyLimit(
  maxSize: number,
  onTooLarge: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const streamed = honoBodyLimit({
    maxSize,
    onError: (c) => {
      c.header("Connection", "close");
      return onTooLarge(c);
    },
  });
  return async (c, next) => {
    const declared = c.req.header("content-length");
    if (
      declared !== undefined &&
      c.req.header("transfer-encoding") === undefined &&
      Number(declared) > maxSize
    ) {
      return onTooLarge(c);
    }
    return streamed(c, next);
  };
}
