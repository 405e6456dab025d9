import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startTestServer } from "./support/server";

const entry = path.resolve("dist/server/main.js");

/** The built server as a process: signals, exit codes, refusals at start-up. */
describe("the server process", () => {
  it("shuts down cleanly on SIGTERM with exit code 0", async () => {
    const server = await startTestServer({ LOG_LEVEL: "info" });
    const exitCode = await server.stop();
    expect(exitCode).toBe(0);
    expect(server.logs.join("")).toContain("server stopped");
  });

  it("refuses to open a data directory another server is using, and says so", async () => {
    const first = await startTestServer();
    try {
      const second = spawnSync(process.execPath, [entry], {
        env: { ...process.env, PORT: "0", DATA_DIR: first.dataDir, DATABASE_URL: "" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stdout + second.stderr).toMatch(/already in use by another server/);
      // The first server is unaffected.
      expect((await fetch(`${first.url}/health`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  it("stops at start-up with a message naming a bad variable", () => {
    const result = spawnSync(process.execPath, [entry], {
      env: { ...process.env, PORT: "not-a-port", LOG_LEVEL: "loud" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
    expect(result.stderr).toContain("LOG_LEVEL");
  });

  it("keeps its data directory across a restart", async () => {
    const first = await startTestServer();
    await first.stop({ keepData: true });
    const second = await startTestServer({}, { dataDir: first.dataDir });
    expect((await fetch(`${second.url}/health`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
  });
});
