// npm run load — 100 concurrent users for 45 s, each going round: sign in, fetch the user,
// refresh the session, check the subscription, ask for a sample answer, sign out. On PostgreSQL
// (when reachable) and on the embedded database, against the built server on 127.0.0.1.
// Prints p50/p99 per endpoint, every non-2xx status and time-out, and the server's peak RSS;
// exits 1 on any 5xx or time-out.
//   LOAD_USERS (100), LOAD_SECONDS (45), LOAD_TIMEOUT_MS (30000)
import os from "node:os";
import { apikey, onEachDatabase, premiumUser, quantile, startServer } from "./bench/support/http";
import { rssMb } from "./bench/support/proc";

const USERS = Number(process.env.LOAD_USERS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 45);
const TIMEOUT_MS = Number(process.env.LOAD_TIMEOUT_MS ?? 30_000);
const PASSWORD = "load-password-1";

type Sample = { ms: number; status: number | "timeout" | "network" };
type Step = "sign-in" | "user" | "refresh" | "check-subscription" | "answer" | "sign-out";
const steps: Step[] = ["sign-in", "user", "refresh", "check-subscription", "answer", "sign-out"];

async function timed(url: string, init: RequestInit): Promise<{ sample: Sample; body?: unknown }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    const ms = performance.now() - started;
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { sample: { ms, status: res.status }, body };
  } catch (error) {
    const ms = performance.now() - started;
    return {
      sample: { ms, status: (error as Error).name === "TimeoutError" ? "timeout" : "network" },
    };
  }
}

async function run(label: string, env: Record<string, string>) {
  const server = await startServer({ RATE_LIMIT_ANSWER_PER_MINUTE: "100000", ...env });
  const base = server.url;
  const samples = new Map<Step, Sample[]>(steps.map((step) => [step, []]));
  let peakRss = rssMb(server.pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 250);
  try {
    const emails = Array.from(
      { length: USERS },
      (_, i) => `load-${process.pid}-${Date.now()}-${i}@example.com`,
    );
    for (let i = 0; i < emails.length; i += 10) {
      await Promise.all(emails.slice(i, i + 10).map((email) => premiumUser(base, email, PASSWORD)));
    }
    const json = { "content-type": "application/json", apikey };
    const until = Date.now() + SECONDS * 1000;
    const record = (step: Step, sample: Sample) => samples.get(step)!.push(sample);

    await Promise.all(
      emails.map(async (email) => {
        while (Date.now() < until) {
          const signIn = await timed(`${base}/auth/v1/token?grant_type=password`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({ email, password: PASSWORD }),
          });
          record("sign-in", signIn.sample);
          const session = signIn.body as { access_token?: string; refresh_token?: string };
          if (!session?.access_token) continue;
          let auth = { ...json, authorization: `Bearer ${session.access_token}` };
          record("user", (await timed(`${base}/auth/v1/user`, { headers: auth })).sample);
          const refresh = await timed(`${base}/auth/v1/token?grant_type=refresh_token`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({ refresh_token: session.refresh_token }),
          });
          record("refresh", refresh.sample);
          const renewed = (refresh.body as { access_token?: string })?.access_token;
          if (renewed) auth = { ...json, authorization: `Bearer ${renewed}` };
          const check = await timed(`${base}/functions/v1/check-subscription`, {
            method: "POST",
            headers: auth,
          });
          record("check-subscription", check.sample);
          const answer = await timed(`${base}/functions/v1/generate-interview-answer`, {
            method: "POST",
            headers: auth,
            body: JSON.stringify({ question: "Tell me about a time you handled a conflict." }),
          });
          record("answer", answer.sample);
          const out = await timed(`${base}/auth/v1/logout?scope=local`, {
            method: "POST",
            headers: auth,
          });
          record("sign-out", out.sample);
        }
      }),
    );
  } finally {
    clearInterval(sampler);
    await server.stop();
  }

  console.info(`\n${label}: ${USERS} users for ${SECONDS} s, peak RSS ${Math.round(peakRss)} MB`);
  console.info("| endpoint | requests | p50 ms | p99 ms | max ms | not 2xx |");
  console.info("| --- | ---: | ---: | ---: | ---: | --- |");
  let failures = 0;
  for (const [step, list] of samples) {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const odd = new Map<string, number>();
    for (const s of list) {
      if (typeof s.status === "number" && s.status < 300) continue;
      odd.set(String(s.status), (odd.get(String(s.status)) ?? 0) + 1);
      if (s.status === "timeout" || s.status === "network" || (s.status as number) >= 500)
        failures++;
    }
    const notOk = [...odd].map(([status, n]) => `${status}×${n}`).join(" ") || "—";
    console.info(
      `| ${step} | ${list.length} | ${quantile(ms, 0.5).toFixed(0)} | ${quantile(ms, 0.99).toFixed(0)} | ${(ms.at(-1) ?? 0).toFixed(0)} | ${notOk} |`,
    );
  }
  return failures;
}

console.info(
  `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} before the run`,
);
let failures = 0;
await onEachDatabase("load", async (label, env) => {
  failures += await run(label, env);
});
console.info(`\nload average after: ${os.loadavg()[0]!.toFixed(2)}`);
if (failures > 0) {
  console.error(`${failures} requests failed with a 5xx, a time-out or a network error`);
  process.exit(1);
}
