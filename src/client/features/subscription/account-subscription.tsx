import { Crown } from "lucide-react";
import { Link } from "react-router";
import { premiumPlan, type SubscriptionStatus } from "@/shared/billing";
import { SettingsSection } from "@/client/components/settings-section";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { ManageSubscriptionButton } from "./manage-subscription-button";
import { formatDay } from "@/client/lib/dates";

/**
 * The account page's subscription summary: the plan and until when, with Manage Subscription
 * (the same portal as on /practice), or a way to Premium for a user without one.
 */
export function AccountSubscription({
  status,
  settled,
}: {
  status: SubscriptionStatus;
  settled: boolean;
}) {
  const end = status.subscription_end ? new Date(status.subscription_end) : null;
  return (
    <SettingsSection id="subscription" title="Subscription">
      {!settled ? (
        <Spinner label="Checking your subscription..." />
      ) : status.subscribed ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex flex-wrap items-center gap-2">
            <Badge className="gap-1">
              <Crown aria-hidden="true" className="size-3.5" />
              {status.subscription_tier ?? premiumPlan.tier}
            </Badge>
            <span className="text-sm text-muted-foreground">
              {premiumPlan.priceLabel}
              {end && (
                <>
                  , until <time dateTime={end.toISOString()}>{formatDay(end)}</time>
                </>
              )}
            </span>
          </p>
          <ManageSubscriptionButton />
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            No subscription. Premium is {premiumPlan.priceLabel}.
          </p>
          <Button asChild variant="outline">
            <Link to="/practice">See Premium</Link>
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
