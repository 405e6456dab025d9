import { pino, type Logger } from "pino";

export type { Logger };

/**
 * JSON logs. Anything that could carry a secret is redacted by path, as a second line of
 * defence: the code never logs bodies, headers or tokens on purpose. Errors go through
 * `serializeError`, which keeps what went wrong and where, never what a query carried.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "interview-coach" },
      serializers: { err: serializeError },
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

/** Causes followed down a chain (a query error wraps the driver's, which may wrap another). */
const MAX_CAUSES = 5;

/**
 * What a PostgreSQL error (node-postgres and PGlite alike) may keep: its SQLSTATE and the names
 * of what it concerns. `detail`, `hint`, `where` and `internalQuery` quote the row's values
 * ("Key (email)=(…) already exists"), so they are never logged.
 */
const DATABASE_ERROR_FIELDS = [
  "code",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
] as const;

/** Fields that hold a statement or its values, whichever error carries them. */
const VALUE_FIELDS = new Set([
  "query",
  "params",
  "parameters",
  "sql",
  "values",
  "detail",
  "hint",
  "where",
  "internalQuery",
  "position",
  "internalPosition",
  "cause",
]);

/**
 * drizzle's DrizzleQueryError says "Failed query: {statement}\nparams: {values}" (with the
 * driver's message after it when an error wraps it): the values were a sign-up's email and
 * password hash. Everything from "Failed query:" on goes, wherever the text was copied to.
 */
const FAILED_QUERY = /Failed query:[\s\S]*/;
const FAILED_QUERY_SAID = "Failed query (statement and parameters not logged)";

type SerializedError = Record<string, unknown> & { type: string; message: string; stack?: string };

/**
 * pino's `err` serializer: the error's type, message, stack frames and harmless fields, then its
 * causes the same way. A database error keeps its code and the names of the table, column and
 * constraint; its message loses every quoted literal (PostgreSQL quotes the values it names:
 * `invalid input syntax for type uuid: "…"`). Non-errors (a message logged as `err`) are text.
 */
function serializeError(value: unknown): unknown {
  if (typeof value === "string") return value.replace(FAILED_QUERY, FAILED_QUERY_SAID);
  if (!(value instanceof Error)) return value;
  return serializeOne(value, 0);
}

function serializeOne(error: Error, depth: number): SerializedError {
  const database = isDatabaseError(error);
  // PGlite's minified classes are called "O" and the like: name a database error as such.
  const named = error.constructor?.name;
  const type = database
    ? "DatabaseError"
    : named && named !== "Error" && named !== "Object"
      ? named
      : error.name;
  let message = String(error.message).replace(FAILED_QUERY, FAILED_QUERY_SAID);
  if (database) message = withoutLiterals(message);
  const serialized: SerializedError = { type, message };
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) serialized.stack = [`${type}: ${message}`, ...frames].join("\n");

  const fields = error as unknown as Record<string, unknown>;
  if (database) {
    for (const name of DATABASE_ERROR_FIELDS) {
      if (typeof fields[name] === "string") serialized[name] = fields[name];
    }
  } else {
    for (const [name, field] of Object.entries(fields)) {
      if (VALUE_FIELDS.has(name) || name in serialized) continue;
      if (typeof field === "string")
        serialized[name] = field.replace(FAILED_QUERY, FAILED_QUERY_SAID);
      else if (typeof field === "number" || typeof field === "boolean") serialized[name] = field;
    }
  }
  if (error.cause instanceof Error && depth < MAX_CAUSES) {
    serialized.cause = serializeOne(error.cause, depth + 1);
  }
  return serialized;
}

/** A PostgreSQL error: a five-character SQLSTATE and a severity, as the server sends them. */
function isDatabaseError(error: Error): boolean {
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string";
}

/** `"…"` and `'…'` in place of each quoted literal (names too: the fields above keep those). */
function withoutLiterals(message: string): string {
  return message.replace(/"(?:[^"]|"")*"/g, '"…"').replace(/'(?:[^']|'')*'/g, "'…'");
}
