// Shared by the HTTP benchmarks (bench:auth, bench:billing): the built server run as its own
// process (as `npm start` runs it), a bare Hono route as this machine's ceiling, autocannon, and
// a throw-away PostgreSQL database. On a shared or virtual machine throughput drifts by tens of
// percent from minute to minute, so a share of the bare route is measured in interleaved rounds
// (bare, target, bare, target, …) and the median round is reported.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase, postgresReachable } from "@tests/support/test-database";
import autocannonRun from "autocannon";

export type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
export type Request = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
};
export type Options = {
  url: string;
  duration?: number;
  connections?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: Request[];
};

// Typed with the parts of autocannon's options and result the benchmarks use.
const run = autocannonRun as unknown as (o: Options) => Promise<Result>;

export const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
export const connections = 10;
export const apikey = "bench-public-client-key-0123456789";
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** autocannon at 10 connections for BENCH_SECONDS, unless the options say otherwise. */
export const autocannon = (options: Options) => run({ connections, duration: seconds, ...options });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type Process = { url: string; pid: number; stop: () => Promise<void> };

/**
 * Starts `node ...args` on a free port and waits until `health` answers 200. With
 * `inherit: false` the process gets only `env` (and its address), as on a clean machine;
 * otherwise this shell's environment without the AI and payment keys.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  health: string,
  { inherit = true }: { inherit?: boolean } = {},
): Promise<Process> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...(inherit ? { ...process.env, STRIPE_SECRET_KEY: "", OPENAI_API_KEY: "" } : {}),
      SITE_URL: url,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn", // measure the endpoints, not the request log
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + health)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The product's server, built as `npm start` builds it, with rate limits out of the way. */
export function startServer(env: Record<string, string>): Promise<Process> {
  return startProcess(
    ["dist/server/main.js"],
    {
      AUTH_PUBLIC_KEY: apikey,
      RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000000",
      RATE_LIMIT_TOKEN_REFRESH: "1000000",
      ...env,
    },
    "/health",
  );
}

/** A Hono app with one JSON route and nothing else: the ceiling for this machine. */
export function startBareServer(): Promise<Process> {
  const source = `
    import { serve } from "@hono/node-server";
    import { Hono } from "hono";
    const app = new Hono();
    app.on(["GET", "POST"], "/bare", (c) => c.json({ ok: true }));
    serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });`;
  return startProcess(["--input-type=module", "-e", source], {}, "/bare");
}

export const fmt = (label: string, r: Result) =>
  `  ${label.padEnd(28)} ${Math.round(r.requests.average).toString().padStart(6)} req/s` +
  `   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms` +
  (r.non2xx || r.errors ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : "");

const median = <T>(items: T[], by: (item: T) => number) =>
  [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;

/** The `q` quantile (0–1) of ascending `sorted` values, nearest rank. */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** p50, p99 and the slowest of a few hand-timed requests, in milliseconds. */
export function describeLatencies(label: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(6);
  return (
    `  ${label.padEnd(36)} p50 ${f(quantile(sorted, 0.5))} ms` +
    `   p99 ${f(quantile(sorted, 0.99))} ms   max ${f(sorted.at(-1)!)} ms`
  );
}

export type Share = { target: Result; bare: Result; share: number; p99: number };

/**
 * `target` against the bare route in interleaved rounds, so both see the same machine. Reports
 * the median round's share and the worst p99 of all rounds.
 */
export async function shareOfBare(
  bare: Process,
  method: "GET" | "POST",
  target: Options,
): Promise<Share> {
  const results: { target: Result; bare: Result; share: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const b = await autocannon({ url: `${bare.url}/bare`, method });
    const t = await autocannon(target);
    if (t.non2xx || t.errors) throw new Error(`target answered errors: ${fmt("target", t)}`);
    results.push({ target: t, bare: b, share: t.requests.average / b.requests.average });
  }
  const mid = median(results, (r) => r.share);
  return { ...mid, p99: Math.max(...results.map((r) => r.target.latency.p99)) };
}

export const describeShare = (label: string, s: Share) =>
  `${fmt(label, s.target)}\n${fmt("  bare route, same round", s.bare)}\n` +
  `  = ${(s.share * 100).toFixed(0)}% of the bare route (median of ${rounds} interleaved rounds),` +
  ` worst p99 ${s.p99} ms`;

/** Builds the product, prints the machine's state, and returns a function for the final line. */
export function prelude(): () => void {
  spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  const load = () => os.loadavg()[0]!.toFixed(2);
  console.info(
    `${os.cpus().length} CPUs, load average ${load()} before the run; ` +
      `${seconds} s per run, ${rounds} rounds against the bare route`,
  );
  return () => console.info(`\nload average after the run: ${load()}`);
}

/**
 * Runs `body` once with the server on a fresh PostgreSQL database (skipped with a note when
 * PostgreSQL is not reachable), then once on a fresh embedded PGlite.
 */
export async function onEachDatabase(
  name: string,
  body: (label: string, env: Record<string, string>) => Promise<void>,
) {
  if (await postgresReachable(pgUrl)) {
    const scratch = await createScratchDatabase(pgUrl, `ic_bench_${name}`);
    try {
      await body("PostgreSQL", { DATABASE_URL: scratch.url });
    } finally {
      await scratch.drop();
    }
  } else {
    console.info(`\nPostgreSQL not reachable at ${pgUrl}: skipped`);
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), `ic-bench-${name}-`));
  try {
    await body("PGlite (embedded)", { DATA_DIR: dataDir, DATABASE_URL: "" });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * POSTs JSON with the public key, as supabase-js does; throws on a non-2xx answer. A 503 is
 * tried again after its Retry-After, as the client does: on a busy machine a burst of sign-ups
 * may wait longer for a database connection than the server lets a request wait.
 */
export async function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  triesLeft = 5,
): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", apikey, ...headers },
    body: JSON.stringify(body),
  });
  if (res.status === 503 && triesLeft > 1) {
    await res.body?.cancel();
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 1)));
    return postJson(url, body, headers, triesLeft - 1);
  }
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

let users = 0;

/** Signs a user up and pays the built-in test checkout, as a person would. */
export async function premiumUser(
  base: string,
  email = `bench-${Date.now()}-${++users}@example.com`,
  password = "bench-password",
): Promise<string> {
  const { access_token: token } = await postJson<{ access_token: string }>(
    `${base}/auth/v1/signup`,
    { email, password },
  );
  const { url } = await postJson<{ url: string }>(
    `${base}/functions/v1/create-checkout`,
    {},
    {
      authorization: `Bearer ${token}`,
    },
  );
  const paid = await fetch(`${base}${new URL(url).pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ number: "4242424242424242", expiry: "12/40", cvc: "123" }),
  });
  if (paid.status !== 303) throw new Error(`checkout: ${paid.status}`);
  const status = await postJson<{ subscribed?: boolean }>(
    `${base}/functions/v1/check-subscription`,
    {},
    { authorization: `Bearer ${token}` },
  );
  if (!status.subscribed) throw new Error(`not subscribed: ${JSON.stringify(status)}`);
  return token;
}
