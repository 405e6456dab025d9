import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { Config } from "@/server/config";

/**
 * CORS for the endpoints supabase-js calls (/auth/v1/*, /functions/v1/*). The site itself is
 * same-origin and needs none; other origins are allowed only when listed in
 * CORS_ALLOWED_ORIGINS.
 *
 * Requests without an `Origin` (same-origin calls, servers, the benchmarks) skip Hono's `cors`:
 * it has nothing to add for them but `Vary`, and it touches `c.res` before the handler runs,
 * which makes Hono rebuild every response (measured at about a tenth of the CPU of
 * `check-subscription`).
 */
export function supabaseCors(config: Config): MiddlewareHandler {
  const allowed = new Set(config.auth.corsAllowedOrigins);
  const handle = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowHeaders: [
      "apikey",
      "authorization",
      "content-type",
      "x-client-info",
      "x-supabase-api-version",
    ],
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    exposeHeaders: ["X-Supabase-Api-Version", "X-Request-Id"],
    maxAge: 600,
  });
  return (c, next) => {
    if (c.req.method === "OPTIONS" || c.req.header("origin") !== undefined) return handle(c, next);
    c.header("Vary", "Origin"); // no shared cache may give this to a cross-origin call
    return next();
  };
}
