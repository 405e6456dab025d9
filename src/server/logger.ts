import { pino, type Logger } from "pino";

export type { Logger };

/**
 * JSON logs. Anything that could carry a secret is redacted by path, as a second line of
 * defence: the code never logs bodies, headers or tokens on purpose.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "interview-coach" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: [
          "password",
          "*.password",
          "*.*.password",
          "authorization",
          "*.authorization",
          "*.headers.authorization",
          "*.headers.cookie",
          "*.headers.apikey",
          "access_token",
          "refresh_token",
          "*.access_token",
          "*.refresh_token",
          "secret",
          "*.secret",
          "databaseUrl",
          "*.databaseUrl",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

/**
 * `logger.child(bindings)`, made on first use. pino serialises (and redacts) a child's bindings
 * when the child is made, which costs a request that never logs as much as its routing; most
 * requests log only their summary line, which the app writes with the root logger.
 */
export function lazyChild(logger: Logger, bindings: Record<string, unknown>): Logger {
  let child: Logger | undefined;
  return new Proxy(logger, {
    get(_, key) {
      child ??= logger.child(bindings);
      const value: unknown = Reflect.get(child, key, child);
      return typeof value === "function" ? (value as () => unknown).bind(child) : value;
    },
  });
}
