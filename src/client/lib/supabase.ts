import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/**
 * The supabase-js client, talking to our own server's GoTrue-compatible /auth/v1 and
 * /functions/v1. Loaded on demand through `getSupabase()` in ./auth.tsx — never import this
 * module statically from a page: it is ~50 KB gzipped and must stay out of the landing page's
 * first load.
 */
type AppConfig = { url?: string; publicKey?: string };

function readAppConfig(): AppConfig {
  const block = document.getElementById("app-config");
  try {
    return block?.textContent ? (JSON.parse(block.textContent) as AppConfig) : {};
  } catch {
    return {};
  }
}

export function createSupabase(): SupabaseClient {
  const config = readAppConfig();
  // The page and the API are served by one server, so the API is the page's own origin; this
  // also holds when the site is reached under another name than SITE_URL (127.0.0.1, a LAN IP).
  // Without an embedded key (the Vite dev server), any placeholder works: the key is public and
  // our server does not require it.
  return createClient(window.location.origin, config.publicKey || "public-client-key", {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      // Emailed links come back with `?code=…`, which only this browser's stored verifier turns
      // into a session (docs/decisions/0082). A session in a URL fragment is never taken: anyone
      // can craft such a link to slip a victim into the attacker's account.
      flowType: "pkce",
      // From the fragment, only why a link failed; `?code=…` is detected by supabase-js itself,
      // and only while a verifier is stored, so other redirects' query strings are left alone.
      detectSessionInUrl: (url, params) => url.hash.length > 1 && Boolean(params.error_code),
    },
  });
}
