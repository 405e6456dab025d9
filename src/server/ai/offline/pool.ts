import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type {
  JobFailure,
  TranscribeJob,
  TranscribeJobResult,
  WorkerReply,
  WorkerRequest,
  WorkerSetup,
} from "./transcribe-worker";

/**
 * A pool of up to `size` transcription worker threads with a bounded queue. Each worker loads the
 * recogniser once and runs one job at a time, in the order they came. The pool starts with one
 * worker and starts another only when a job is waiting and every worker is busy: each holds its
 * own recogniser (hundreds of MB), which a small install answering one user at a time never needs
 * twice. Turns between users are
 * taken by the job queue in front of it (docs/decisions/0130), which hands a process no more jobs
 * than it has workers. A job that runs past its timeout gets its worker
 * terminated (WASM cannot be interrupted) and a fresh one started; a worker that crashes is
 * replaced the same way. Design notes: docs/decisions/0033-offline-transcriber-worker-pool.md.
 */

export type PoolErrorKind = "busy" | "timeout" | "crashed" | "unavailable" | "closed" | "aborted";

export class PoolError extends Error {
  constructor(
    readonly kind: PoolErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "PoolError";
  }
}

export class JobFailedError extends Error {
  constructor(readonly failure: JobFailure) {
    super(failure.message);
    this.name = "JobFailedError";
  }
}

export type PoolOptions = {
  size: number;
  /** Jobs waiting beyond those running; more are refused with PoolError("busy"). */
  maxQueue: number;
  /** Per job, from the moment a worker takes it. */
  jobTimeoutMs: number;
  setup: WorkerSetup;
  onWarning?: (message: string) => void;
};

type Pending = {
  job: TranscribeJob;
  resolve: (value: TranscribeJobResult) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
};

type Slot = {
  worker: Worker;
  ready: boolean;
  current?: { id: number; pending: Pending; timer: NodeJS.Timeout };
};

/** Where the worker's code is: the .ts source under tsx/vitest, the built .js beside the bundle. */
function workerEntry(): { filename: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    return { filename: new URL("./transcribe-worker.js", here), eval: false };
  }
  // Unbundled TypeScript: register tsx inside the thread, then load the worker module.
  const tsxRoot = path.dirname(createRequire(here).resolve("tsx/package.json"));
  const tsx = pathToFileURL(path.join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const target = new URL("./transcribe-worker.ts", here).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target)}); });`;
  return { filename: code, eval: true };
}

export class TranscriberPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private readonly entry = workerEntry();
  private initFailure: string | undefined;
  /** Workers that died before becoming ready, in a row; three means the recogniser cannot load. */
  private failedStarts = 0;
  /** Workers started again after one crashed or timed out. */
  private restarts = 0;
  /** Resolves once the first worker has loaded its recogniser (or failed to). */
  readonly ready: Promise<void>;
  private markReady!: () => void;

  constructor(private readonly options: PoolOptions) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.slots.push(this.spawn());
  }

  run(job: TranscribeJob, signal?: AbortSignal): Promise<TranscribeJobResult> {
    if (this.closed)
      return Promise.reject(new PoolError("closed", "The transcriber is shut down."));
    if (this.initFailure) {
      return Promise.reject(new PoolError("unavailable", this.initFailure));
    }
    if (signal?.aborted)
      return Promise.reject(new PoolError("aborted", "The request was cancelled."));
    const idle = this.slots.some((slot) => slot.ready && !slot.current);
    if (!idle && this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new PoolError("busy", "The transcriber is busy."));
    }
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        job,
        resolve,
        reject,
        signal,
      };
      if (signal) {
        // Queued jobs are dropped; a running job finishes in its worker and its result is ignored.
        pending.onAbort = () => {
          const index = this.queue.indexOf(pending);
          if (index >= 0) this.queue.splice(index, 1);
          reject(new PoolError("aborted", "The request was cancelled."));
        };
        signal.addEventListener("abort", pending.onAbort, { once: true });
      }
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Workers running or starting, and jobs waiting (for health checks and tests). */
  stats(): { workers: number; ready: number; busy: number; queued: number; restarts: number } {
    return {
      workers: this.slots.length,
      ready: this.slots.filter((slot) => slot.ready).length,
      busy: this.slots.filter((slot) => slot.current).length,
      queued: this.queue.length,
      restarts: this.restarts,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.queue.splice(0)) {
      this.settle(pending);
      pending.reject(new PoolError("closed", "The transcriber is shut down."));
    }
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.current) {
          clearTimeout(slot.current.timer);
          this.settle(slot.current.pending);
          slot.current.pending.reject(new PoolError("closed", "The transcriber is shut down."));
          slot.current = undefined;
        }
        await slot.worker.terminate();
      }),
    );
    this.markReady();
  }

  private spawn(): Slot {
    const worker = new Worker(this.entry.filename, {
      eval: this.entry.eval,
      workerData: this.options.setup,
      // The worker needs none of the parent's flags, and some (--input-type, --eval) break it.
      execArgv: [],
      // The recognisers need 90–300 MB of WASM heap; cap the JS side so a runaway job cannot take
      // the host.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    worker.on("message", (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on("error", (error) => this.onExit(slot, `worker error: ${error.message}`));
    worker.on("exit", (code) => this.onExit(slot, `worker exited with code ${code}`));
    return slot;
  }

  private onReply(slot: Slot, reply: WorkerReply) {
    switch (reply.type) {
      case "ready":
        slot.ready = true;
        this.failedStarts = 0;
        for (const warning of reply.warnings) this.options.onWarning?.(warning);
        this.markReady();
        this.dispatch();
        return;
      case "init-failed":
        // A recogniser that cannot load will not load on retry either: fail fast from now on.
        this.initFailure = `The offline recogniser could not start: ${reply.message}`;
        this.options.onWarning?.(this.initFailure);
        for (const pending of this.queue.splice(0)) {
          this.settle(pending);
          pending.reject(new PoolError("unavailable", this.initFailure));
        }
        this.markReady();
        return;
      case "result":
      case "failed": {
        const current = slot.current;
        if (!current || current.id !== reply.id) return;
        clearTimeout(current.timer);
        slot.current = undefined;
        this.settle(current.pending);
        if (reply.type === "result") current.pending.resolve(reply.value);
        else current.pending.reject(new JobFailedError(reply.failure));
        this.dispatch();
        return;
      }
    }
  }

  private onExit(slot: Slot, reason: string) {
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // already replaced
    this.slots.splice(index, 1);
    if (slot.current) {
      clearTimeout(slot.current.timer);
      this.settle(slot.current.pending);
      slot.current.pending.reject(new PoolError("crashed", `The transcriber stopped: ${reason}`));
      slot.current = undefined;
    }
    if (this.closed || this.initFailure) return;
    if (!slot.ready && ++this.failedStarts >= 3) {
      this.onReply(slot, { type: "init-failed", message: reason });
      return;
    }
    this.options.onWarning?.(`transcription ${reason}; starting a new one`);
    this.restarts++;
    this.slots.push(this.spawn());
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (!slot.ready || slot.current) continue;
      const pending = this.queue.shift();
      if (!pending) break;
      const id = this.nextId++;
      const timer = setTimeout(() => this.onTimeout(slot, id), this.options.jobTimeoutMs);
      slot.current = { id, pending, timer };
      // Copy into a buffer of our own and hand it over without another copy.
      const bytes = pending.job.bytes.slice();
      const job = { ...pending.job, bytes };
      slot.worker.postMessage({ id, job } satisfies WorkerRequest, [bytes.buffer]);
    }
    // Jobs still waiting with every worker busy: one more worker per waiting job, up to the size.
    const starting = this.slots.filter((slot) => !slot.ready).length;
    const wanted = Math.min(
      this.queue.length - starting,
      Math.max(1, this.options.size) - this.slots.length,
    );
    for (let i = 0; i < wanted && !this.closed && !this.initFailure; i++)
      this.slots.push(this.spawn());
  }

  private onTimeout(slot: Slot, id: number) {
    const current = slot.current;
    if (!current || current.id !== id) return;
    slot.current = undefined;
    slot.ready = false; // no new job for a worker about to be terminated
    this.settle(current.pending);
    current.pending.reject(new PoolError("timeout", "Transcription took too long."));
    // The stuck worker is terminated; its exit handler starts a replacement.
    void slot.worker.terminate();
  }

  private settle(pending: Pending) {
    if (pending.onAbort) pending.signal?.removeEventListener("abort", pending.onAbort);
  }
}
