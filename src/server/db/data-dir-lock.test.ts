import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, ownerState, type LockOwner } from "./data-dir-lock";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ic-lock-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const lockFile = (dir: string) => path.join(dir, "server.lock");
const owner = (dir: string) => JSON.parse(readFileSync(lockFile(dir), "utf8")) as LockOwner;

const me: LockOwner = {
  pid: 4242,
  startTime: "1000",
  pidNamespace: "pid:[1]",
  bootId: "boot-a",
  refreshedAt: Date.now(),
};

describe("ownerState", () => {
  it("sees a live owner by PID and start time", () => {
    const other = { ...me, pid: 77, startTime: "900" };
    expect(ownerState(other, me, () => ({ state: "S", startTime: "900" }))).toBe("alive");
  });

  it("counts a reused PID, a zombie and a missing process as dead", () => {
    const other = { ...me, pid: 77, startTime: "900" };
    expect(ownerState(other, me, () => ({ state: "S", startTime: "950" }))).toBe("dead");
    expect(ownerState(other, me, () => ({ state: "Z", startTime: "900" }))).toBe("dead");
    expect(ownerState(other, me, () => null)).toBe("dead");
  });

  it("does not take its own PID in the file for itself when it is another process's (a restart)", () => {
    // The crashed server had our PID; we started later.
    const crashed = { ...me, startTime: "500" };
    expect(ownerState(crashed, me, () => ({ state: "R", startTime: me.startTime! }))).toBe("dead");
  });

  it("cannot vouch for an owner in another PID namespace or boot", () => {
    expect(ownerState({ ...me, pidNamespace: "pid:[2]" }, me, () => null)).toBe("unseen");
    expect(ownerState({ ...me, bootId: "boot-b" }, me, () => null)).toBe("unseen");
  });
});

describe("lockDataDir", () => {
  it("refuses a second lock while the first is held, and allows one once released", async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    release();
    (await lockDataDir(dir))();
  });

  it("takes over the lock of a process that was killed", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    await new Promise((resolve) => child.once("spawn", resolve));
    const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
    const startTime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ ...(await myIdentity()), pid: child.pid, startTime }),
    );
    await expect(lockDataDir(dir)).rejects.toThrow(`process ${child.pid}`);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    (await lockDataDir(dir))();
  });

  it("takes over a lock left with this very PID by an earlier process (PID reuse)", async () => {
    const dir = tempDir();
    // Our PID, namespace and boot, but an earlier start: what a restarted container finds.
    writeFileSync(lockFile(dir), JSON.stringify({ ...(await myIdentity()), startTime: "1" }));
    const started = Date.now();
    (await lockDataDir(dir))();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("waits out an owner it cannot see until its file goes stale, then takes over", async () => {
    const dir = tempDir();
    writeFileSync(
      lockFile(dir),
      JSON.stringify({
        ...(await myIdentity()),
        pidNamespace: "pid:[elsewhere]",
        refreshedAt: Date.now() - 500,
      }),
    );
    const started = Date.now();
    (await lockDataDir(dir))();
    expect(Date.now() - started).toBeGreaterThan(750);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("takes over an unreadable or old-format lock file", async () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), "12345");
    (await lockDataDir(dir))();
  });
});

/** This process's identity as lockDataDir writes it, read from a lock it holds. */
async function myIdentity(): Promise<LockOwner> {
  const dir = tempDir();
  const release = await lockDataDir(dir);
  try {
    return { ...owner(dir), refreshedAt: Date.now() };
  } finally {
    release();
  }
}
