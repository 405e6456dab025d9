import { describe, expect, it } from "vitest";
import {
  callWithRetries,
  Deadline,
  ProviderBusyError,
  retryAfterMs,
  type RetryVerdict,
} from "./provider-calls";

class Busy extends Error {
  constructor(readonly afterMs?: number) {
    super("busy");
  }
}
const classify = (error: unknown): RetryVerdict =>
  error instanceof Busy ? { retry: true, afterMs: error.afterMs } : { retry: false };

/** An attempt that fails with each of `failures` in turn, then answers "ok". */
function scripted(...failures: Error[]) {
  let calls = 0;
  return {
    attempt: async () => {
      const failure = failures[calls++];
      if (failure) throw failure;
      return "ok";
    },
    calls: () => calls,
  };
}

describe("callWithRetries", () => {
  it("retries temporary failures and answers", async () => {
    const script = scripted(new Busy(10), new Busy());
    const deadline = new Deadline(5_000);
    const result = await callWithRetries({ deadline, maxRetries: 2, classify, ...script });
    deadline.clear();
    expect(result).toBe("ok");
    expect(script.calls()).toBe(3);
  });

  it("stops after maxRetries with the provider's own error", async () => {
    const script = scripted(new Busy(1), new Busy(1), new Busy(1));
    const deadline = new Deadline(5_000);
    await expect(
      callWithRetries({ deadline, maxRetries: 2, classify, ...script }),
    ).rejects.toBeInstanceOf(Busy);
    deadline.clear();
    expect(script.calls()).toBe(3);
  });

  it("does not retry what cannot succeed", async () => {
    const script = scripted(new Error("bad request"));
    const deadline = new Deadline(5_000);
    await expect(callWithRetries({ deadline, maxRetries: 5, classify, ...script })).rejects.toThrow(
      "bad request",
    );
    deadline.clear();
    expect(script.calls()).toBe(1);
  });

  it("fails at once, with when to try again, when the wait would outlast the deadline", async () => {
    const script = scripted(new Busy(20_000));
    const deadline = new Deadline(3_000);
    const started = Date.now();
    const error = await callWithRetries({ deadline, maxRetries: 5, classify, ...script }).catch(
      (e: unknown) => e,
    );
    deadline.clear();
    expect(Date.now() - started).toBeLessThan(100);
    expect(error).toBeInstanceOf(ProviderBusyError);
    expect((error as ProviderBusyError).retryAfterSeconds).toBe(20);
  });

  it("never sleeps past the deadline, even when the caller aborts meanwhile", async () => {
    const caller = new AbortController();
    const script = scripted(new Busy(1_000), new Busy(1_000));
    const deadline = new Deadline(5_000, caller.signal);
    setTimeout(() => caller.abort(new Error("client went away")), 50);
    const started = Date.now();
    await expect(callWithRetries({ deadline, maxRetries: 5, classify, ...script })).rejects.toThrow(
      "client went away",
    );
    deadline.clear();
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe("retryAfterMs", () => {
  const headers = (values: Record<string, string>) => ({
    get: (name: string) => values[name] ?? null,
  });
  it("reads seconds, an HTTP date and retry-after-ms", () => {
    expect(retryAfterMs(headers({ "retry-after": "20" }))).toBe(20_000);
    expect(retryAfterMs(headers({ "retry-after-ms": "150" }))).toBe(150);
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterMs(headers({ "retry-after": inTen }))).toBeGreaterThan(8_000);
    expect(retryAfterMs(headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
