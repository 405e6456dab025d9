import { loadConfigOrExit } from "./config";
import { createLogger } from "./logger";
import { startServer } from "./server";
import { startWorker } from "./worker";

/** The process entry point: configuration, start-up, and graceful shutdown on signals. */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);

  let server;
  try {
    server =
      config.role === "worker"
        ? await startWorker(config, logger)
        : await startServer(config, logger);
  } catch (error) {
    logger.fatal({ err: error }, `could not start: ${(error as Error).message}`);
    logger.flush();
    process.exit(1);
  }
  if (config.role !== "worker") logger.info(`Interview Coach is ready at ${config.siteUrl}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  // A promise nobody awaited failed: a bug to fix, but the failure stayed inside that promise,
  // so the process is sound and keeps serving.
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection (kept serving)");
  });
  // A throw that unwound to the event loop may have left any state half-changed: log it, stop
  // taking requests, and exit non-zero for the supervisor to start a clean process.
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception: exiting for a clean restart");
    logger.flush();
    const exit = setTimeout(() => process.exit(1), 3_000);
    exit.unref();
    server.close().finally(() => process.exit(1));
  });
}

void main();
