import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCheckScheduler } from "./check-scheduler";

describe("subscription check timing", () => {
  let check: ReturnType<typeof vi.fn<(options: { refresh: boolean }) => Promise<void>>>;
  beforeEach(() => {
    vi.useFakeTimers();
    check = vi.fn(async () => {});
  });
  afterEach(() => vi.useRealTimers());

  it("checks 1 s after SIGNED_IN and 0.5 s after an INITIAL_SESSION with a user", async () => {
    const scheduler = createCheckScheduler({ check });
    scheduler.onAuthEvent("SIGNED_IN", true);
    await vi.advanceTimersByTimeAsync(999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledExactlyOnceWith({ refresh: false });

    const initialCheck = vi.fn(async () => {});
    const other = createCheckScheduler({ check: initialCheck });
    other.onAuthEvent("INITIAL_SESSION", true);
    await vi.advanceTimersByTimeAsync(499);
    expect(initialCheck).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(initialCheck).toHaveBeenCalledExactlyOnceWith({ refresh: false });
  });

  it("does not check for an INITIAL_SESSION without a user", async () => {
    const scheduler = createCheckScheduler({ check });
    scheduler.onAuthEvent("INITIAL_SESSION", false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(check).not.toHaveBeenCalled();
  });

  it("skips an automatic check within 10 s of the last one, a manual one within 5 s", async () => {
    const scheduler = createCheckScheduler({ check });
    scheduler.onAuthEvent("INITIAL_SESSION", true);
    await vi.advanceTimersByTimeAsync(500); // t = 0.5 s: check 1
    expect(check).toHaveBeenCalledTimes(1);

    scheduler.onAuthEvent("SIGNED_IN", true);
    await vi.advanceTimersByTimeAsync(1000); // t = 1.5 s: automatic, 1 s after the last → skipped
    expect(check).toHaveBeenCalledTimes(1);

    expect(await scheduler.request("manual")).toBe(false); // 1 s after → skipped
    await vi.advanceTimersByTimeAsync(4000); // t = 5.5 s
    expect(await scheduler.request("manual")).toBe(true); // 5 s after → runs, with refresh
    expect(check).toHaveBeenLastCalledWith({ refresh: true });
    expect(check).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(9999);
    expect(await scheduler.request("automatic")).toBe(false); // 9.999 s after the manual one
    await vi.advanceTimersByTimeAsync(1);
    expect(await scheduler.request("automatic")).toBe(true);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it("runs a forced check at once, whatever the last check", async () => {
    const scheduler = createCheckScheduler({ check });
    expect(await scheduler.request("manual")).toBe(true);
    expect(await scheduler.request("forced")).toBe(true);
    expect(check).toHaveBeenLastCalledWith({ refresh: true });
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("SIGNED_OUT cancels a pending check and forgets the last one", async () => {
    const scheduler = createCheckScheduler({ check });
    scheduler.onAuthEvent("SIGNED_IN", true);
    scheduler.onAuthEvent("SIGNED_OUT", false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).not.toHaveBeenCalled();

    expect(await scheduler.request("automatic")).toBe(true);
    scheduler.onAuthEvent("SIGNED_OUT", false);
    scheduler.onAuthEvent("SIGNED_IN", true); // another user, 0 s later
    await vi.advanceTimersByTimeAsync(1000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("a later event replaces a pending one instead of checking twice", async () => {
    const scheduler = createCheckScheduler({ check });
    scheduler.onAuthEvent("INITIAL_SESSION", true);
    scheduler.onAuthEvent("SIGNED_IN", true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(check).toHaveBeenCalledTimes(1);
    scheduler.dispose();
  });
});
