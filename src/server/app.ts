import { randomUUID } from "node:crypto";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import { timingSafeEqual } from "node:crypto";
import { isDatabaseUnavailable } from "./db/client";
import { authRoutes } from "./auth/routes";
import { billingRoutes } from "./billing/routes";
import { functionsRoutes } from "./functions/routes";
import { outboxRoutes } from "./mail/outbox-routes";
import { sharedPageRoutes } from "./share/shared-page-routes";
import { bearer } from "./http/bearer";
import type { AppEnv } from "./http/env";
import { isClientAbort } from "./http/client-abort";
import { ApiError, codeOfStatus, sendError } from "./http/errors";
import { lazyChild } from "./logger";
import { appPageHeaders, securityHeaders } from "./http/security-headers";
import type { Services } from "./services";
import {
  byteLength,
  injectAppConfig,
  injectBanner,
  negotiate,
  responseBody,
  textOf,
  type SpaAssets,
  type StaticFile,
} from "./static";

export type AppDeps = {
  /** Config, database, logger and the modules, built once (services.ts). */
  services: Services;
  /** The built SPA; null when the client has not been built (API-only, e.g. in tests). */
  spa: SpaAssets | null;
  /** Values the browser needs at start-up, embedded in index.html. Never secrets. */
  appConfig?: Record<string, unknown>;
};

/** A request id a proxy in front of us may pass on; anything else is replaced by our own. */
const requestIdPattern = /^[\w\-=]{1,255}$/;

/** Paths that belong to the API: an unknown one gets a JSON 404, never the SPA's HTML. */
const apiPrefixes = ["/auth/v1/", "/functions/v1/", "/billing/stripe/", "/api/", "/metrics"];

export function createApp(deps: AppDeps) {
  const { services } = deps;
  const { config, database, logger, metrics } = services;
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header("x-request-id");
    const reqId = incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();
    c.set("requestId", reqId);
    c.set("log", lazyChild(logger, { reqId }));
    c.header("X-Request-Id", reqId);
    await next();
    const seconds = (performance.now() - started) / 1000;
    // The route whose handler ran last: the one that answered, or a catch-all that passed on.
    const route = routePath(c);
    // A catch-all that answered 404 is no route: one label for every unknown path.
    const unmatched = c.res.status === 404 && route.endsWith("*");
    metrics.request(c.req.method, unmatched ? "unmatched" : route, c.res.status, seconds);
    if (logger.isLevelEnabled("info")) {
      logger.info(
        {
          reqId,
          method: c.req.method,
          // The route's template, never the path itself: a path may be a capability
          // (/billing/portal/{token}), and a query string may carry a redirect or a code.
          path: loggedPath(c.req.path, route),
          status: c.res.status,
          ms: Math.round(seconds * 10_000) / 10,
        },
        "request",
      );
    }
  });

  app.use(securityHeaders(config));

  // Liveness and database readiness. Logged when the answer changes, not on every probe.
  let databaseUp = true;
  app.get("/health", async (c) => {
    try {
      await database.ping();
      if (!databaseUp) logger.info("health check: database reachable again");
      databaseUp = true;
      return c.json({ status: "ok" });
    } catch (error) {
      if (databaseUp) c.var.log.warn({ err: error }, "health check: database unreachable");
      databaseUp = false;
      return c.json({ status: "unavailable" }, 503);
    }
  });

  // Prometheus scrapes this with the configured bearer token; without one there is no /metrics.
  const metricsToken = config.metricsToken;
  if (metricsToken) {
    app.get("/metrics", async (c) => {
      if (!tokensMatch(bearer(c), metricsToken)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        throw new ApiError("unauthorized", "This endpoint needs the metrics token.");
      }
      c.header("Content-Type", metrics.registry.contentType);
      c.header("Cache-Control", "no-store");
      return c.body(await metrics.registry.metrics());
    });
  }

  // Every module mounts the same way: a factory of the services, answering a Hono router.
  app.route("/auth/v1", authRoutes(services));
  app.route("/functions/v1", functionsRoutes(services));
  app.route("/billing", billingRoutes(services));
  // A shared session's read-only page, for someone with the link and no account.
  app.route("/shared", sharedPageRoutes(services));
  // Only where mail would otherwise go nowhere and only this machine can be the site.
  if (config.mail.transport === "outbox") app.route("/outbox", outboxRoutes(services));

  if (config.env === "development") {
    // `npm run dev` serves index.html from Vite, which embeds this (see vite.config.ts).
    app.get("/__dev/app-config", (c) => c.json(deps.appConfig ?? {}));
  }
  mountSpa(app, deps);

  app.notFound((c) => sendError(c, new ApiError("not_found", "Not found")));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      // An engine or provider that failed: the request's id ties this line to the answer.
      if (error.status >= 500) {
        (c.var.log ?? logger).warn(
          { code: error.code, err: error.message },
          "server error answered",
        );
      }
      return sendError(c, error);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return sendError(c, new ApiError(codeOfStatus(error.status), error.message || "Bad request"));
    }
    if (isClientAbort(c, error)) {
      // The client hung up mid-body: nobody reads this answer, and nothing is wrong here.
      (c.var.log ?? logger).info("request aborted by the client before its body ended");
      return sendError(c, new ApiError("bad_request", "The request body ended early."));
    }
    if (isDatabaseUnavailable(error)) {
      // Not the client's fault, and not a reason to sign anyone out: try again in a moment.
      (c.var.log ?? logger).warn({ err: error }, "database unreachable");
      return sendError(
        c,
        new ApiError(
          "unavailable",
          "The service is briefly unavailable. Please try again in a moment.",
          { headers: { "Retry-After": "1" } },
        ),
      );
    }
    (c.var.log ?? logger).error({ err: error }, "unhandled error");
    return sendError(
      c,
      new ApiError("internal", "Something went wrong on our side. Please try again."),
    );
  });

  return app;
}

function mountSpa(app: Hono<AppEnv>, deps: AppDeps) {
  const { spa } = deps;
  if (!spa) return;

  // Anyone can subscribe for free through the test checkout on a public demo site: every page
  // says so, above the app, as markup the stylesheet styles (no inline style or script).
  const { billing } = deps.services.config;
  const demo = billing.provider === "local" && billing.publicDemo;
  const page = (source: string): Omit<StaticFile, "immutable"> => {
    const withConfig = injectAppConfig(source, deps.appConfig ?? {});
    const html = Buffer.from(demo ? injectBanner(withConfig, testModeBanner) : withConfig);
    return {
      body: html,
      br: brotliCompressSync(html),
      gzip: gzipSync(html),
      type: "text/html; charset=utf-8",
    };
  };
  const index = page(spa.indexHtml);
  // index.html carries the pre-rendered landing page (scripts/prerender.mjs); every other client
  // route gets the empty shell, so it never flashes the landing page before its own content.
  const shellFile = spa.files.get("/shell.html");
  spa.files.delete("/shell.html");
  const shell = shellFile ? page(textOf(shellFile.body)) : index;

  const send = (c: Context, file: Omit<StaticFile, "immutable">, cacheControl: string) => {
    const { body, encoding } = negotiate(file, c.req.header("accept-encoding"));
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      "Content-Length": String(byteLength(body)),
      "Cache-Control": cacheControl,
      Vary: "Accept-Encoding",
    };
    if (encoding) headers["Content-Encoding"] = encoding;
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(responseBody(body), 200, headers);
  };

  app.on(["GET", "HEAD"], "*", (c, next) => {
    const path = c.req.path;
    if (apiPrefixes.some((prefix) => path.startsWith(prefix))) return next();
    const file = spa.files.get(path);
    if (file) {
      const cache = file.immutable ? "public, max-age=31536000, immutable" : "public, max-age=300";
      return send(c, file, cache);
    }
    // A missing hashed asset is a real 404; every other path is a client-side route.
    if (path.startsWith("/assets/")) return next();
    appPageHeaders(c, deps.services.config);
    return send(c, path === "/" ? index : shell, "no-cache");
  });
}

/** Styled by `.test-mode-banner` in src/client/styles.css; outside #root, so React leaves it. */
const testModeBanner =
  '<aside class="test-mode-banner" aria-label="Test mode"><strong>TEST MODE</strong> — ' +
  "this is a demo: anyone can subscribe to Premium for free with the test card " +
  "4242 4242 4242 4242. No real payment is taken.</aside>";

/**
 * What the request log says of a path: the matched route's template (`/billing/portal/:token`),
 * or, for a path only a catch-all took (the app's pages, unknown paths), the path with every
 * segment that is not a plain word masked, since a mistyped or foreign link may carry a token.
 */
function loggedPath(path: string, route: string): string {
  if (!route.endsWith("*")) return route;
  return path
    .split("/")
    .map((segment) => (segment === "" || plainSegment.test(segment) ? segment : ":redacted"))
    .join("/");
}
/** Lower-case words and dashes, a version number (`v1`), an extension: never a random token. */
const plainSegment = /^[a-z][a-z-]{0,31}\d{0,2}(\.[a-z0-9]{1,8})?$/;

/** Compares a presented token with the secret in constant time. */
function tokensMatch(presented: string | undefined, secret: string): boolean {
  const a = Buffer.from(presented ?? "");
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
