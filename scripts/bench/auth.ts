// npm run bench:auth — throughput and latency of the auth endpoints against the built server
// (`dist/server/main.js`, run as its own process, as `npm start` runs it), on PostgreSQL and on
// the embedded PGlite, with a bare Hono route measured in the same run as the ceiling:
//   GET /auth/v1/user and refresh at 10 connections (req/s, p99), sign-in p99 at 10 concurrent.
// Targets on PostgreSQL: /user ≥ 30% of the bare route's throughput with p99 < 25 ms; sign-in
// p99 < 300 ms. Request logging is off (LOG_LEVEL=warn) so the figures measure the endpoints.
// BENCH_SECONDS (default 10) sets each run's length; BENCH_DATABASE_URL the PostgreSQL server.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
type Request = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
};
type Options = {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: Request[];
};
const autocannon = createRequire(import.meta.url)("autocannon") as (o: Options) => Promise<Result>;

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const connections = 10;
const apikey = "bench-public-client-key-0123456789";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitHealthy(child: ChildProcess, url: string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startProcess(args: string[], env: Record<string, string>, health: string) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(child, url + health);
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A Hono app with one JSON route and nothing else: the ceiling for this machine. */
const bareServer = `
import { serve } from "@hono/node-server";
import { Hono } from "hono";
const app = new Hono();
app.get("/bare", (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
`;

const fmt = (label: string, r: Result) =>
  `  ${label.padEnd(24)} ${Math.round(r.requests.average).toString().padStart(6)} req/s` +
  `   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms` +
  (r.non2xx || r.errors ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : "");

async function json(url: string, body: unknown) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", apikey },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

async function benchServer(label: string, env: Record<string, string>, bare: Result) {
  const server = await startProcess(
    ["dist/server/main.js"],
    {
      ...env,
      AUTH_PUBLIC_KEY: apikey,
      RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000000",
      RATE_LIMIT_TOKEN_REFRESH: "1000000",
    },
    "/health",
  );
  try {
    const auth = `${server.url}/auth/v1`;
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench-password";
    const first = await json(`${auth}/signup`, { email, password });
    const sessions = [first];
    for (let i = 1; i < connections; i++) {
      sessions.push(await json(`${auth}/token?grant_type=password`, { email, password }));
    }

    const health = await autocannon({ url: `${auth}/health`, connections, duration: seconds });
    const user = await autocannon({
      url: `${auth}/user`,
      connections,
      duration: seconds,
      headers: { apikey, authorization: `Bearer ${first.access_token}` },
    });

    // Each connection refreshes its own session, always with the token it got last.
    let next = 0;
    const refresh = await autocannon({
      url: auth,
      connections,
      duration: seconds,
      requests: [
        {
          method: "POST",
          path: "/auth/v1/token?grant_type=refresh_token",
          headers: { "content-type": "application/json", apikey },
          setupRequest: (req, context) => {
            context.token ??= sessions[next++ % sessions.length]!.refresh_token;
            return { ...req, body: JSON.stringify({ refresh_token: context.token }) };
          },
          onResponse: (status, body, context) => {
            if (status === 200)
              context.token = (JSON.parse(body) as { refresh_token: string }).refresh_token;
          },
        },
      ],
    });

    const signIn = await autocannon({
      url: `${auth}/token?grant_type=password`,
      connections,
      duration: seconds,
      method: "POST",
      headers: { "content-type": "application/json", apikey },
      body: JSON.stringify({ email, password }),
    });

    console.info(`\n${label}`);
    console.info(fmt("GET /auth/v1/health", health));
    console.info(
      fmt("GET /auth/v1/user", user) +
        `   = ${((user.requests.average / bare.requests.average) * 100).toFixed(0)}% of bare`,
    );
    console.info(fmt("refresh (rotating)", refresh));
    console.info(fmt("password sign-in", signIn));
  } finally {
    await server.stop();
  }
}

spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
const load = os.loadavg()[0]!.toFixed(2);
console.info(`${os.cpus().length} CPUs, load average ${load} before the run; ${seconds} s per run`);

const bareServerProcess = await startProcess(
  ["--input-type=module", "-e", bareServer],
  {},
  "/bare",
);
let bare: Result;
try {
  bare = await autocannon({ url: `${bareServerProcess.url}/bare`, connections, duration: seconds });
} finally {
  await bareServerProcess.stop();
}
console.info(`\nbare Hono route (same machine, same run)\n${fmt("GET /bare", bare)}`);

const admin = postgres(pgUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
let pgReachable = true;
try {
  await admin`select 1`;
} catch {
  pgReachable = false;
  console.info(`\nPostgreSQL not reachable at ${pgUrl}: skipped`);
}
if (pgReachable) {
  const name = `ic_bench_auth_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    await benchServer("PostgreSQL", { DATABASE_URL: url.toString() }, bare);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  }
}
await admin.end();

const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-auth-"));
try {
  await benchServer("PGlite (embedded)", { DATA_DIR: dataDir, DATABASE_URL: "" }, bare);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
console.info(`\nload average after the run: ${os.loadavg()[0]!.toFixed(2)}`);
