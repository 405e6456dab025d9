import { useEffect, useSyncExternalStore } from "react";
import { notSubscribed, type SubscriptionStatus } from "@/shared/billing";
import { getSupabase, onAuthEvent } from "@/client/lib/auth";
import { createCheckScheduler, type CheckKind, type CheckScheduler } from "./check-scheduler";
import { checkSubscription } from "./check-subscription";

/**
 * The signed-in user's subscription, kept for the whole visit (so returning to /practice shows
 * it at once) and refreshed by the spec's timing rules (check-scheduler.ts).
 *   settled  — a check has finished (or failed) since the user signed in
 *   checking — a check is in flight
 * A failed check is only logged and leaves the status unchanged; SIGNED_OUT clears it.
 */
export type SubscriptionState = {
  status: SubscriptionStatus;
  settled: boolean;
  checking: boolean;
};

const initial: SubscriptionState = { status: notSubscribed, settled: false, checking: false };
let state = initial;
const listeners = new Set<() => void>();
/** Bumped when the user changes, so an answer for the previous user is dropped. */
let generation = 0;
let userId: string | null | undefined;
let scheduler: CheckScheduler | undefined;

function setState(next: SubscriptionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function runCheck(options: { refresh: boolean }) {
  const started = generation;
  setState({ ...state, checking: true });
  try {
    const status = await checkSubscription(options);
    if (started === generation) setState({ status, settled: true, checking: false });
  } catch (error) {
    if (started !== generation) return;
    console.warn("Subscription check failed; keeping the last known status.", error);
    setState({ ...state, settled: true, checking: false });
  }
}

function start() {
  if (scheduler) return;
  const created = createCheckScheduler({ check: runCheck });
  scheduler = created;
  onAuthEvent((event, session) => {
    const nextUserId = session?.user.id ?? null;
    // `undefined` until the first event: a check started before it is for this same user.
    const switched = userId !== undefined && nextUserId !== userId;
    if (event === "SIGNED_OUT" || switched) {
      generation++;
      setState(initial);
      // Another account: the last check's timing belongs to the previous user.
      if (event !== "SIGNED_OUT") created.onAuthEvent("SIGNED_OUT", false);
    }
    userId = nextUserId;
    created.onAuthEvent(event, nextUserId !== null);
  });
}

/** Asks for a check now; "manual" is skipped within 5 s of the last check, "forced" never. */
export function requestSubscriptionCheck(kind: Exclude<CheckKind, "automatic">): Promise<boolean> {
  start();
  return scheduler!.request(kind);
}

export function useSubscription(): SubscriptionState {
  useEffect(() => {
    start();
    void getSupabase(); // this page needs the client now, not when the browser is idle
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => initial,
  );
}
