import type { Context } from "hono";

/**
 * The origin the browser used to reach us, for links back to the site (checkout and portal
 * return addresses): the request's `Origin` when it names this very server (the site opened as
 * 127.0.0.1 or a LAN address rather than SITE_URL, where the signed-in session lives), else
 * SITE_URL. A foreign origin never gets its own address back.
 */
export function siteOrigin(c: Context, siteUrl: string): string {
  const origin = c.req.header("origin");
  const host = c.req.header("host");
  if (!origin || !host) return siteUrl;
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return siteUrl;
  return url.host === host && url.protocol === new URL(c.req.url).protocol ? url.origin : siteUrl;
}
