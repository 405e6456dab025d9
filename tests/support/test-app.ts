import { createApp } from "@/server/app";
import { loadConfig, type Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import { createLogger, type Logger } from "@/server/logger";
import { closeServices, createServices, type Services } from "@/server/services";
import type { SpaAssets } from "@/server/static";
import { createTestDatabase } from "./test-database";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  config: Config;
  database: DatabaseHandle;
  services: Services;
  close(): Promise<void>;
};

/**
 * The real app on a real (fresh) database, called in-process with `app.request()`.
 * `env` sets configuration variables exactly as the environment would.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: DatabaseHandle;
    logger?: Logger;
    services?: Services;
    spa?: SpaAssets | null;
    appConfig?: Record<string, unknown>;
  } = {},
): Promise<TestApp> {
  const { env, ...overrides } = options;
  const config =
    overrides.services?.config ?? loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  const database =
    overrides.services?.database ?? overrides.database ?? (await createTestDatabase());
  const logger = overrides.logger ?? createLogger("silent");
  const services = overrides.services ?? (await createServices(config, database, logger));
  const app = createApp({ services, spa: overrides.spa ?? null, appConfig: overrides.appConfig });
  return {
    app,
    config,
    database,
    services,
    close: async () => {
      await closeServices(services);
      if (!overrides.database && !overrides.services) await database.close();
    },
  };
}
