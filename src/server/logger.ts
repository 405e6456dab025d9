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
