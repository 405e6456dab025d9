import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import type { TestApp } from "./test-app";

/**
 * The unmodified supabase-js client against a test app, as a browser without storage would run
 * it: no persisted session, no timers, nothing read from a URL. `flowType: "pkce"` is what the
 * SPA runs (src/client/lib/supabase.ts): emailed links then come back with `?code=…`.
 */
export function testClient(app: TestApp, flowType: "pkce" | "implicit" = "pkce"): SupabaseClient {
  return createClient(app.url, app.services.auth.publicKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: WebSocket as never },
  });
}

/** Follows an emailed link on `app` (its host is SITE_URL's); answers the redirect's target. */
export async function followLink(app: TestApp, link: string): Promise<URL> {
  const { pathname, search } = new URL(link);
  const res = await app.request(`${pathname}${search}`);
  if (res.status !== 303) throw new Error(`the link answered ${res.status}, not a redirect`);
  return new URL(res.headers.get("location")!);
}

/** One JSON request to the app's /auth/v1, with a bearer token when given. */
export function authRequest(
  app: TestApp,
  path: string,
  init: { method?: string; body?: unknown; token?: string; ip?: string } = {},
): Promise<Response> {
  return app.request(`/auth/v1${path}`, {
    method: init.method ?? "POST",
    headers: {
      "content-type": "application/json",
      ...(init.token && { authorization: `Bearer ${init.token}` }),
      ...(init.ip && { "x-forwarded-for": init.ip }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
