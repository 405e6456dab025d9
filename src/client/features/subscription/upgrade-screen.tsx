import { Check, Gift, Info, RefreshCw } from "lucide-react";
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
import type { FreeAnswers } from "@/shared/free-answers";
import { useCreateCheckout } from "./create-checkout";

const premiumFeatures = [
  "Unlimited practice sessions",
  "AI voice recognition and transcription",
  "Instant AI answers and feedback",
  "Industry-specific questions",
  "Progress tracking",
];

/**
 * The practice modes behind the list above's general lines: only what that list does not say
 * already (unlimited practice and progress tracking are there).
 */
const premiumModes = [
  "The AI Interviewer: spoken mock interviews with follow-ups",
  "Company Specific sets from a job post",
  "Your own questions, with model answers",
];

/**
 * What a signed-in non-subscriber sees on /practice: how many free answers are left (and a way to
 * use one), what Premium adds, and the way to pay. `fromCheckout`: they have just come back from
 * paying, and the payment may not have reached us yet — say so, with a way to look again.
 */
export function UpgradeScreen({
  fromCheckout,
  onCheckStatus,
  checking,
  freeAnswers,
}: {
  fromCheckout: boolean;
  onCheckStatus: () => void;
  checking: boolean;
  /** Null or absent while unknown. */
  freeAnswers?: FreeAnswers | null;
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

      {freeAnswers ? <FreeAnswersCard freeAnswers={freeAnswers} /> : null}

      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl leading-tight font-semibold">Upgrade to Premium</h1>
          <CardDescription className="text-base">
            Get unlimited access to AI-powered interview practice for just $11/month
          </CardDescription>
        </CardHeader>
        <CardContent>
          <h2 className="mb-3 font-semibold">Premium Features:</h2>
          <FeatureList label="Premium features" features={premiumFeatures} />
          <h2 className="mt-5 mb-3 font-semibold">Also in Premium:</h2>
          <FeatureList label="Also in Premium" features={premiumModes} />
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

/** The free taste: how many answers are left, and the way to one. */
function FreeAnswersCard({ freeAnswers }: { freeAnswers: FreeAnswers }) {
  const { remaining, limit } = freeAnswers;
  return (
    <section
      aria-labelledby="free-answers-title"
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="free-answers"
    >
      <div className="flex gap-3">
        <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <h2 id="free-answers-title" className="font-semibold">
            {remaining > 0
              ? `${remaining} of ${limit} free answers left`
              : `You have used your ${limit} free answers`}
          </h2>
          <p className="text-sm text-muted-foreground">
            {remaining > 0
              ? "Answer a Quick Practice question out loud or by typing, and get the full report — no card needed."
              : "Subscribe to keep practising: your answers so far stay in your account."}
          </p>
        </div>
      </div>
      {remaining > 0 ? (
        <Button asChild variant="secondary" className="shrink-0">
          <Link to="/practice?mode=quick">Try a free question</Link>
        </Button>
      ) : null}
    </section>
  );
}

function FeatureList({ label, features }: { label: string; features: readonly string[] }) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {features.map((feature) => (
        <li key={feature} className="flex items-center gap-2">
          <Check aria-hidden="true" className="size-4 shrink-0 text-success" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
