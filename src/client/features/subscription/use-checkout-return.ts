import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "@/client/lib/auth";
import { useSubscription } from "./use-subscription";

/** What the return from checkout leaves in the history entry once the address is cleaned up. */
type CheckoutReturnState = { checkoutReturn?: boolean } | null;

/**
 * Whether the visitor has just come back from paying: checkout's success URL is
 * `/practice?checkout=success` (src/server/billing, docs/contracts/billing.md). On arrival the
 * subscription is checked at once and the marker moves from the address into the history entry,
 * so a reload still knows (the welcome, "Check Status"), and a link followed later does not.
 */
export function useCheckoutReturn(): boolean {
  const { user, loading } = useAuth();
  const { check } = useSubscription();
  const location = useLocation();
  const navigate = useNavigate();
  const result = new URLSearchParams(location.search).get("checkout");
  const state = location.state as CheckoutReturnState;

  useEffect(() => {
    if (loading || !user || result === null) return;
    if (result === "success") void check("forced");
    const search = new URLSearchParams(location.search);
    search.delete("checkout");
    search.delete("session_id");
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : "" },
      { replace: true, state: result === "success" ? { checkoutReturn: true } : null },
    );
  }, [loading, user, result, check, navigate, location.pathname, location.search]);

  return result === "success" || state?.checkoutReturn === true;
}
