// npm run bench:startup — time from process start to a healthy /health, and idle RSS, for the
// embedded PGlite and for PostgreSQL. Runs the real `scripts/start.mjs` (what `npm start` runs)
// against an existing data directory, after the build is in place.
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase, postgresReachable } from "@tests/support/test-database";
import { rssMb } from "./support/proc";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startOnce(env: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const healthyMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 2000)); // let start-up garbage settle
  const rss = rssMb(child.pid!);
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  return { healthyMs, rss };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(label: string, env: Record<string, string>) {
  await startOnce(env); // warm-up: first start creates the data directory / runs migrations
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await startOnce(env));
  const healthy = results.map((r) => r.healthyMs);
  const rss = results.map((r) => r.rss);
  console.info(
    `${label.padEnd(10)} healthy in ${median(healthy).toFixed(0)} ms (median of ${runs}; ` +
      `min ${Math.min(...healthy).toFixed(0)}, max ${Math.max(...healthy).toFixed(0)}), ` +
      `idle RSS ${median(rss).toFixed(0)} MB`,
  );
}

spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });

const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-startup-"));
try {
  await measure("PGlite", { DATA_DIR: dataDir });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

if (!(await postgresReachable(pgUrl))) {
  console.info(`PostgreSQL not reachable at ${pgUrl}: skipped`);
  process.exit(0);
}
const scratch = await createScratchDatabase(pgUrl, "ic_bench_startup");
try {
  await measure("PostgreSQL", { DATABASE_URL: scratch.url });
} finally {
  await scratch.drop();
}
