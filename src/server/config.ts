import { availableParallelism } from "node:os";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";

/**
 * The one typed, validated view of the environment. Nothing else in the server reads
 * `process.env`; everything receives a `Config`.
 */

/**
 * One recogniser worker per core but one (the event loop, and PGlite on it, keep a core), at
 * most 4: four answer workers hold up to ~1.2 GB (docs/decisions/0085).
 */
function defaultTranscribeWorkers(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const port = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .url({ error: "must be a URL" })
        .refine((value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol), {
          error: `must start with ${protocols.join(" or ")}//`,
        })
        .optional(),
    );

/** AI_TRANSCRIBER, AI_ANSWERER and AI_EVALUATOR; `auto` is resolved by `engineFor`. */
const aiEngineChoices = ["auto", "openai", "offline"] as const;
const engineChoiceError = `must be one of ${aiEngineChoices.join(", ")}`;
type AiEngine = Exclude<(typeof aiEngineChoices)[number], "auto">;

/** What a process does (docs/decisions/0130): serve, run AI jobs, or both. */
const roles = ["all", "web", "worker"] as const;

const envFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("127.0.0.1"),
  SITE_URL: optionalUrl(["http:", "https:"]),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./.data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(", ")}` }).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  ROLE: z.enum(roles, { error: `must be one of ${roles.join(", ")}` }).default("all"),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(z.string().min(16, "must be at least 16 characters").optional()),
  // practice AI engines (docs/decisions/0050-0059)
  OPENAI_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  AI_BASE_URL: optionalUrl(["http:", "https:"]),
  AI_TRANSCRIBER: z.enum(aiEngineChoices, { error: engineChoiceError }).default("auto"),
  AI_ANSWERER: z.enum(aiEngineChoices, { error: engineChoiceError }).default("auto"),
  AI_EVALUATOR: z.enum(aiEngineChoices, { error: engineChoiceError }).default("auto"),
  AI_TRANSCRIBE_MODEL: z.string().trim().min(1).default("gpt-4o-mini-transcribe"),
  AI_ANSWER_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  RATE_LIMIT_TRANSCRIBE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_ANSWER_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_EVALUATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // A recording's chunks go ahead every few seconds while the user speaks (decision 0070).
  RATE_LIMIT_ANSWER_DRAFT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TRANSCRIBE_WORKERS: z.coerce.number().int().min(1).max(16).default(defaultTranscribeWorkers),
  /** Seconds of recorded audio per user per 10 minutes, questions and answers together (0085). */
  PRACTICE_AUDIO_SECONDS_PER_10_MINUTES: z.coerce.number().int().min(10).default(900),
  // auth (docs/decisions/0010-0014)
  AUTH_PUBLIC_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().min(20, "must be at least 20 characters").optional()),
  CORS_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((origin) => origin.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: "must be a comma-separated list of origins" }))),
  RATE_LIMIT_SIGN_IN_SIGN_UPS: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TOKEN_REFRESH: z.coerce.number().int().min(1).default(150),
  RATE_LIMIT_FAILED_SIGN_INS_PER_EMAIL: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_EMAIL_SENT: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_VERIFY: z.coerce.number().int().min(1).default(30),
  AUTH_CONFIRM_EMAIL: z
    .enum(["true", "false", "1", "0", ""], { error: "must be true or false" })
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  // email (docs/decisions/0069): SMTP when SMTP_URL is set, else the outbox on a loopback site
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  // Which X-Forwarded-For entry is the client's (docs/decisions/0078)
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => parseTrustProxy(value ?? "", ctx)),
  // Node's limits on reading a request (docs/decisions/0079)
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // billing (docs/decisions/0040-0049, 0077): Stripe when STRIPE_SECRET_KEY is set, else the
  // local test checkout, which a public site must ask for by name (BILLING=test)
  BILLING: z
    .enum(["test", "stripe", ""], { error: "must be test or stripe (or unset)" })
    .optional()
    .transform((value) => value || undefined),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_… or rk_…)")
        .optional(),
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().startsWith("whsec_", "must be a webhook signing secret (whsec_…)").optional()),
  STRIPE_PRICE_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().startsWith("price_", "must be a Stripe price id (price_…)").optional()),
  STRIPE_API_BASE: optionalUrl(["http:", "https:"]),
});

const openaiReachable = (env: { OPENAI_API_KEY?: string; AI_BASE_URL?: string }) =>
  Boolean(env.OPENAI_API_KEY || env.AI_BASE_URL);

const aiVariables = [
  "AI_TRANSCRIBER",
  "AI_ANSWERER",
  "AI_EVALUATOR",
  "OPENAI_API_KEY",
  "AI_BASE_URL",
];

/**
 * Rules across variables. They run even when other variables have problems (`when`), so the
 * start-up message lists everything at once, but not on top of a problem with their own inputs.
 */
const envSchema = envFields.superRefine(
  (env, ctx) => {
    for (const variable of ["AI_TRANSCRIBER", "AI_ANSWERER", "AI_EVALUATOR"] as const) {
      // An engine forced to `openai` needs somewhere to send its requests.
      if (env[variable] === "openai" && !openaiReachable(env)) {
        ctx.addIssue({
          code: "custom",
          path: [variable],
          message: "is openai but neither OPENAI_API_KEY nor AI_BASE_URL is set",
        });
      }
    }
  },
  {
    when: (payload) =>
      !payload.issues.some((issue) => aiVariables.includes(String(issue.path?.[0]))),
  },
);

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** Public origin of the site, without a trailing slash. */
  siteUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: (typeof logLevels)[number];
  shutdownTimeoutMs: number;
  /**
   * `all`: serve and run AI jobs (one process, the default); `web`: serve and send AI jobs to
   * workers; `worker`: run AI jobs only. Split roles share a PostgreSQL database.
   */
  role: (typeof roles)[number];
  /** Bearer token for GET /metrics; unset: no /metrics. Secret: never logged. */
  metricsToken: string | undefined;
  ai: {
    /** Each engine as chosen (`auto` already resolved; docs/decisions/0052). */
    transcriber: AiEngine;
    answerer: AiEngine;
    /** Who scores the user's own answers (evaluate-answer). */
    evaluator: AiEngine;
    /** Secret: never logged, never sent to the browser. */
    openaiApiKey: string | undefined;
    /** An OpenAI-compatible server (Ollama, vLLM, a gateway…); OpenAI's API when unset. */
    baseUrl: string | undefined;
    transcribeModel: string;
    answerModel: string;
    timeoutMs: number;
    maxRetries: number;
    /** Per user, per minute. */
    rateLimits: { transcribe: number; answer: number; evaluate: number; draft: number };
    /** Per user, per 10 minutes: seconds of recordings the offline recogniser hears. */
    audioSecondsPer10Minutes: number;
    /** Worker threads of each offline recogniser (questions ~90 MB, answers ~160–300 MB each). */
    transcribeWorkers: number;
  };
  auth: {
    /** The public client key (`apikey`); generated and stored on first start when unset. */
    publicKey: string | undefined;
    /** Other origins allowed to call /auth/v1 and /functions/v1 from a browser. */
    corsAllowedOrigins: string[];
    /**
     * Per client IP, per 5-minute window; `emailSent` and `verify` also per address (recover,
     * email change; verify).
     */
    rateLimits: {
      signInSignUps: number;
      tokenRefresh: number;
      failedSignInsPerEmail: number;
      emailSent: number;
      verify: number;
    };
    /** Sign-up answers without a session until the emailed link or code confirms the address. */
    confirmEmail: boolean;
    /**
     * Which X-Forwarded-For entry is the client (docs/decisions/0078): none (the socket's
     * address), the one `hops` proxies in from the right, or the right-most one that is not
     * from a listed proxy. Never a left-most entry a client could have written itself.
     */
    trustProxy: TrustProxy;
  };
  /**
   * Where email goes: SMTP; the built-in outbox (a loopback site without SMTP); or nowhere (a
   * public site without SMTP: the endpoints that send say so).
   */
  mail:
    | {
        transport: "smtp";
        /** Secret (may carry the SMTP password): never logged. */
        url: string;
        from: string;
      }
    | { transport: "outbox"; from: string }
    | { transport: "none" };
  /** How long Node waits for a request's parts (docs/decisions/0079). */
  http: {
    /** For the whole header block. */
    headersTimeoutMs: number;
    /** For the whole request, body included (not the answer). */
    requestTimeoutMs: number;
    /** For the next bytes of a body being read: a stalled upload is dropped after this. */
    bodyIdleTimeoutMs: number;
  };
  billing:
    | {
        provider: "local";
        /**
         * The test checkout on a public site (BILLING=test): anyone can subscribe for free, and
         * every page says so (docs/decisions/0077).
         */
        publicDemo: boolean;
      }
    | {
        provider: "stripe";
        /** Secret: never logged, never sent to the browser. */
        secretKey: string;
        webhookSecret: string;
        /** Unset: an inline $11/month price (price_data) on each checkout. */
        priceId: string | undefined;
        /** Where the Stripe SDK sends requests (tests, stripe-mock); Stripe's API when unset. */
        apiBase: string | undefined;
      };
};

export type TrustProxy =
  | false
  | { hops: number }
  /** Addresses and ranges of our own proxies, parsed. */
  | { proxies: [ipaddr.IPv4 | ipaddr.IPv6, number][] };

const trustProxyHelp =
  "must be false, the number of proxies in front of the server (1 for one reverse proxy), " +
  "or a comma-separated list of their addresses or CIDR ranges";

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") {
    // "Trust whatever the header says" is how a client picks its own address: say how many.
    ctx.addIssue({ code: "custom", message: `no longer takes true: ${trustProxyHelp}` });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 20) return { hops };
    ctx.addIssue({ code: "custom", message: `${trustProxyHelp} (at most 20 proxies)` });
    return z.NEVER;
  }
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !ipaddr.isValidCIDR(entry) && !isPlainAddress(entry));
  if (bad.length > 0) {
    ctx.addIssue({ code: "custom", message: `${trustProxyHelp}; not one: ${bad.join(", ")}` });
    return z.NEVER;
  }
  return {
    proxies: entries.map((entry) => {
      if (ipaddr.isValidCIDR(entry)) return ipaddr.parseCIDR(entry);
      const address = ipaddr.process(entry);
      return [address, address.kind() === "ipv4" ? 32 : 128];
    }),
  };
}

/** A dotted-quad IPv4 or an IPv6 address (not ipaddr's lenient `10.1` or `0x0a…` forms). */
function isPlainAddress(value: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const value = parsed.data;
  const siteUrl = (value.SITE_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, "");
  const mail = mailConfig(value, siteUrl);
  const problems: string[] = [];
  if (value.AUTH_CONFIRM_EMAIL && mail.transport === "none") {
    problems.push(
      "AUTH_CONFIRM_EMAIL: needs SMTP_URL on a public site (confirmation mails must be sent)",
    );
  }
  if (value.REQUEST_TIMEOUT_MS < value.HEADERS_TIMEOUT_MS) {
    problems.push("REQUEST_TIMEOUT_MS: must not be shorter than HEADERS_TIMEOUT_MS");
  }
  const billing = billingConfig(value, siteUrl, problems);
  if (value.ROLE !== "all" && !value.DATABASE_URL) {
    problems.push(
      `ROLE: ${value.ROLE} needs DATABASE_URL: web and worker processes meet in a shared PostgreSQL (the embedded database belongs to one process)`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    siteUrl,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    logLevel: value.LOG_LEVEL,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    role: value.ROLE,
    metricsToken: value.METRICS_TOKEN,
    ai: {
      transcriber: engineFor(value.AI_TRANSCRIBER, value),
      answerer: engineFor(value.AI_ANSWERER, value),
      evaluator: engineFor(value.AI_EVALUATOR, value),
      openaiApiKey: value.OPENAI_API_KEY,
      baseUrl: value.AI_BASE_URL,
      transcribeModel: value.AI_TRANSCRIBE_MODEL,
      answerModel: value.AI_ANSWER_MODEL,
      timeoutMs: value.AI_TIMEOUT_MS,
      maxRetries: value.AI_MAX_RETRIES,
      rateLimits: {
        transcribe: value.RATE_LIMIT_TRANSCRIBE_PER_MINUTE,
        answer: value.RATE_LIMIT_ANSWER_PER_MINUTE,
        evaluate: value.RATE_LIMIT_EVALUATE_PER_MINUTE,
        draft: value.RATE_LIMIT_ANSWER_DRAFT_PER_MINUTE,
      },
      audioSecondsPer10Minutes: value.PRACTICE_AUDIO_SECONDS_PER_10_MINUTES,
      transcribeWorkers: value.TRANSCRIBE_WORKERS,
    },
    auth: {
      publicKey: value.AUTH_PUBLIC_KEY,
      corsAllowedOrigins: value.CORS_ALLOWED_ORIGINS,
      rateLimits: {
        signInSignUps: value.RATE_LIMIT_SIGN_IN_SIGN_UPS,
        tokenRefresh: value.RATE_LIMIT_TOKEN_REFRESH,
        failedSignInsPerEmail: value.RATE_LIMIT_FAILED_SIGN_INS_PER_EMAIL,
        emailSent: value.RATE_LIMIT_EMAIL_SENT,
        verify: value.RATE_LIMIT_VERIFY,
      },
      confirmEmail: value.AUTH_CONFIRM_EMAIL,
      trustProxy: value.TRUST_PROXY,
    },
    mail,
    http: {
      headersTimeoutMs: value.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: value.REQUEST_TIMEOUT_MS,
      bodyIdleTimeoutMs: value.BODY_IDLE_TIMEOUT_MS,
    },
    billing,
  };
}

/** A site only this machine can reach: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname;
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

function mailConfig(value: z.infer<typeof envSchema>, siteUrl: string): Config["mail"] {
  const from = value.MAIL_FROM ?? `Interview Coach <no-reply@${new URL(siteUrl).hostname}>`;
  if (value.SMTP_URL) return { transport: "smtp", url: value.SMTP_URL, from };
  return isLoopbackSite(siteUrl) ? { transport: "outbox", from } : { transport: "none" };
}

/** auto: OpenAI-compatible when OPENAI_API_KEY or AI_BASE_URL is set, else offline. */
function engineFor(
  choice: (typeof aiEngineChoices)[number],
  value: z.infer<typeof envSchema>,
): AiEngine {
  if (choice !== "auto") return choice;
  return openaiReachable(value) ? "openai" : "offline";
}

/**
 * Stripe, or the built-in test checkout. The test checkout gives Premium to anyone who types the
 * published test card, so a site others can reach gets it only when asked for by name
 * (BILLING=test), and then says so on every page (docs/decisions/0077). Problems go to
 * `problems` (and the caller stops on them).
 */
function billingConfig(
  value: z.infer<typeof envSchema>,
  siteUrl: string,
  problems: string[],
): Config["billing"] {
  const refused: Config["billing"] = { provider: "local", publicDemo: false };
  const publicSite = !isLoopbackSite(siteUrl);
  if (value.BILLING === "test") {
    if (value.STRIPE_SECRET_KEY) {
      problems.push("BILLING: is test but STRIPE_SECRET_KEY is set; unset one of them");
      return refused;
    }
    return { provider: "local", publicDemo: publicSite };
  }
  if (!value.STRIPE_SECRET_KEY) {
    if (value.BILLING === "stripe") {
      problems.push("BILLING: is stripe but STRIPE_SECRET_KEY is not set");
    } else if (publicSite) {
      problems.push(
        `STRIPE_SECRET_KEY: is required on a public site (SITE_URL ${siteUrl}): without it ` +
          "the built-in test checkout lets anyone subscribe for free with the test card. " +
          "Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or BILLING=test for a demo where " +
          "anyone can subscribe for free",
      );
    }
    return { provider: "local", publicDemo: false };
  }
  // Without webhooks renewals and cancellations made in Stripe would never reach us.
  if (!value.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set");
    return refused;
  }
  return {
    provider: "stripe",
    secretKey: value.STRIPE_SECRET_KEY,
    webhookSecret: value.STRIPE_WEBHOOK_SECRET,
    priceId: value.STRIPE_PRICE_ID,
    apiBase: value.STRIPE_API_BASE,
  };
}

/**
 * For command-line entry points (the server, npm run scripts): the config, or the list of what is
 * wrong on stderr and exit code 1.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
