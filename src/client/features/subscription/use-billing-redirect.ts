import { useState } from "react";
import { toast } from "sonner";
import type { BillingRedirect } from "@/shared/billing";

/**
 * Calls a billing function and sends the browser to the URL it answers. `busy` stays true
 * while the next page loads; a failure shows the spec's toast and logs the reason.
 */
export function useBillingRedirect(
  call: () => Promise<BillingRedirect>,
  failureDescription: string,
) {
  const [busy, setBusy] = useState(false);
  const go = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { url } = await call();
      window.location.assign(url);
    } catch (error) {
      console.warn(`${failureDescription}:`, error);
      toast.error("Error", { description: failureDescription });
      setBusy(false);
    }
  };
  return { busy, go };
}
