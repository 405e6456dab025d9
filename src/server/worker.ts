import { closeEngines, createEngines } from "./engines";
import type { Config } from "./config";
import { workAiJobs } from "./functions/work-ai-jobs";
import { createJobQueue } from "./jobs/queue";
import { createAnswerDrafts } from "./feedback/answer-drafts";
import type { Logger } from "./logger";
import { openConfiguredDatabase } from "./server";

export type RunningWorker = {
  /** Stops taking jobs, hands back those not finished within the grace, closes the database. */
  close(): Promise<void>;
};

/**
 * A `ROLE=worker` process (docs/decisions/0130): no HTTP, only the offline recognisers running
 * jobs from the shared queue. Start as many as the machines allow; each takes
 * `TRANSCRIBE_WORKERS` jobs of each kind at a time.
 */
export async function startWorker(config: Config, logger: Logger): Promise<RunningWorker> {
  if (config.ai.transcriber !== "offline") {
    throw new Error(
      "ROLE=worker runs the offline recognisers, but AI_TRANSCRIBER chose a cloud engine: run web processes only",
    );
  }
  const database = await openConfiguredDatabase(config, logger);
  const engines = await createEngines(config, logger, createAnswerDrafts(database.db));
  const jobs = createJobQueue(database, logger);
  workAiJobs(jobs, { ai: engines, db: database.db, concurrency: config.ai.transcribeWorkers });
  try {
    await jobs.start();
  } catch (error) {
    await closeEngines(engines);
    await database.close();
    throw error;
  }
  // The recognisers load ahead of the first job (a few seconds each), not while a user waits.
  engines.warm();
  logger.info({ concurrency: config.ai.transcribeWorkers }, "worker taking AI jobs");
  let closing: Promise<void> | undefined;
  return {
    close: () =>
      (closing ??= (async () => {
        await jobs.close(config.shutdownTimeoutMs);
        await closeEngines(engines);
        await database.close();
        logger.info("worker stopped");
      })()),
  };
}
