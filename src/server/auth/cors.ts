import { cors } from "hono/cors";
import type { Config } from "../config";

/**
 * CORS for the endpoints supabase-js calls (/auth/v1/*, /functions/v1/*). The site itself is
 * same-origin and needs none; other origins are allowed only when listed in
 * CORS_ALLOWED_ORIGINS.
 */
export function supabaseCors(config: Config) {
  const allowed = new Set(config.auth.corsAllowedOrigins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowHeaders: [
      "apikey",
      "authorization",
      "content-type",
      "x-client-info",
      "x-supabase-api-version",
    ],
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    exposeHeaders: ["X-Supabase-Api-Version"],
    maxAge: 600,
  });
}
