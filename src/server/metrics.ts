import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Answerer, Transcriber } from "@/server/ai/engine";
import type { Engines } from "@/server/engines";
import type { DatabaseHandle } from "@/server/db/client";
import type { JobQueue } from "@/server/jobs/queue";

/**
 * What `GET /metrics` reports, in Prometheus's text format (prom-client). One registry per
 * server, so several servers in one process (the tests) do not share counters. Requests are
 * labelled by route template (`/billing/checkout/:id`), never by raw path.
 */
export type Metrics = ReturnType<typeof createMetrics>;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(sources: {
  database: DatabaseHandle;
  ai: () => Engines;
  jobs: JobQueue;
}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route template and status.",
    labelNames: ["method", "route", "status"],
    registers,
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request (to the response head for streams).",
    labelNames: ["method", "route", "status"],
    buckets: SECONDS,
    registers,
  });
  const rateLimited = new Counter({
    name: "rate_limit_rejections_total",
    help: "Requests refused with 429 by a rate limit or budget, by route template.",
    labelNames: ["route"],
    registers,
  });
  const engineSeconds = new Histogram({
    name: "ai_engine_duration_seconds",
    help: "Time an AI engine call took, by engine, operation and outcome.",
    labelNames: ["engine", "operation", "outcome"],
    buckets: SECONDS,
    registers,
  });
  const engineErrors = new Counter({
    name: "ai_engine_errors_total",
    help: "AI engine calls that failed, by engine, operation and error kind.",
    labelNames: ["engine", "operation", "kind"],
    registers,
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Database connections by state (in_use, idle) and requests waiting for one.",
    labelNames: ["state"],
    registers,
    collect() {
      const pool = sources.database.poolStats();
      this.set({ state: "in_use" }, pool.inUse);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new Gauge({
    name: "transcriber_queue_depth",
    help: "Recordings waiting for an offline transcriber worker.",
    registers,
    collect() {
      this.set(sources.ai().transcriberStats()?.queued ?? 0);
    },
  });
  new Gauge({
    name: "transcriber_workers_busy",
    help: "Offline transcriber workers working on a recording.",
    registers,
    collect() {
      this.set(sources.ai().transcriberStats()?.busy ?? 0);
    },
  });
  new Gauge({
    name: "transcriber_worker_restarts",
    help: "Offline transcriber workers started again after a crash or a time-out.",
    registers,
    collect() {
      this.set(sources.ai().transcriberStats()?.restarts ?? 0);
    },
  });

  new Gauge({
    name: "ai_jobs",
    help: "AI jobs in the shared queue by kind and state (queued: waiting for a worker; active: running), across every process.",
    labelNames: ["kind", "state"],
    registers,
    async collect() {
      for (const { kind, queued, active } of await sources.jobs.depth()) {
        this.set({ kind, state: "queued" }, queued);
        this.set({ kind, state: "active" }, active);
      }
    },
  });
  const jobWait = new Histogram({
    name: "ai_job_wait_seconds",
    help: "Time an AI job this process sent waited in the queue before a worker took it, by kind.",
    labelNames: ["kind"],
    buckets: SECONDS,
    registers,
  });
  const jobRun = new Histogram({
    name: "ai_job_run_seconds",
    help: "Time a worker took over an AI job this process sent, by kind.",
    labelNames: ["kind"],
    buckets: SECONDS,
    registers,
  });
  sources.jobs.onFinished(({ kind, waitSeconds, runSeconds }) => {
    jobWait.observe({ kind }, Math.max(0, waitSeconds));
    jobRun.observe({ kind }, Math.max(0, runSeconds));
  });

  const engineCall = (engine: string, operation: string, started: number, error?: unknown) => {
    const kind = error ? ((error as { kind?: string }).kind ?? "other") : undefined;
    const outcome = kind ? "error" : "ok";
    engineSeconds.observe({ engine, operation, outcome }, (performance.now() - started) / 1000);
    if (kind) engineErrors.inc({ engine, operation, kind });
  };

  return {
    registry,
    /** Records one answered request. */
    request(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
      if (status === 429) rateLimited.inc({ route });
    },
    /** The same transcriber, timed. */
    transcriber(inner: Transcriber): Transcriber {
      return {
        ...inner,
        source: inner.source,
        async transcribe(audio, signal, owner) {
          const started = performance.now();
          try {
            const transcript = await inner.transcribe(audio, signal, owner);
            engineCall(inner.source, "transcribe", started);
            return transcript;
          } catch (error) {
            engineCall(inner.source, "transcribe", started, error);
            throw error;
          }
        },
      };
    },
    /** The same answerer, timed from the call to the last words. */
    answerer(inner: Answerer): Answerer {
      return {
        ...inner,
        source: inner.source,
        async *answer(question, signal, options) {
          const started = performance.now();
          try {
            yield* inner.answer(question, signal, options);
            engineCall(inner.source, "answer", started);
          } catch (error) {
            engineCall(inner.source, "answer", started, error);
            throw error;
          }
        },
      };
    },
  };
}
