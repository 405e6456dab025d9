import { PgBoss, type ConstructorOptions, type Db } from "pg-boss";
import type { DatabaseHandle, Subscription } from "@/server/db/client";
import type { Logger } from "@/server/logger";
import type { QueueStatus } from "@/shared/feedback";
import { EngineError } from "@/server/ai/engine";
import { ApiError } from "@/server/http/errors";
import type { ErrorCode } from "@/shared/errors";

/**
 * The AI work queue (docs/decisions/0130): pg-boss on the installation's database, PostgreSQL or
 * the embedded PGlite alike. A web process sends a job and waits for its output within the
 * request's deadline; a worker (this process or another, on any machine) runs it. Each job carries
 * its user as its group and a worker takes one job per user at a time, across every worker
 * process, so one person's recordings never hold everyone else's behind them. A worker that dies
 * mid-job stops its heartbeat and the job is retried by another.
 *
 * The queue starts on first use (or `start()`): a process that never records pays nothing for it.
 */

/**
 * Job kinds: a recorded question to transcribe (`{ audio }`), a spoken answer to hear, score and
 * store (functions/evaluate-answer.ts), and more of an answer sent ahead while spoken to hear
 * (functions/answer-draft.ts; the audio is in the database). Payloads and outputs are plain JSON.
 */
export type JobKind = "transcribe-question" | "evaluate-answer" | "decode-draft";
const JOB_KINDS: readonly JobKind[] = ["transcribe-question", "evaluate-answer", "decode-draft"];
/** What a user waits for, and is told about while it waits (queue-status); drafts are not. */
const WAITED_FOR: readonly JobKind[] = ["transcribe-question", "evaluate-answer"];

/**
 * What a handler's job ends with. A failure the user should hear about (an EngineError or an
 * ApiError: unrecognised audio, a missing session) is an outcome, not a retry: only a crash or an
 * unexpected throw is tried again.
 */
type Outcome =
  | { ok: true; value: unknown }
  | {
      ok: false;
      error:
        | { type: "engine"; kind: EngineError["kind"]; message: string; retryAfterSeconds?: number }
        | { type: "api"; code: ErrorCode; message: string; headers?: Record<string, string> };
    };

export type JobHandler = (input: unknown, signal: AbortSignal) => Promise<unknown>;

export type JobTimings = { kind: JobKind; waitSeconds: number; runSeconds: number };

export type JobQueue = {
  /** Starts pg-boss (and the handlers given to `work`) now instead of on first use. */
  start(): Promise<void>;
  /**
   * Sends a job and waits for its output. `signal`: the request was abandoned — a job not yet
   * started is cancelled, a running one finishes (its effects, such as a stored attempt, stay).
   * @throws EngineError or ApiError as the handler ended, EngineError("timeout") past `timeoutMs`
   */
  run(
    kind: JobKind,
    input: unknown,
    options: { owner: string; signal?: AbortSignal; timeoutMs: number },
  ): Promise<unknown>;
  /** Sends a job nobody waits for (its outcome is the handler's to keep). */
  send(kind: JobKind, input: unknown, options: { owner: string }): Promise<void>;
  /** Cancels the owner's jobs of `kind` that no worker has started: a newer one does their work. */
  dropQueued(kind: JobKind, owner: string): Promise<void>;
  /** Runs `kind`'s jobs in this process, `concurrency` at a time (registered at start). */
  work(kind: JobKind, concurrency: number, handler: JobHandler): void;
  /** Where the owner's unfinished job is (sent by any process). */
  status(owner: string): Promise<QueueStatus>;
  /** Jobs waiting and running per kind, for /metrics (zeros before the queue has started). */
  depth(): Promise<{ kind: JobKind; queued: number; active: number }[]>;
  /** Called with each finished job this process waited for (wait and run time). */
  onFinished(listener: (timings: JobTimings) => void): void;
  /**
   * Stops taking jobs; running ones get `graceMs` to finish and are then handed back (failed, so
   * another worker retries them).
   */
  close(graceMs: number): Promise<void>;
};

/** Where a worker says a job has finished, with the job's id. */
const FINISHED_CHANNEL = "ai_job_finished";
/** How long after its handler returns a job's outcome is announced: pg-boss stores it first. */
const FINISHED_NOTICE_DELAY_MS = 15;

/** Settings of every queue; the heartbeat is pg-boss's least (10 s). */
const QUEUE = {
  notify: true,
  heartbeatSeconds: 10,
  retryLimit: 2,
  /**
   * A dead worker is found by its heartbeat, and a stuck recording by the worker's own time limit
   * (offline/pool.ts); this bound is the last resort, well beyond a 3-minute answer's decoding on a
   * loaded machine.
   */
  expireInSeconds: 600,
  /** Finished jobs (and the recordings in their payloads) are deleted a few minutes after. */
  deleteAfterSeconds: 300,
  /** A job no worker took within the hour is dropped. */
  retentionSeconds: 3600,
} as const;

/**
 * A draft's hearing is worth something only while its answer is being spoken: it is not tried
 * again, and one no worker took within a minute is dropped (the answer, heard whole, has its own).
 */
const QUEUES = {
  "transcribe-question": QUEUE,
  "evaluate-answer": QUEUE,
  "decode-draft": { ...QUEUE, retryLimit: 0, retentionSeconds: 60 },
} satisfies Record<JobKind, unknown>;

export function createJobQueue(database: DatabaseHandle, logger: Logger): JobQueue {
  const handlers: { kind: JobKind; concurrency: number; handler: JobHandler }[] = [];
  const listeners: ((timings: JobTimings) => void)[] = [];
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let finished: Subscription | undefined;
  let closed = false;
  /** Jobs this process waits for, by id: what to call when a worker says one has finished. */
  const wakers = new Map<string, () => void>();

  // A start that failed (the database away) is tried again by the next call.
  const start = () =>
    (starting ??= startBoss().catch((error: unknown) => {
      starting = undefined;
      throw error;
    }));

  const startBoss = async () => {
    const common: ConstructorOptions = {
      useListenNotify: true,
      // A dead worker's job is noticed within a pass of its last heartbeat (pg-boss checks each
      // queue once a monitor interval, by default a minute).
      superviseIntervalSeconds: 5,
      monitorIntervalSeconds: 5,
      instanceName: "interview-coach",
    };
    const instance = new PgBoss({
      ...common,
      db: adapter(database),
      backend: database.kind === "pglite" ? "pglite" : "postgres",
    });
    instance.on("error", (error: Error) => logger.warn({ err: error }, "job queue error"));
    await instance.start();
    finished = await listenAlways(
      database,
      FINISHED_CHANNEL,
      (id) => wakers.get(id)?.(),
      () => {},
    );
    for (const kind of JOB_KINDS) {
      if (await instance.getQueue(kind)) await instance.updateQueue(kind, QUEUES[kind]);
      else await instance.createQueue(kind, QUEUES[kind]);
    }
    for (const { kind, concurrency, handler } of handlers) {
      // One pg-boss worker per slot, each knowing its id, so that a worker that has finished a
      // job looks for the next at once. Left to itself it waits for a NOTIFY of a new job (or its
      // backstop poll), and jobs already waiting send none: with users queued, a worker sat idle
      // for seconds after each answer.
      for (let slot = 0; slot < concurrency; slot++) {
        // Its id is known once `work` returns; a job may start a moment before.
        const worker: { id?: string } = {};
        worker.id = await instance.work<unknown>(
          kind,
          {
            localConcurrency: 1,
            groupConcurrency: 1,
            notifyPollingIntervalSeconds: 10,
            pollingIntervalSeconds: 1,
          },
          async ([job]) => {
            let outcome: Outcome;
            try {
              outcome = await runHandler(handler, job!.data, job!.signal);
            } catch (error) {
              // pg-boss keeps the error with the job and says nothing: an operator should hear.
              logger.warn(
                { err: error, kind, job: job!.id },
                "AI job failed; retried if it may be",
              );
              throw error;
            }
            // pg-boss stores the outcome once this returns; the waiting process hears of it a
            // moment later instead of at its next look.
            setTimeout(() => {
              database
                .query("select pg_notify($1, $2)", [FINISHED_CHANNEL, job!.id])
                .catch(() => {});
            }, FINISHED_NOTICE_DELAY_MS).unref();
            if (worker.id) instance.notifyWorker(worker.id);
            return outcome;
          },
        );
      }
    }
    boss = instance;
    return instance;
  };

  async function waitFor(
    kind: JobKind,
    id: string,
    signal: AbortSignal | undefined,
    until: number,
  ) {
    const instance = await start();
    let pause = 20;
    let wake = () => {};
    wakers.set(id, () => wake());
    try {
      for (;;) {
        const job = await jobOutcome(instance, kind, id);
        if (
          job &&
          (job.state === "completed" || job.state === "failed" || job.state === "cancelled")
        )
          return job;
        if (signal?.aborted) {
          if (!job || job.state === "created" || job.state === "retry") {
            await instance.cancel(kind, id).catch(() => {});
          }
          throw new EngineError("unavailable", "The request was cancelled.");
        }
        if (Date.now() >= until) {
          throw new EngineError("timeout", "The recogniser is taking too long. Try again shortly.");
        }
        const woken = await new Promise<boolean>((resolve) => {
          wake = () => resolve(true);
          void sleep(pause, signal).then(() => resolve(false));
        });
        // Told it finished: look again at once and then often, until its outcome is visible.
        pause = woken ? 10 : Math.min(250, pause * 1.5);
      }
    } finally {
      wakers.delete(id);
    }
  }

  return {
    start: async () => {
      await start();
    },
    work(kind, concurrency, handler) {
      if (starting) throw new Error("work() must be called before the queue starts");
      handlers.push({ kind, concurrency, handler });
    },
    async send(kind, input, { owner }) {
      if (closed) return;
      const instance = await start();
      await instance.send(kind, input as object, { group: { id: owner } });
    },
    async dropQueued(kind, owner) {
      const instance = await start();
      const { rows } = await instance
        .getDb()
        .executeSql(
          "select id from pgboss.job where name = $1 and group_id = $2 and state = 'created'",
          [kind, owner],
        );
      const ids = (rows as { id: string }[]).map((row) => row.id);
      if (ids.length > 0) await instance.cancel(kind, ids);
    },
    async run(kind, input, { owner, signal, timeoutMs }) {
      if (closed) throw new EngineError("unavailable", "The server is shutting down.");
      const until = Date.now() + timeoutMs;
      const instance = await start();
      const id = await instance.send(kind, input as object, { group: { id: owner } });
      if (!id) throw new EngineError("unavailable", "The recogniser queue refused the job.");
      const job = await waitFor(kind, id, signal, until);
      if (job.startedOn && job.completedOn) {
        const timings: JobTimings = {
          kind,
          waitSeconds: (job.startedOn.getTime() - job.createdOn.getTime()) / 1000,
          runSeconds: (job.completedOn.getTime() - job.startedOn.getTime()) / 1000,
        };
        for (const listener of listeners) listener(timings);
      }
      if (job.state !== "completed") {
        throw new EngineError(
          "unavailable",
          job.state === "cancelled"
            ? "The recogniser's job was cancelled. Try again."
            : "The recogniser failed on this recording several times. Try again, or type your answer.",
        );
      }
      return outcomeValue(job.output as Outcome);
    },
    async status(owner) {
      if (!boss) return { state: "idle" };
      // The owner's unfinished job of any kind, whichever web process sent it; its place is one
      // more than the jobs sent before it that no worker has taken yet.
      const { rows } = await boss.getDb().executeSql(
        `select j.state, (select count(*) from pgboss.job o
            where o.name = j.name and o.state in ('created', 'retry') and o.created_on < j.created_on
          )::int as ahead
          from pgboss.job j
          where j.name = any($1) and j.group_id = $2 and j.state in ('created', 'retry', 'active')
          order by j.state = 'active' desc, j.created_on limit 1`,
        [WAITED_FOR, owner],
      );
      const row = rows[0] as { state: string; ahead: number } | undefined;
      if (!row) return { state: "idle" };
      return row.state === "active"
        ? { state: "running" }
        : { state: "queued", position: row.ahead + 1 };
    },
    async depth() {
      const counts = JOB_KINDS.map((kind) => ({ kind, queued: 0, active: 0 }));
      if (!boss) return counts;
      // Counted now, not read from pg-boss's statistics, which lag by a monitor pass.
      const { rows } = await boss.getDb().executeSql(
        `select name, state = 'active' as active, count(*)::int as jobs from pgboss.job
          where name = any($1) and state in ('created', 'retry', 'active')
          group by name, state = 'active'`,
        [JOB_KINDS],
      );
      for (const row of rows as { name: JobKind; active: boolean; jobs: number }[]) {
        const entry = counts.find((count) => count.kind === row.name)!;
        if (row.active) entry.active = row.jobs;
        else entry.queued += row.jobs;
      }
      return counts;
    },
    onFinished(listener) {
      listeners.push(listener);
    },
    async close(graceMs) {
      closed = true;
      if (!starting) return;
      const instance = await starting.catch(() => undefined);
      await instance?.stop({ graceful: true, timeout: graceMs, close: true });
      await finished?.close();
    },
  };
}

/**
 * Where a job is and, once it has ended, its output and times. Not pg-boss's `getJobById`, which
 * also returns the job's input: a spoken answer's recording, some hundreds of kilobytes read,
 * sent and parsed again at every look while its sender waits (7 ms against 0.6 ms a look).
 */
async function jobOutcome(instance: PgBoss, kind: JobKind, id: string) {
  const { rows } = await instance.getDb().executeSql(
    `select state, output, created_on as "createdOn", started_on as "startedOn",
        completed_on as "completedOn"
      from pgboss.job where name = $1 and id = $2`,
    [kind, id],
  );
  return rows[0] as
    | {
        state: string;
        output: unknown;
        createdOn: Date;
        startedOn: Date | null;
        completedOn: Date | null;
      }
    | undefined;
}

async function runHandler(handler: JobHandler, input: unknown, signal: AbortSignal) {
  try {
    return { ok: true, value: await handler(input, signal) } satisfies Outcome;
  } catch (error) {
    if (error instanceof EngineError) {
      return {
        ok: false,
        error: {
          type: "engine",
          kind: error.kind,
          message: error.message,
          retryAfterSeconds: error.retryAfterSeconds,
        },
      } satisfies Outcome;
    }
    if (error instanceof ApiError) {
      return {
        ok: false,
        error: { type: "api", code: error.code, message: error.message, headers: error.headers },
      } satisfies Outcome;
    }
    // Anything else may be this worker's fault: pg-boss tries the job again.
    throw error;
  }
}

function outcomeValue(outcome: Outcome): unknown {
  if (outcome.ok) return outcome.value;
  const { error } = outcome;
  if (error.type === "api") {
    throw new ApiError(error.code, error.message, { headers: error.headers });
  }
  throw new EngineError(error.kind, error.message, { retryAfterSeconds: error.retryAfterSeconds });
}

/**
 * pg-boss's statements through the process's own database connections (the one PGlite client, or
 * the PostgreSQL pool), and its LISTEN through the handle's own listener.
 */
function adapter(database: DatabaseHandle): Db {
  return {
    executeSql: (text, values) => database.query(text, values),
    listen: (channel, onNotification, onReconnect) =>
      listenAlways(database, channel, onNotification, onReconnect),
  };
}

/**
 * LISTEN on `channel`, subscribed again whenever the connection drops (`onSubscribed` after each
 * time: notifications sent meanwhile are lost, and whoever relies on them looks again).
 */
async function listenAlways(
  database: DatabaseHandle,
  channel: string,
  onNotify: (payload: string) => void,
  onSubscribed: () => void,
): Promise<Subscription> {
  let closed = false;
  let current: Subscription | undefined;
  const subscribe = async (): Promise<void> => {
    while (!closed) {
      try {
        current = await database.listen(channel, onNotify, () => {
          if (!closed) void subscribe();
        });
        onSubscribed();
        return;
      } catch {
        await sleep(1_000);
      }
    }
  };
  await subscribe();
  return {
    close: async () => {
      closed = true;
      await current?.close();
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
