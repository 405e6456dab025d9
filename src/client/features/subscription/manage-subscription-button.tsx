import { Button } from "@/client/components/ui/button";
import { useOpenCustomerPortal } from "./open-customer-portal";

/** Manage Subscription: opens the billing portal ("Opening..." while it does). */
export function ManageSubscriptionButton() {
  const portal = useOpenCustomerPortal();
  return (
    <Button variant="outline" onClick={portal.go} disabled={portal.busy} aria-busy={portal.busy}>
      {portal.busy ? "Opening..." : "Manage Subscription"}
    </Button>
  );
}
