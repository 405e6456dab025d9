import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { Server } from "node:http";
import { createApp } from "./app";
import type { Config } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/client";
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

export async function startServer(
  config: Config,
  logger: Logger,
  options: { clientDir?: string } = {},
): Promise<RunningServer> {
  const [database, spa] = await Promise.all([
    openDatabase(
      config.databaseUrl
        ? {
            kind: "postgres",
            url: config.databaseUrl,
            onConnectionError: (error) =>
              logger.warn({ err: error }, "database connection lost; reconnecting on demand"),
          }
        : { kind: "pglite", dataDir: config.dataDir },
    ),
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
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
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
  logger.info({ port, host: config.host, database: database.kind }, "server listening");

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

function formatHost(host: string) {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}
