import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "@/server/config";
import type { AppEnv } from "./env";

/**
 * The one place that sets security headers (decision 0068). Every response gets the baseline
 * from `securityHeaders(config)`, the first middleware in app.ts: API answers need no more than a
 * policy that loads nothing and cannot be framed. An HTML document then swaps in its own policy:
 * `appPageHeaders` for the single-page app, `renderedPageHeaders` for a page the server renders
 * with an inline `<style nonce>` (the local billing pages). All of them through `c.header()`, so a
 * later call replaces an earlier one.
 */

type Directives = Record<string, string[]>;

const policy = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");

/** What an API answer (JSON, a redirect, an asset) may do if a browser renders it: nothing. */
const apiPolicy = policy({ "default-src": ["'none'"], "frame-ancestors": ["'none'"] });

/** Shared by every document: no plugins, no <base>, forms post to us, nobody frames us. */
const documentDirectives: Directives = {
  "default-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/**
 * The microphone for our own pages (recording a question or an answer); the other powerful
 * features for nobody, embedded frames included.
 */
const permissionsPolicy = [
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "microphone=(self)",
  "payment=()",
  "usb=()",
].join(", ");

/** Baseline headers on every response; HSTS only when the site is served over https. */
export function securityHeaders(config: Config): MiddlewareHandler<AppEnv> {
  const headers: [string, string][] = [
    ["Content-Security-Policy", apiPolicy],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ];
  if (new URL(config.siteUrl).protocol === "https:") {
    headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  }
  return async (c, next) => {
    for (const [name, value] of headers) c.header(name, value);
    await next();
  };
}

function setDocumentHeaders(c: Context, contentSecurityPolicy: string) {
  c.header("Content-Security-Policy", contentSecurityPolicy);
  c.header("Permissions-Policy", permissionsPolicy);
  c.header("Cross-Origin-Opener-Policy", "same-origin");
}

/**
 * The single-page app's document: scripts and stylesheets from our origin only (the runtime
 * config is a JSON data block, never run). Inline styles are allowed: the pre-rendered landing
 * page carries `style` attributes and sonner injects its stylesheet at run time (decision 0068).
 * Calls go to our origin and to SITE_URL's (the address the browser reached may differ from it);
 * recordings play back from `blob:` URLs. `'wasm-unsafe-eval'` lets the page compile WebAssembly
 * (the interviewer's speech detector, Silero on onnxruntime-web, from our origin): it allows
 * WebAssembly only, never `eval` or `new Function`, and the code it compiles still has to come
 * from a source the policy allows. Its AudioWorklet loads as a script from 'self'.
 */
export function appPageHeaders(c: Context, config: Config): void {
  const siteOrigin = new URL(config.siteUrl).origin;
  setDocumentHeaders(
    c,
    policy({
      ...documentDirectives,
      "script-src": ["'self'", "'wasm-unsafe-eval'"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'"],
      "connect-src": ["'self'", siteOrigin],
      "media-src": ["blob:"],
    }),
  );
}

/**
 * A page the server renders whole, with its styles in one `<style nonce>`: no scripts at all.
 * Answers the nonce for the page's `<style>`.
 */
export function renderedPageHeaders(c: Context): string {
  const nonce = randomBytes(16).toString("base64");
  setDocumentHeaders(
    c,
    policy({ ...documentDirectives, "style-src": [`'nonce-${nonce}'`], "img-src": ["'self'"] }),
  );
  return nonce;
}

/**
 * A shared session's page (docs/decisions/0111): a rendered page, as above, that search engines
 * leave out and whose address — it carries the link's token — is never sent on as a referrer.
 */
export function sharedPageHeaders(c: Context): string {
  const nonce = renderedPageHeaders(c);
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Robots-Tag", "noindex, nofollow");
  return nonce;
}

/**
 * An email's own HTML shown by the built-in outbox, as a mail client shows it: its inline styles,
 * its images, and no script, form or plugin (sandboxed); its links open at the user's click.
 */
export function mailPreviewHeaders(c: Context): void {
  setDocumentHeaders(
    c,
    policy({
      ...documentDirectives,
      "style-src": ["'unsafe-inline'"],
      "img-src": ["'self'", "data:"],
      "form-action": ["'none'"],
      sandbox: ["allow-popups", "allow-top-navigation-by-user-activation"],
    }),
  );
}
