import { closeEngines, createEngines, warmRubricSoon, type Engines } from "./engines";
import { createAuthService, type AuthService } from "./auth/service";
import type { Billing } from "./billing/billing";
import { createBillingFromConfig } from "./billing/create-billing";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { createMetrics, type Metrics } from "./metrics";
import { queuedTranscriber } from "./jobs/ai-jobs";
import { workAiJobs } from "./functions/work-ai-jobs";
import { createJobQueue, type JobQueue } from "./jobs/queue";
import { createAnswerDrafts, type AnswerDrafts } from "./feedback/answer-drafts";

/**
 * Everything the routes need, built once at start-up from the config: the auth service, the
 * billing provider, the AI engines. Route modules receive these; they never build their own.
 * Each module adds its entry here.
 */
export type Services = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Counters and timings for GET /metrics. */
  metrics: Metrics;
  /** Email: SMTP, the built-in outbox, or none (config.mail). */
  mailer: Mailer;
  /** Accounts: sign-up/in, sessions, tokens; `requireUser(services.auth)` guards routes. */
  auth: AuthService;
  /** The practice engines (transcriber, answerer), chosen from the config. */
  ai: Engines;
  /**
   * The AI job queue (docs/decisions/0130); `aiJobs` is true when the offline recogniser's work
   * goes through it (always, with the offline engines).
   */
  jobs: JobQueue;
  aiJobs: boolean;
  /** Answers sent ahead while spoken (answer-draft), in the database for every process. */
  drafts: AnswerDrafts;
  /**
   * Subscriptions (Stripe or the local test provider); `requireSubscription(services.billing)`
   * from billing/entitlement.ts guards subscriber-only routes.
   */
  billing: Billing;
};

export async function createServices(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
): Promise<Services> {
  const mailer = createMailer(config, { db: database.db, logger });
  const auth = await createAuthService({ config, database, logger, mailer });
  const drafts = createAnswerDrafts(database.db);
  // The offline recognisers run as jobs: in this process's workers unless it only serves.
  const aiJobs = config.ai.transcriber === "offline";
  const engines = await createEngines(config, logger, config.role === "web" ? undefined : drafts);
  const jobs = createJobQueue(database, logger);
  if (aiJobs && config.role !== "web") {
    workAiJobs(jobs, { ai: engines, db: database.db, concurrency: config.ai.transcribeWorkers });
  }
  const metrics = createMetrics({ database, ai: () => ai, jobs });
  const ai: Engines = {
    ...engines,
    transcriber: metrics.transcriber(
      aiJobs ? queuedTranscriber(jobs, config.http.requestTimeoutMs) : engines.transcriber,
    ),
    answerer: metrics.answerer(engines.answerer),
    // A web-only process loads no recogniser (warming those belongs to the workers), but it
    // scores typed answers.
    ...(config.role === "web" && { warm: warmRubricSoon }),
  };
  const billing = createBillingFromConfig(config, { db: database.db, logger });
  return {
    config,
    database,
    logger,
    metrics,
    mailer,
    auth,
    ai,
    jobs,
    aiJobs,
    drafts,
    billing,
  };
}

/** Releases what the services hold (worker pools, timers). The database is closed separately. */
export async function closeServices(services: Services): Promise<void> {
  // Running jobs get the shutdown's grace to finish, then go back to the queue for another worker.
  await services.jobs.close(services.config.shutdownTimeoutMs);
  await closeEngines(services.ai);
  await services.auth.close();
  await services.mailer.close();
}
