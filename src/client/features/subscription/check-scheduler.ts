import { subscriptionCheckTiming } from "@/shared/billing";

/**
 * When to ask the server for the subscription status (product spec, sections 4 and 9):
 * - SIGNED_IN: check after 1 s; INITIAL_SESSION with a user: after 0.5 s;
 * - an automatic check is skipped if the last check started under 10 s ago, a manual one
 *   (the "Check Status" buttons) under 5 s ago;
 * - SIGNED_OUT cancels a pending check and forgets the last one (the next user is new);
 * - a forced check (returning from checkout) runs at once.
 * Pure timing: the caller supplies the clock, the timers and what a check does.
 */
export type CheckKind = "automatic" | "manual" | "forced";

export type CheckSchedulerDeps = {
  /** Runs one check; `refresh` asks the server to re-read the payment provider. */
  check(options: { refresh: boolean }): Promise<unknown>;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  timing?: typeof subscriptionCheckTiming;
};

export type CheckScheduler = {
  /** Feed every supabase auth event here. */
  onAuthEvent(event: string, hasUser: boolean): void;
  /** Runs a check now unless the last one was too recent for this kind; resolves to whether it ran. */
  request(kind: CheckKind): Promise<boolean>;
  dispose(): void;
};

export function createCheckScheduler(deps: CheckSchedulerDeps): CheckScheduler {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const timing = deps.timing ?? subscriptionCheckTiming;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let pending: unknown;

  const cancelPending = () => {
    if (pending !== undefined) clearTimer(pending);
    pending = undefined;
  };

  const request = async (kind: CheckKind) => {
    const minInterval =
      kind === "automatic"
        ? timing.automaticMinIntervalMs
        : kind === "manual"
          ? timing.manualMinIntervalMs
          : 0;
    if (now() - lastCheckAt < minInterval) return false;
    lastCheckAt = now();
    await deps.check({ refresh: kind !== "automatic" });
    return true;
  };

  const schedule = (ms: number) => {
    cancelPending();
    pending = setTimer(() => {
      pending = undefined;
      void request("automatic");
    }, ms);
  };

  return {
    onAuthEvent(event, hasUser) {
      if (event === "SIGNED_IN") schedule(timing.afterSignedInMs);
      else if (event === "INITIAL_SESSION" && hasUser) schedule(timing.afterInitialSessionMs);
      else if (event === "SIGNED_OUT") {
        cancelPending();
        lastCheckAt = Number.NEGATIVE_INFINITY;
      }
    },
    request,
    dispose: cancelPending,
  };
}
