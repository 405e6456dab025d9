/**
 * The billing provider interface. One implementation is chosen at start-up
 * (docs/decisions/0040-billing-providers.md): Stripe when `STRIPE_SECRET_KEY` is set, otherwise
 * the built-in local test provider. Both keep the provider's truth on their side and write our
 * copy of it — one `subscriptions` row per user — through `sync`.
 */

export type BillingUser = { id: string; email: string };

export type Clock = () => Date;

export interface BillingProvider {
  readonly kind: "stripe" | "local";
  /** How long a synced `subscriptions` row is trusted before a read re-syncs it. */
  readonly staleAfterMs: number;
  /** Re-reads the provider's state for this user and writes (or removes) our row. */
  sync(userId: string): Promise<void>;
  /** A URL where the user pays for Premium; links back to `origin` (default: SITE_URL). */
  createCheckout(user: BillingUser, origin?: string): Promise<string>;
  /**
   * A URL where the user manages their subscription; throws ApiError `no_customer` (404) when
   * the user has never started a checkout.
   */
  createPortal(user: BillingUser, origin?: string): Promise<string>;
  /**
   * Ends every subscription of the user at once, before their account is deleted: no further
   * charge, no proration, no final invoice. Throws (ApiError) when the provider cannot be
   * reached or refuses; then the account must stay.
   */
  cancelNow(userId: string): Promise<void>;
}
