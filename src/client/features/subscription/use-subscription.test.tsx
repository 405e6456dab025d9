// @vitest-environment jsdom
import { notifyManager, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as ApiClient from "@/client/lib/api-client";
import { ApiCallError } from "@/client/lib/api-client";

/**
 * The subscription query wired to auth events, with the auth client and the wire call
 * replaced: the timing rules of docs/product-spec.md (sections 4 and 9), the forced re-check after checkout,
 * sign-out, failures and a 401.
 */
type Listener = (event: string, session: { user: { id: string } } | null) => void;
const auth = vi.hoisted(() => ({
  listeners: [] as Listener[],
  /** What useAuth() answers, and who re-renders when it changes. */
  state: { user: null as { id: string } | null, loading: false },
  renders: new Set<() => void>(),
  signOut: vi.fn(async () => {}),
}));
vi.mock("@/client/lib/auth", async () => {
  const { useSyncExternalStore } = await import("react");
  const subscribe = (render: () => void) => {
    auth.renders.add(render);
    return () => auth.renders.delete(render);
  };
  return {
    getSupabase: vi.fn(async () => ({})),
    onAuthEvent: (listener: Listener) => {
      auth.listeners.push(listener);
      return () => {};
    },
    useAuth: () => useSyncExternalStore(subscribe, () => auth.state),
    signOut: auth.signOut,
  };
});
const invoke = vi.hoisted(() => vi.fn());
vi.mock("@/client/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  invokeFunction: invoke,
}));

const premium = {
  subscribed: true,
  subscription_tier: "Premium",
  subscription_end: "2027-02-28T10:00:00.000Z",
};

/** Auth events reach listeners a tick later (lib/auth.tsx); here they arrive at once. */
function emit(event: string, userId: string | null) {
  const user = userId ? { id: userId } : null;
  act(() => {
    setUser(user);
    for (const listener of auth.listeners) listener(event, user && { user });
  });
}

function setUser(user: { id: string } | null) {
  auth.state = { user, loading: false };
  for (const render of auth.renders) render();
}

/** The check-subscription calls so far, as the `body` each sent (`{}`: an automatic check). */
const checks = () =>
  invoke.mock.calls.filter(([name]) => name === "check-subscription").map(([, body]) => body);

/** A fresh module graph (the listener and the last-check time are per visit), mounted. */
async function mount() {
  vi.resetModules();
  auth.listeners = [];
  const { useSubscription } = await import("./use-subscription");
  const { queryClient } = await import("@/client/lib/query-client");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useSubscription(), { wrapper });
  return { ...hook, queryClient };
}

/** Lets `ms` pass, with the answers the timers start. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

// The query's change notifications go out in a microtask, not a timer of their own, so a test
// sees the answer in the same step that produced it.
notifyManager.setScheduler(queueMicrotask);

describe("subscription checks", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    invoke.mockReset();
    invoke.mockResolvedValue(premium);
    setUser(null);
    auth.signOut.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("checks 1 s after SIGNED_IN and 0.5 s after an INITIAL_SESSION with a user", async () => {
    const { result } = await mount();
    emit("INITIAL_SESSION", null);
    await wait(5000);
    expect(checks()).toEqual([]);

    emit("SIGNED_IN", "u1");
    await wait(999);
    expect(checks()).toEqual([]);
    expect(result.current.settled).toBe(false);
    await wait(1);
    expect(checks()).toEqual([{}]); // automatic: no refresh
    expect(result.current).toMatchObject({ status: premium, settled: true, checking: false });

    await mount();
    invoke.mockClear();
    emit("INITIAL_SESSION", "u1");
    await wait(499);
    expect(checks()).toEqual([]);
    await wait(1);
    expect(checks()).toEqual([{}]);
  });

  it("a later event replaces a pending one instead of checking twice", async () => {
    await mount();
    emit("INITIAL_SESSION", "u1");
    emit("SIGNED_IN", "u1");
    await wait(3000);
    expect(checks()).toHaveLength(1);
  });

  it("skips an automatic check within 10 s of the last one, a manual one within 5 s", async () => {
    const { result } = await mount();
    emit("INITIAL_SESSION", "u1");
    await wait(500); // t = 0.5 s: check 1
    expect(checks()).toHaveLength(1);

    emit("SIGNED_IN", "u1");
    await wait(1000); // t = 1.5 s: automatic, 1 s after the last → skipped
    expect(checks()).toHaveLength(1);

    expect(await act(() => result.current.check("manual"))).toBe(false); // 1 s after
    await wait(4000); // t = 5.5 s
    expect(await act(() => result.current.check("manual"))).toBe(true); // 5 s after
    expect(checks()).toEqual([{}, { refresh: true }]);

    await wait(9999);
    emit("SIGNED_IN", "u1");
    await wait(1000); // 10.999 s after the manual one → runs
    expect(checks()).toHaveLength(3);
    await wait(8999);
    emit("SIGNED_IN", "u1");
    await wait(1000); // 9.999 s after → skipped
    expect(checks()).toHaveLength(3);
  });

  it("runs a forced check at once, whatever the last check", async () => {
    setUser({ id: "u1" });
    const { result } = await mount();
    expect(await act(() => result.current.check("manual"))).toBe(true);
    expect(await act(() => result.current.check("forced"))).toBe(true);
    expect(checks()).toEqual([{ refresh: true }, { refresh: true }]);
  });

  it("keeps the answer of a forced check still in flight when the first auth event arrives", async () => {
    let answer!: (value: typeof premium) => void;
    invoke.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    setUser({ id: "u1" });
    const { result } = await mount();
    let forced!: Promise<boolean>;
    await act(async () => void (forced = result.current.check("forced")));
    expect(result.current.checking).toBe(true);
    emit("INITIAL_SESSION", "u1"); // the same user the page already knew about
    answer(premium);
    await act(() => forced);
    await wait(600); // the automatic check is skipped (< 10 s)
    expect(checks()).toEqual([{ refresh: true }]);
    expect(result.current).toMatchObject({ status: premium, settled: true, checking: false });
  });

  it("SIGNED_OUT cancels a pending check, clears the status and forgets the last check", async () => {
    const { result } = await mount();
    emit("INITIAL_SESSION", "u1");
    await wait(500);
    expect(result.current.status).toEqual(premium);

    emit("SIGNED_IN", "u1");
    emit("SIGNED_OUT", null);
    expect(result.current).toMatchObject({
      settled: false,
      status: { subscribed: false, subscription_tier: null, subscription_end: null },
    });
    await wait(2000);
    expect(checks()).toHaveLength(1);

    emit("SIGNED_IN", "u2"); // another user, 2.5 s after the last check
    await wait(1000);
    expect(checks()).toHaveLength(2);
    expect(result.current).toMatchObject({ status: premium, settled: true });
  });

  it("only logs a failed check and keeps the last known status", async () => {
    const { result } = await mount();
    emit("INITIAL_SESSION", "u1");
    await wait(500);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    invoke.mockRejectedValue(new ApiCallError("The server had a problem.", "internal", 500));
    await wait(5000);
    expect(await act(() => result.current.check("manual"))).toBe(true);
    expect(checks()).toHaveLength(2); // not retried: a retry would be a check inside 5 s
    expect(warn).toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: premium, settled: true, checking: false });
    expect(auth.signOut).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("signs the user out when the server answers 401", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    invoke.mockRejectedValue(new ApiCallError("Sign in again.", "unauthorized", 401));
    await mount();
    emit("INITIAL_SESSION", "u1");
    await wait(500);
    expect(auth.signOut).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
