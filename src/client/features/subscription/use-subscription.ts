import { isCancelledError, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { notSubscribed, subscriptionCheckTiming, type SubscriptionStatus } from "@/shared/billing";
import { getSupabase, onAuthEvent, useAuth } from "@/client/lib/auth";
import { queryClient } from "@/client/lib/query-client";
import { queryKeys } from "@/client/lib/query-keys";
import { checkSubscription, subscriptionQueryOptions } from "./check-subscription";

/**
 * The signed-in user's subscription, a query kept for the whole visit (so returning to
 * /practice shows it at once) and checked by the timing rules of docs/product-spec.md (sections 4 and 9):
 * - SIGNED_IN: check after 1 s; INITIAL_SESSION with a user: after 0.5 s (a later event
 *   replaces a pending one);
 * - an automatic check is skipped if the last check started under 10 s ago, a manual one (the
 *   "Check Status" buttons) under 5 s ago; a forced one (back from checkout) always runs;
 * - SIGNED_OUT (or another user) cancels what is pending or in flight and clears the status;
 * - a failed check is only logged and leaves the status unchanged.
 *   settled  — a check has finished (or failed) since the user signed in
 *   checking — a check is in flight
 */
export type CheckKind = "automatic" | "manual" | "forced";

export type SubscriptionState = {
  status: SubscriptionStatus;
  settled: boolean;
  checking: boolean;
};

const minIntervalMs: Record<CheckKind, number> = {
  automatic: subscriptionCheckTiming.automaticMinIntervalMs,
  manual: subscriptionCheckTiming.manualMinIntervalMs,
  forced: 0,
};

/** When the last check started; the query only knows when one finished. */
let lastStartedAt = Number.NEGATIVE_INFINITY;
let pending: ReturnType<typeof setTimeout> | undefined;
/** The user of the last auth event; `undefined` until the first one. */
let userId: string | null | undefined;
let listening = false;

/** Runs a check unless the last one started too recently for this kind; resolves to whether it ran. */
async function check(kind: CheckKind, forUser: string): Promise<boolean> {
  if (Date.now() - lastStartedAt < minIntervalMs[kind]) return false;
  lastStartedAt = Date.now();
  try {
    await queryClient.fetchQuery({
      ...subscriptionQueryOptions(forUser),
      // "manual" and "forced" ask the server to re-read the payment provider first.
      queryFn: () => checkSubscription({ refresh: kind !== "automatic" }),
      staleTime: 0,
    });
  } catch (error) {
    // Cancelled by a sign-out: that user's answer no longer matters.
    if (!isCancelledError(error)) {
      console.warn("Subscription check failed; keeping the last known status.", error);
    }
  }
  return true;
}

function schedule(ms: number, forUser: string) {
  clearTimeout(pending);
  pending = setTimeout(() => {
    pending = undefined;
    void check("automatic", forUser);
  }, ms);
}

function listen() {
  if (listening) return;
  listening = true;
  onAuthEvent((event, session) => {
    const nextUserId = session?.user.id ?? null;
    // A check started before the first event is for the user the page already knew about.
    const switched = userId !== undefined && nextUserId !== userId;
    if (event === "SIGNED_OUT" || switched) {
      clearTimeout(pending);
      pending = undefined;
      lastStartedAt = Number.NEGATIVE_INFINITY; // the next user's first check is not "too soon"
      void queryClient.resetQueries({ queryKey: queryKeys.subscription.all });
    }
    userId = nextUserId;
    if (!nextUserId) return;
    if (event === "SIGNED_IN") schedule(subscriptionCheckTiming.afterSignedInMs, nextUserId);
    else if (event === "INITIAL_SESSION") {
      schedule(subscriptionCheckTiming.afterInitialSessionMs, nextUserId);
    }
  });
}

export function useSubscription(): SubscriptionState & {
  /** Asks for a check now: "manual" is skipped within 5 s of the last check, "forced" never. */
  check(kind: Exclude<CheckKind, "automatic">): Promise<boolean>;
} {
  const { user } = useAuth();
  const currentUserId = user?.id ?? null;
  useEffect(() => {
    listen();
    void getSupabase(); // this page needs the client now, not when the browser is idle
  }, []);
  const query = useQuery(subscriptionQueryOptions(currentUserId));
  const checkNow = useCallback(
    (kind: Exclude<CheckKind, "automatic">) => {
      listen();
      return currentUserId ? check(kind, currentUserId) : Promise.resolve(false);
    },
    [currentUserId],
  );
  return {
    status: query.data ?? notSubscribed,
    settled: query.status !== "pending",
    checking: query.fetchStatus === "fetching",
    check: checkNow,
  };
}
