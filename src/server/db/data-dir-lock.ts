import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";

/**
 * An exclusive lock on a PGlite data directory: PGlite itself does not stop two processes from
 * opening the same files, which would corrupt them. Why it looks like this:
 * docs/decisions/0063-data-dir-lock.md.
 *
 * The lock file names its owner by more than a PID, because a PID alone is reused: after `kill -9`
 * in a container, the restarted server is often given the very PID in the file (a fresh PID
 * namespace starts counting again), and a zombie or an unrelated process can hold an old one. The
 * owner is alive only when a process with that PID exists, is not a zombie, and started at the
 * same moment (the kernel's start time, in clock ticks since boot) in the same PID namespace
 * since the same boot. Where /proc cannot tell (another PID namespace), the owner is alive while it
 * keeps the file fresh: it rewrites it every HEARTBEAT_MS. With no /proc at all, the PID decides.
 */

const HEARTBEAT_MS = 500;
/** A lock not refreshed for this long, whose owner /proc cannot see, is stale. */
const UNSEEN_STALE_MS = 3 * HEARTBEAT_MS;

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is already in use by another server (process ${pid}). ` +
        "Stop that server, or start this one with a different DATA_DIR or with DATABASE_URL.",
    );
    this.name = "DataDirLockedError";
  }
}

/** Who holds the lock, as written in the lock file. */
export type LockOwner = {
  pid: number;
  /** Field 22 of /proc/PID/stat; null where there is no /proc. */
  startTime: string | null;
  /** The link target of /proc/PID/ns/pid, e.g. "pid:[4026531836]". */
  pidNamespace: string | null;
  bootId: string | null;
  /** When the owner last rewrote the file (ms since the epoch). */
  refreshedAt: number;
};

/** What /proc says about a process: null when it does not exist (or there is no /proc). */
type ProcessInfo = { state: string; startTime: string };

function processInfo(pid: number | "self"): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields start after its ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", startTime: fields[19] ?? "" };
  } catch {
    return null;
  }
}

function readOptional(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null;
  }
}

function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    startTime: processInfo("self")?.startTime ?? null,
    pidNamespace: readOptional(() => readlinkSync("/proc/self/ns/pid")),
    bootId: readOptional(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8")),
    refreshedAt: Date.now(),
  };
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isSafeInteger(value.pid) || (value.pid ?? 0) <= 0) return null;
    return {
      pid: value.pid!,
      startTime: typeof value.startTime === "string" ? value.startTime : null,
      pidNamespace: typeof value.pidNamespace === "string" ? value.pidNamespace : null,
      bootId: typeof value.bootId === "string" ? value.bootId : null,
      refreshedAt: typeof value.refreshedAt === "number" ? value.refreshedAt : 0,
    };
  } catch {
    return null; // an older plain-PID file or a torn write: nobody we can vouch for
  }
}

/**
 * Whether `owner` is a live process: "alive" and "dead" when /proc can tell (same boot, same PID
 * namespace), else "unseen" — alive only while it keeps the file fresh. `me` and `lookUp` are this
 * process's identity and the /proc reader (parameters for the tests).
 */
export function ownerState(
  owner: LockOwner,
  me: LockOwner = currentOwner(),
  lookUp: (pid: number) => ProcessInfo | null = processInfo,
): "alive" | "dead" | "unseen" {
  const visible =
    owner.bootId !== null &&
    owner.bootId === me.bootId &&
    owner.pidNamespace !== null &&
    owner.pidNamespace === me.pidNamespace &&
    owner.startTime !== null &&
    me.startTime !== null;
  if (!visible) {
    // No /proc at all (e.g. macOS): the PID is all there is to go on.
    if (me.startTime === null && owner.startTime === null)
      return pidExists(owner.pid) ? "alive" : "dead";
    return "unseen";
  }
  const info = lookUp(owner.pid);
  return info !== null && info.state !== "Z" && info.startTime === owner.startTime
    ? "alive"
    : "dead";
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // exists, someone else's
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the lock on `dir` (or throws DataDirLockedError); resolves to the release function. An
 * owner /proc cannot see is waited out for up to UNSEEN_STALE_MS: after a crash and a restart in a
 * fresh PID namespace, its file stops being refreshed and the new server starts a moment later.
 */
export async function lockDataDir(dir: string): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "server.lock");
  const me = currentOwner();
  const write = (flags: string) => {
    const fd = openSync(file, flags);
    try {
      writeSync(fd, JSON.stringify({ ...me, refreshedAt: Date.now() }));
    } finally {
      closeSync(fd);
    }
  };
  const giveUpAt = Date.now() + UNSEEN_STALE_MS + HEARTBEAT_MS;
  for (;;) {
    try {
      write("wx");
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = parseOwner(readOptional(() => readFileSync(file, "utf8")) ?? "");
    const state = owner ? ownerState(owner, me) : "dead";
    const fresh = owner !== null && Date.now() - owner.refreshedAt < UNSEEN_STALE_MS;
    if (state === "alive") throw new DataDirLockedError(dir, owner!.pid);
    if (state === "unseen" && fresh) {
      if (Date.now() > giveUpAt) throw new DataDirLockedError(dir, owner!.pid);
      await sleep(250);
      continue;
    }
    rmSync(file, { force: true }); // stale: its owner is gone
  }
  const heartbeat = setInterval(() => {
    try {
      write("w");
    } catch {
      // the directory went away; the next start decides
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    rmSync(file, { force: true });
  };
}
