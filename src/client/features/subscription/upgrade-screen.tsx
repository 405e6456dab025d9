import { Check, Info, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from "@/client/components/ui/card";
import { useCreateCheckout } from "./create-checkout";

const premiumFeatures = [
  "Unlimited practice sessions",
  "AI voice recognition and transcription",
  "Instant AI answers and feedback",
  "Industry-specific questions",
  "Progress tracking",
];

/**
 * What a signed-in non-subscriber sees on /practice. `fromCheckout`: they have just come back from
 * paying, and the payment may not have reached us yet — say so, with a way to look again.
 */
export function UpgradeScreen({
  fromCheckout,
  onCheckStatus,
  checking,
}: {
  fromCheckout: boolean;
  onCheckStatus: () => void;
  checking: boolean;
}) {
  const checkout = useCreateCheckout();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      {fromCheckout ? (
        <Alert>
          <Info aria-hidden="true" />
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>
              If you just completed a purchase, wait a moment and click &lsquo;Check Status&rsquo;.
            </span>
            <Button variant="outline" size="sm" onClick={onCheckStatus} disabled={checking}>
              <RefreshCw aria-hidden="true" className={checking ? "animate-spin" : undefined} />
              Check Status
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl leading-tight font-semibold">Upgrade to Premium</h1>
          <CardDescription className="text-base">
            Get unlimited access to AI-powered interview practice for just $11/month
          </CardDescription>
        </CardHeader>
        <CardContent>
          <h2 className="mb-3 font-semibold">Premium Features:</h2>
          <ul className="space-y-2">
            {premiumFeatures.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 shrink-0 text-success" />
                {feature}
              </li>
            ))}
          </ul>
        </CardContent>
        <CardFooter className="flex-col items-stretch">
          <Button
            size="lg"
            onClick={checkout.go}
            disabled={checkout.busy}
            aria-busy={checkout.busy}
          >
            {checkout.busy ? "Processing..." : "Subscribe for $11/month"}
          </Button>
          <Button variant="outline" onClick={onCheckStatus} disabled={checking}>
            Check Subscription Status
          </Button>
          <Button variant="ghost" asChild>
            <Link to="/">Back to Home</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
