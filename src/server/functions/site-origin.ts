import type { Context } from "hono";
import { isLoopbackSite } from "@/server/config";

/**
 * The origin for links back to the site (checkout and portal return addresses): SITE_URL.
 * `Host` and `Origin` are whatever the caller sends, and a return address from them would let
 * anyone make a real checkout or portal page that sends its payer on to a site of their choosing.
 *
 * One exception, for development: on a site only this machine serves (a loopback SITE_URL), the
 * browser may have opened it as 127.0.0.1 or a LAN address, where its signed-in session lives;
 * there, an `Origin` naming this very server (as `Host` says) is kept.
 */
export function siteOrigin(c: Context, siteUrl: string): string {
  if (!isLoopbackSite(siteUrl)) return siteUrl;
  const origin = c.req.header("origin");
  const host = c.req.header("host");
  if (!origin || !host) return siteUrl;
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return siteUrl;
  return url.host === host && url.protocol === new URL(c.req.url).protocol ? url.origin : siteUrl;
}
