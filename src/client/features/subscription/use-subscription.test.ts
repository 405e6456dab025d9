// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as SubscriptionStore from "./use-subscription";

/**
 * The subscription store wired to auth events, with the auth client and the server call
 * replaced: the timing rules, the forced re-check after checkout, sign-out and failures.
 */
type Listener = (event: string, session: { user: { id: string } } | null) => void;
const auth = vi.hoisted(() => ({ listeners: [] as Listener[] }));
vi.mock("@/client/lib/auth", () => ({
  getSupabase: vi.fn(async () => ({})),
  onAuthEvent: (listener: Listener) => {
    auth.listeners.push(listener);
    return () => {};
  },
}));
const api = vi.hoisted(() => ({ checkSubscription: vi.fn() }));
vi.mock("./check-subscription", () => api);

const premium = {
  subscribed: true,
  subscription_tier: "Premium",
  subscription_end: "2027-02-28T10:00:00.000Z",
};
const emit = (event: string, userId: string | null) =>
  auth.listeners.forEach((listener) => listener(event, userId ? { user: { id: userId } } : null));

async function freshStore() {
  vi.resetModules();
  auth.listeners = [];
  const store = await import("./use-subscription");
  await renderState(store); // mounting the hook starts the store
  return store;
}

describe("subscription store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    api.checkSubscription.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it("keeps the answer of a forced check still in flight when the first auth event arrives", async () => {
    let answer!: (value: typeof premium) => void;
    api.checkSubscription.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const store = await freshStore();
    const forced = store.requestSubscriptionCheck("forced");
    emit("INITIAL_SESSION", "u1"); // the same user the page already knew about
    answer(premium);
    await forced;
    await vi.advanceTimersByTimeAsync(600); // the automatic check is skipped (< 10 s)
    expect(api.checkSubscription).toHaveBeenCalledExactlyOnceWith({ refresh: true });
    expect((await renderState(store)).result).toMatchObject({ status: premium, settled: true });
  });

  it("checks 0.5 s after INITIAL_SESSION, clears on SIGNED_OUT, and keeps the status when a check fails", async () => {
    api.checkSubscription.mockResolvedValue(premium);
    const store = await freshStore();
    emit("SIGNED_OUT", null);
    expect((await renderState(store)).result).toMatchObject({
      settled: false,
      status: { subscribed: false },
    });

    emit("INITIAL_SESSION", "u1");
    await vi.advanceTimersByTimeAsync(499);
    expect(api.checkSubscription).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.checkSubscription).toHaveBeenCalledExactlyOnceWith({ refresh: false });
    expect((await renderState(store)).result).toMatchObject({ status: premium, settled: true });

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    api.checkSubscription.mockRejectedValue(new Error("offline"));
    await vi.advanceTimersByTimeAsync(5000);
    expect(await store.requestSubscriptionCheck("manual")).toBe(true);
    expect(warn).toHaveBeenCalled();
    expect((await renderState(store)).result).toMatchObject({
      status: premium,
      settled: true,
      checking: false,
    });
    warn.mockRestore();

    emit("SIGNED_OUT", null);
    expect((await renderState(store)).result.status.subscribed).toBe(false);
  });
});

async function renderState(store: typeof SubscriptionStore) {
  const { renderHook } = await import("@testing-library/react");
  const { result, unmount } = renderHook(() => store.useSubscription());
  const value = result.current;
  unmount();
  return { result: value };
}
