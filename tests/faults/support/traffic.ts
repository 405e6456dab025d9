/**
 * Bounded traffic for the fault suite: every request goes to 127.0.0.1, every loop stops by
 * itself, and each outcome is recorded so a test can assert what was acknowledged.
 */

export type Outcome = {
  path: string;
  status: number | "network" | "timeout";
  ms: number;
  body: string;
};

/** Sends one request and records how it ended; never throws. */
export async function send(
  base: string,
  path: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Outcome> {
  const started = Date.now();
  try {
    const response = await fetch(base + path, {
      ...init,
      headers: { "content-type": "application/json", ...init.headers },
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
    return { path, status: response.status, ms: Date.now() - started, body: await response.text() };
  } catch (error) {
    const status = (error as Error).name === "TimeoutError" ? "timeout" : "network";
    return { path, status, ms: Date.now() - started, body: "" };
  }
}

export const signUp = (base: string, email: string, password = "correct-horse-9") =>
  send(base, "/auth/v1/signup", { method: "POST", body: JSON.stringify({ email, password }) });

export const signIn = (base: string, email: string, password = "correct-horse-9") =>
  send(base, "/auth/v1/token?grant_type=password", {
    method: "POST",
    body: JSON.stringify({ email, password }),
  });

/** Runs `task` in `workers` parallel loops until `stop()` says so (or `maxMs` passes). */
export function loop(workers: number, maxMs: number, task: (n: number) => Promise<void>) {
  let stopped = false;
  const until = Date.now() + maxMs;
  let n = 0;
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stopped && Date.now() < until) await task(n++);
    }),
  );
  return {
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const uniqueEmail = (tag: string, n: number) =>
  `${tag}-${process.pid}-${Date.now().toString(36)}-${n}@example.com`;
