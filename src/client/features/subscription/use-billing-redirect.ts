import { useMutation } from "@tanstack/react-query";
import type { BillingRedirect } from "@/shared/billing";

/**
 * Calls a billing function and sends the browser to the URL it answers. `busy` stays true
 * while the next page loads; a failure shows the spec's toast 'Error' / `failureDescription`
 * (the query client's toast rule, lib/query-client.ts) and logs the reason.
 */
export function useBillingRedirect(
  call: () => Promise<BillingRedirect>,
  failureDescription: string,
) {
  const redirect = useMutation({
    mutationFn: call,
    meta: { errorToast: { title: "Error", description: failureDescription } },
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => console.warn(`${failureDescription}:`, error),
  });
  const busy = redirect.isPending || redirect.isSuccess;
  return {
    busy,
    go: () => {
      if (!busy) redirect.mutate();
    },
  };
}
