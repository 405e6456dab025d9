import type { Config } from "@/server/config";

/** `redirect_to` when it is on the site or an allowed origin, else the site. */
export type RedirectTarget = (redirectTo: string | undefined) => string;

/** Longer than any link of ours: a `redirect_to` this long is not followed (browsers' URL limits). */
const REDIRECT_TO_MAX_LENGTH = 2048;

/** Emailed links lead back only to the site or an origin CORS allows (docs/decisions/0069). */
export function createRedirectTarget(config: Config): RedirectTarget {
  const allowedOrigins = new Set([
    new URL(config.siteUrl).origin,
    ...config.auth.corsAllowedOrigins.map((origin) => new URL(origin).origin),
  ]);
  return (redirectTo) => {
    if (redirectTo && redirectTo.length <= REDIRECT_TO_MAX_LENGTH && URL.canParse(redirectTo)) {
      const url = new URL(redirectTo);
      if (allowedOrigins.has(url.origin)) return url.toString();
    }
    return `${config.siteUrl}/`;
  };
}
