import { createApp, type AppDeps } from "@/server/app";
import { loadConfig, type Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import { createLogger } from "@/server/logger";
import { closeServices, createServices, type Services } from "@/server/services";
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
  options: { env?: Record<string, string> } & Partial<AppDeps> = {},
): Promise<TestApp> {
  const { env, ...overrides } = options;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  const database = overrides.database ?? (await createTestDatabase());
  const logger = createLogger("silent");
  const services = overrides.services ?? (await createServices(config, database, logger));
  const app = createApp({ config, database, logger, services, spa: null, ...overrides });
  return {
    app,
    config,
    database,
    services,
    close: async () => {
      await closeServices(services);
      if (!overrides.database) await database.close();
    },
  };
}
