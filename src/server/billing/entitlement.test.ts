import { describe, expect, it } from "vitest";
import {
  bestSubscription,
  entitlementOf,
  hasLiveSubscription,
  needsSync,
  PAST_DUE_GRACE_MS,
  type SubscriptionRow,
} from "./entitlement";

const at = (iso: string) => new Date(iso);
const row = (patch: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  provider: "stripe",
  status: "active",
  tier: "Premium",
  currentPeriodStart: at("2027-01-01T00:00:00Z"),
  currentPeriodEnd: at("2027-02-01T00:00:00Z"),
  cancelAt: null,
  cancelAtPeriodEnd: false,
  syncedAt: at("2027-01-01T00:00:00Z"),
  ...patch,
});

describe("entitlement", () => {
  it("active and trialing are subscribed until a scheduled cancellation", () => {
    const now = at("2027-01-15T00:00:00Z");
    expect(entitlementOf(row(), now)).toEqual({
      subscribed: true,
      subscription_tier: "Premium",
      subscription_end: "2027-02-01T00:00:00.000Z",
    });
    expect(entitlementOf(row({ status: "trialing" }), now).subscribed).toBe(true);
    const cancelling = row({ cancelAt: at("2027-01-20T00:00:00Z"), cancelAtPeriodEnd: true });
    expect(entitlementOf(cancelling, now).subscription_end).toBe("2027-01-20T00:00:00.000Z");
    expect(entitlementOf(cancelling, at("2027-01-20T00:00:00Z")).subscribed).toBe(false);
  });

  it("past_due keeps access for the grace period from the unpaid period's start", () => {
    const r = row({ status: "past_due" });
    expect(
      entitlementOf(r, new Date(r.currentPeriodStart!.getTime() + PAST_DUE_GRACE_MS - 1))
        .subscribed,
    ).toBe(true);
    expect(
      entitlementOf(r, new Date(r.currentPeriodStart!.getTime() + PAST_DUE_GRACE_MS)).subscribed,
    ).toBe(false);
    expect(hasLiveSubscription(r, at("2027-03-01T00:00:00Z"))).toBe(true);
  });

  it.each(["canceled", "unpaid", "incomplete", "incomplete_expired", "paused"])(
    "%s is not subscribed",
    (status) => {
      expect(entitlementOf(row({ status }), at("2027-01-15T00:00:00Z"))).toEqual({
        subscribed: false,
        subscription_tier: null,
        subscription_end: null,
      });
    },
  );

  it("re-syncs once a boundary has passed since the last sync, or when the row is old", () => {
    const r = row();
    expect(needsSync(r, at("2027-01-15T00:00:00Z"), Infinity)).toBe(false);
    expect(needsSync(r, at("2027-02-01T00:00:00Z"), Infinity)).toBe(true);
    expect(
      needsSync(
        row({ syncedAt: at("2027-02-01T00:00:01Z") }),
        at("2027-02-02T00:00:00Z"),
        Infinity,
      ),
    ).toBe(false);
    expect(needsSync(r, at("2027-01-01T01:00:00Z"), 3600_000)).toBe(true);
  });
});

describe("bestSubscription", () => {
  const sub = (id: string, status: string, created: number) => ({ id, status, created });
  const best = (...subs: ReturnType<typeof sub>[]) => bestSubscription(subs, (s) => s.created)?.id;

  it("prefers active or trialing, then past_due, then the newest", () => {
    expect(best()).toBeUndefined();
    expect(best(sub("old", "canceled", 1), sub("new", "canceled", 2))).toBe("new");
    expect(best(sub("due", "past_due", 1), sub("gone", "canceled", 2))).toBe("due");
    expect(best(sub("due", "past_due", 3), sub("trial", "trialing", 1))).toBe("trial");
    expect(best(sub("a", "active", 1), sub("b", "active", 2), sub("c", "incomplete", 3))).toBe("b");
  });
});
