import type { Context } from "hono";

/** The bearer token of the Authorization header, if there is one. */
export function bearer(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
