import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export type TestServer = {
  url: string;
  logs: string[];
  dataDir: string;
  child: ChildProcess;
  /** Sends SIGTERM, waits for the exit, and removes the data directory unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs the built server (`dist/server/main.js`) as its own process, exactly as `npm start` does,
 * on a free port with a fresh data directory.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  /** `wrap`: a command the server runs under, e.g. `["unshare", "--pid", "--fork"]`. */
  options: { dataDir?: string; wrap?: string[] } = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "ic-e2e-")));
  const url = `http://localhost:${port}`;
  const command = [...(options.wrap ?? []), process.execPath, path.resolve("dist/server/main.js")];
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => logs.push(chunk.toString()));

  const deadline = Date.now() + 90_000; // the first initdb is slow on a loaded 2-core machine
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${logs.join("")}`);
    }
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${logs.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    logs,
    dataDir,
    child,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
