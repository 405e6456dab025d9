import { spawnSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { startTestServer } from "@tests/e2e/support/server";
import { loop, signIn, signUp, sleep, uniqueEmail } from "./support/traffic";

/**
 * kill -9 while sign-ups are being written, then a restart on the same data directory (the
 * embedded database): it must be healthy within 5 s and every acknowledged sign-up must sign in.
 */
const generous = {
  DATABASE_URL: "", // the embedded database, whatever the caller's environment says
  RATE_LIMIT_SIGN_IN_SIGN_UPS: "100000",
  RATE_LIMIT_TOKEN_REFRESH: "100000",
};

async function crashDuringSignUps(dataDir: string | undefined, tag: string, wrap?: string[]) {
  const server = await startTestServer(generous, { ...(dataDir ? { dataDir } : {}), wrap });
  const acknowledged: string[] = [];
  const traffic = loop(6, 10_000, async (n) => {
    const email = uniqueEmail(tag, n);
    const outcome = await signUp(server.url, email);
    if (outcome.status === 200) acknowledged.push(email);
  });
  await sleep(1_500);
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL"); // under unshare --kill-child, the server inside dies with it
  await exited;
  await traffic.stop();
  return { dataDir: server.dataDir, acknowledged };
}

async function restartAndCheck(dataDir: string, acknowledged: string[], env = {}) {
  const started = Date.now();
  const server = await startTestServer({ ...generous, ...env }, { dataDir });
  const healthyAfterMs = Date.now() - started;
  try {
    const failed: string[] = [];
    for (const email of acknowledged) {
      if ((await signIn(server.url, email)).status !== 200) failed.push(email);
    }
    return { healthyAfterMs, failed };
  } finally {
    await server.stop({ keepData: true });
  }
}

describe("a crash mid-write on the embedded database", () => {
  it("restarts healthy in under 5 s and keeps every acknowledged sign-up, three rounds", async () => {
    let dataDir: string | undefined;
    try {
      for (let round = 1; round <= 3; round++) {
        const crash = await crashDuringSignUps(dataDir, `crash${round}`);
        dataDir = crash.dataDir;
        expect(
          crash.acknowledged.length,
          `round ${round}: sign-ups before the kill`,
        ).toBeGreaterThan(0);
        const { healthyAfterMs, failed } = await restartAndCheck(dataDir, crash.acknowledged);
        expect(failed, `round ${round}: acknowledged sign-ups that cannot sign in`).toEqual([]);
        expect(healthyAfterMs, `round ${round}: restart to healthy`).toBeLessThan(5_000);
      }
    } finally {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  });

  const canUnshare = spawnSync("unshare", ["--pid", "--fork", "true"]).status === 0;

  it.runIf(canUnshare)(
    "restarts after a crash inside a fresh PID namespace, as a container restart does",
    async () => {
      // Each run is PID 1 of a PID namespace of its own, as in a container: the restarted server
      // finds its own PID in the lock file, written by a process it cannot see.
      const namespace = ["unshare", "--pid", "--fork", "--kill-child"];
      const crash = await crashDuringSignUps(undefined, "ns", namespace);
      try {
        const started = Date.now();
        const server = await startTestServer(generous, {
          dataDir: crash.dataDir,
          wrap: namespace,
        });
        const healthyAfterMs = Date.now() - started;
        try {
          for (const email of crash.acknowledged) {
            expect((await signIn(server.url, email)).status, email).toBe(200);
          }
        } finally {
          // unshare does not pass SIGTERM on: stop the server inside it, and unshare follows.
          spawnSync("pkill", ["-TERM", "-P", String(server.child.pid)]);
          await server.stop({ keepData: true });
        }
        expect(healthyAfterMs).toBeLessThan(5_000);
      } finally {
        await rm(crash.dataDir, { recursive: true, force: true });
      }
    },
  );
});
