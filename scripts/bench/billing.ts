// npm run bench:billing — throughput and latency of POST /functions/v1/check-subscription (a
// signed-in Premium user, answered from our subscriptions row) at 10 connections, next to a bare
// Hono route measured in the same run as this machine's ceiling, on PostgreSQL and on the
// embedded PGlite. Target on PostgreSQL: ≥ 25% of the bare route's throughput, p99 < 30 ms.
// The server runs as its own process from the sources (node --import tsx src/server/main.ts),
// with the local billing provider and request logging off (LOG_LEVEL=warn).
// BENCH_SECONDS (default 10) sets each run's length; BENCH_DATABASE_URL the PostgreSQL server.
import { spawn, type ChildProcess } from "node:child_process";
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
type Options = {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
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

async function startProcess(args: string[], env: Record<string, string>, health: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      LOG_LEVEL: "warn",
      STRIPE_SECRET_KEY: "",
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
app.post("/bare", (c) => c.json({ ok: true }));
app.get("/bare", (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
`;

const fmt = (label: string, r: Result) =>
  `  ${label.padEnd(30)} ${Math.round(r.requests.average).toString().padStart(6)} req/s` +
  `   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms` +
  (r.non2xx || r.errors ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : "");

/** Signs a user up and pays the built-in test checkout, as a person would. */
async function premiumUser(base: string): Promise<string> {
  const signup = await fetch(`${base}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-password" }),
  });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const { access_token: token } = (await signup.json()) as { access_token: string };
  const checkout = await fetch(`${base}/functions/v1/create-checkout`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, apikey },
  });
  const { url } = (await checkout.json()) as { url: string };
  const paid = await fetch(`${base}${new URL(url).pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      number: "4242424242424242",
      expiry: "12/40",
      cvc: "123",
    }).toString(),
  });
  if (paid.status !== 303) throw new Error(`checkout: ${paid.status}`);
  return token;
}

async function benchServer(label: string, env: Record<string, string>, bare: Result) {
  const server = await startProcess(
    ["--import", "tsx", "src/server/main.ts"],
    { ...env, AUTH_PUBLIC_KEY: apikey, RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000000" },
    "/health",
  );
  try {
    const token = await premiumUser(server.url);
    const request = {
      url: `${server.url}/functions/v1/check-subscription`,
      method: "POST",
      headers: { authorization: `Bearer ${token}`, apikey },
      connections,
    };
    const probe = await fetch(request.url, { method: "POST", headers: request.headers });
    const answer = (await probe.json()) as { subscribed?: boolean };
    if (!answer.subscribed)
      throw new Error(`the bench user is not subscribed: ${JSON.stringify(answer)}`);
    await autocannon({ ...request, duration: 2 }); // warm-up
    const check = await autocannon({ ...request, duration: seconds });
    const share = check.requests.average / bare.requests.average;
    console.info(`\n${label}\n${fmt("POST check-subscription", check)}`);
    console.info(
      `  ${(share * 100).toFixed(0)}% of the bare route's throughput; p99 ${check.latency.p99} ms` +
        (label.startsWith("PostgreSQL")
          ? `  (target ≥ 25%, p99 < 30 ms: ${share >= 0.25 && check.latency.p99 < 30 ? "met" : "NOT met"})`
          : ""),
    );
  } finally {
    await server.stop();
  }
}

const load = os.loadavg()[0]!.toFixed(2);
console.info(`${os.cpus().length} CPUs, load average ${load} before the run; ${seconds} s per run`);

const bareServerProcess = await startProcess(
  ["--input-type=module", "-e", bareServer],
  {},
  "/bare",
);
let bare: Result;
try {
  bare = await autocannon({
    url: `${bareServerProcess.url}/bare`,
    method: "POST",
    connections,
    duration: seconds,
  });
} finally {
  await bareServerProcess.stop();
}
console.info(`\nbare Hono route (same machine, same run)\n${fmt("POST /bare", bare)}`);

const admin = postgres(pgUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
let pgReachable = true;
try {
  await admin`select 1`;
} catch {
  pgReachable = false;
  console.info(`\nPostgreSQL not reachable at ${pgUrl}: skipped`);
}
if (pgReachable) {
  const name = `ic_bench_billing_${process.pid}`;
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

const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-billing-"));
try {
  await benchServer("PGlite (embedded)", { DATA_DIR: dataDir, DATABASE_URL: "" }, bare);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
console.info(`\nload average after the run: ${os.loadavg()[0]!.toFixed(2)}`);
