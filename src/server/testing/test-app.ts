import { createApp, type AppDeps } from "../app";
import { loadConfig, type Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import { createLogger } from "../logger";
import { createTestDatabase } from "./test-database";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
};

/** The real app on a real (fresh) database, called in-process with `app.request()`. */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const database = overrides.database ?? (await createTestDatabase());
  const logger = createLogger("silent");
  const app = createApp({ config, database, logger, spa: null, ...overrides });
  return { app, config, database, close: () => database.close() };
}
