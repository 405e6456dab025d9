import type { Database } from "@/server/db/client";
import type { Logger } from "@/server/logger";
import type { CardInput } from "./cards";
import { createLocalCheckout, type CheckoutLookup, type PayResult } from "./local-checkout";
import { createLocalPortal, type PortalState } from "./local-portal";
import { createLocalSync } from "./local-renewals";
import type { BillingProvider, Clock } from "./provider";
import type { SubscriptionStore } from "./subscription-store";

/**
 * The built-in payment simulator (offline default): checkout sessions, subscriptions with monthly
 * renewal, payments and portal links, kept in our own tables the way Stripe keeps them on its
 * side. Nothing is charged and card numbers are never stored — only brand and last four.
 * Composed of its checkout (local-checkout.ts), renewals and sync (local-renewals.ts) and
 * customer portal (local-portal.ts).
 */
export type LocalProvider = BillingProvider & {
  readonly kind: "local";
  lookupCheckout(sessionId: string): Promise<CheckoutLookup>;
  pay(sessionId: string, card: CardInput): Promise<PayResult>;
  /** The portal's user and data for a link token, or null when the token is unknown or expired. */
  portal(token: string): Promise<PortalState | "expired" | null>;
  cancel(token: string): Promise<"done" | "expired" | null>;
  resume(token: string): Promise<"done" | "expired" | null>;
};

export function createLocalProvider(deps: {
  db: Database;
  /** Our copy of each user's subscription, which `sync` writes. */
  subscriptions: SubscriptionStore;
  siteUrl: string;
  logger: Logger;
  now: Clock;
}): LocalProvider {
  const sync = createLocalSync(deps);
  return {
    kind: "local",
    // Our own tables are the truth: a row only goes stale at a period boundary (needsSync).
    staleAfterMs: Number.POSITIVE_INFINITY,
    sync,
    ...createLocalCheckout({ ...deps, sync }),
    ...createLocalPortal({ ...deps, sync }),
  };
}
