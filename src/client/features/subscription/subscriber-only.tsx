import { useState, type ReactNode } from "react";
import type { FreeAnswers } from "@/shared/free-answers";
import { useFreeAnswers } from "./free-answers";
import { Spinner } from "@/client/components/ui/spinner";
import { UpgradeScreen } from "./upgrade-screen";
import { useCheckoutReturn } from "./use-checkout-return";
import { useSubscription } from "./use-subscription";

/**
 * The gate of the subscriber pages (/practice, /history), inside the signed-in frame:
 * non-subscribers see the upgrade screen, subscribers see `children(subscription)`, where
 * `fromCheckout` says they have just paid. Where a page offers a free taste (`taste`), a
 * non-subscriber with a free answer left sees it instead of the upgrade screen, and keeps seeing
 * it once begun, so the last free answer's report is not taken away (docs/decisions/0120).
 */
export function SubscriberOnly({
  children,
  taste,
}: {
  children: (
    subscription: ReturnType<typeof useSubscription> & { fromCheckout: boolean },
  ) => ReactNode;
  taste?: (freeAnswers: FreeAnswers) => ReactNode;
}) {
  const subscription = useSubscription();
  const fromCheckout = useCheckoutReturn();
  const notSubscribed = subscription.settled && !subscription.status.subscribed;
  const freeAnswers = useFreeAnswers(notSubscribed);
  const [tasting, setTasting] = useState(false);
  if (taste && !tasting && freeAnswers.data && freeAnswers.data.remaining > 0) setTasting(true);

  if (!subscription.settled) {
    return (
      <div className="grid min-h-[50dvh] place-items-center">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (!subscription.status.subscribed) {
    if (taste && tasting && freeAnswers.data) return taste(freeAnswers.data);
    if (freeAnswers.isPending) {
      return (
        <div className="grid min-h-[50dvh] place-items-center">
          <Spinner label="Loading..." />
        </div>
      );
    }
    return (
      <UpgradeScreen
        fromCheckout={fromCheckout}
        onCheckStatus={() => void subscription.check("manual")}
        checking={subscription.checking}
        freeAnswers={freeAnswers.data ?? null}
      />
    );
  }
  return children({ ...subscription, fromCheckout });
}
