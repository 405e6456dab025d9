import { STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app";
import type { Config } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { ApiError, errorBody } from "./http/errors";
import type { Logger } from "./logger";
import { clientDistDir } from "./paths";
import { closeServices, createServices } from "./services";
import { loadSpaAssets } from "./static";

export type RunningServer = {
  url: string;
  port: number;
  database: DatabaseHandle;
  /** Stops accepting, lets in-flight requests finish (bounded), then closes the database. */
  close(): Promise<void>;
};

/** Opens the configured database: PostgreSQL with DATABASE_URL, else the embedded one. */
export function openConfiguredDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  return openDatabase(
    config.databaseUrl
      ? {
          kind: "postgres",
          url: config.databaseUrl,
          onConnectionError: (error) =>
            logger.warn({ err: error }, "database connection lost; reconnecting on demand"),
        }
      : { kind: "pglite", dataDir: config.dataDir },
  );
}

export async function startServer(
  config: Config,
  logger: Logger,
  options: { clientDir?: string } = {},
): Promise<RunningServer> {
  const [database, spa] = await Promise.all([
    openConfiguredDatabase(config, logger),
    loadSpaAssets(options.clientDir ?? clientDistDir),
  ]);
  if (!spa) logger.warn("the client is not built (run `npm run build`); serving the API only");

  let services;
  try {
    services = await createServices(config, database, logger);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = createApp({
    services,
    spa,
    appConfig: { url: config.siteUrl, publicKey: services.auth.publicKey },
  });

  let server: ServerType;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serveApp(app.fetch, config, { port: config.port, hostname: config.host }, () =>
        resolve(s),
      );
      s.once("error", reject);
    });
  } catch (error) {
    await closeServices(services);
    await database.close();
    throw error;
  }
  const http = server as Server;
  const port = (http.address() as AddressInfo).port;
  logger.info(
    { port, host: config.host, database: database.kind, role: config.role },
    "server listening",
  );
  // The job queue starts now rather than on the first recording, so jobs left by a process that
  // stopped are taken up (ROLE=all) and /metrics reports the queue from the start.
  if (services.aiJobs) {
    services.jobs.start().catch((error: unknown) => {
      logger.error({ err: error }, "the AI job queue could not start; recordings will fail");
    });
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          logger.warn("in-flight requests did not finish in time; closing their connections");
          http.closeAllConnections();
        }, config.shutdownTimeoutMs);
        force.unref();
        http.close(() => {
          clearTimeout(force);
          resolve();
        });
        http.closeIdleConnections();
      });
      await closeServices(services);
      await database.close();
      logger.info("server stopped");
    })());

  return { url: `http://${formatHost(config.host)}:${port}`, port, database, close };
}

/**
 * The app on Node's HTTP server, with limits on how long a request may take to arrive
 * (docs/decisions/0079): its headers (`headersTimeout`), all of it, body included
 * (`requestTimeout`; the answer may take as long as it needs), and each piece of a body
 * (`bodyIdleTimeoutMs`), so a client that stalls part-way holds a connection for seconds, not
 * minutes. The first two are answered 408; a stalled body's connection is closed.
 */
export function serveApp(
  fetch: Parameters<typeof serve>[0]["fetch"],
  config: Pick<Config, "http">,
  listen: { port: number; hostname: string },
  onListening: () => void,
): ServerType {
  const { headersTimeoutMs, requestTimeoutMs, bodyIdleTimeoutMs } = config.http;
  const server = serve(
    {
      fetch,
      ...listen,
      serverOptions: {
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        // How often Node checks those two; its default (30 s) would add up to 30 s to each.
        connectionsCheckingInterval: Math.min(1_000, headersTimeoutMs / 2),
      },
    },
    onListening,
  );
  server.on("request", (request: IncomingMessage) => dropIfBodyStalls(request, bodyIdleTimeoutMs));
  server.on("clientError", answerClientError);
  return server;
}

/**
 * What Node answers itself, before the app sees a request — HTTP it cannot parse (400), headers
 * over its 16 KB (431), a request slower than the limits above (408) — in the API's error
 * envelope: Node's own answers have no body. As Node does, nothing is written once an answer on
 * the connection has begun, and the connection is then closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  // Node's own test before it answers (the answer in progress on this connection, if any).
  const answering = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (error.code !== "ECONNRESET" && socket.writable && !answering?.headersSent) {
    const refusal =
      error.code === "HPE_HEADER_OVERFLOW"
        ? new ApiError("headers_too_large", "The request's headers are too large.")
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? new ApiError("request_timeout", "The request took too long to arrive.")
          : new ApiError("bad_request", "The request is not valid HTTP.");
    const body = JSON.stringify(errorBody(refusal, undefined));
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Closes the connection when no byte of the request's body arrives for `idleMs`. Counted on the
 * socket rather than with `socket.setTimeout`, which Node also uses for keep-alive and which
 * would count the time we take to answer.
 */
function dropIfBodyStalls(request: IncomingMessage, idleMs: number) {
  const { socket } = request;
  const declared = request.headers["content-length"];
  const hasBody = request.headers["transfer-encoding"] !== undefined || Number(declared) > 0;
  if (!hasBody || request.complete) return;
  let bytesRead = socket.bytesRead;
  const timer = setInterval(() => {
    if (request.complete || socket.destroyed) return clearInterval(timer);
    if (socket.bytesRead === bytesRead) {
      clearInterval(timer);
      socket.destroy();
    }
    bytesRead = socket.bytesRead;
  }, idleMs);
  timer.unref();
  request.once("close", () => clearInterval(timer));
}

function formatHost(host: string) {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}
