import type { ReactNode } from "react";
import { Spinner } from "@/client/components/ui/spinner";
import { UpgradeScreen } from "./upgrade-screen";
import { useCheckoutReturn } from "./use-checkout-return";
import { useSubscription } from "./use-subscription";

/**
 * The gate of the subscriber pages (/practice, /history), inside the signed-in frame:
 * non-subscribers see the upgrade screen, subscribers see `children(subscription)`, where
 * `fromCheckout` says they have just paid.
 */
export function SubscriberOnly({
  children,
}: {
  children: (
    subscription: ReturnType<typeof useSubscription> & { fromCheckout: boolean },
  ) => ReactNode;
}) {
  const subscription = useSubscription();
  const fromCheckout = useCheckoutReturn();

  if (!subscription.settled) {
    return (
      <div className="grid min-h-[50dvh] place-items-center">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (!subscription.status.subscribed) {
    return (
      <UpgradeScreen
        fromCheckout={fromCheckout}
        onCheckStatus={() => void subscription.check("manual")}
        checking={subscription.checking}
      />
    );
  }
  return children({ ...subscription, fromCheckout });
}
