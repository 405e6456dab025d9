import { Crown } from "lucide-react";
import { Link } from "react-router";
import type { SubscriptionStatus } from "@/shared/billing";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { ManageSubscriptionButton } from "./manage-subscription-button";

/** The subscriber's bar above the practice tools: plan, end date, Manage Subscription, Back to Home. */
export function SubscriptionSummary({ status }: { status: SubscriptionStatus }) {
  const end = status.subscription_end ? new Date(status.subscription_end) : null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card px-4 py-3 shadow-card">
      <p className="flex flex-wrap items-center gap-2">
        <Badge className="gap-1">
          <Crown aria-hidden="true" className="size-3.5" />
          {status.subscription_tier ?? "Premium"}
        </Badge>
        {end && (
          <span className="text-sm text-muted-foreground">
            until <time dateTime={end.toISOString()}>{end.toLocaleDateString()}</time>
          </span>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <ManageSubscriptionButton />
        <Button variant="ghost" asChild>
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}
