import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";

/**
 * Everything the routes need, built once at start-up from the config: the auth service, the
 * billing provider, the AI engines. Route modules receive these; they never build their own.
 * Each module adds its entry here.
 */
export type Services = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
};

export async function createServices(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
): Promise<Services> {
  return { config, database, logger };
}

/** Releases what the services hold (worker pools, timers). The database is closed separately. */
export async function closeServices(_services: Services): Promise<void> {}
