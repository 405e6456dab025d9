import { ChevronDown, CreditCard, Crown, LogOut, UserRound } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { premiumPlan } from "@/shared/billing";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { signOut, useAuth } from "@/client/lib/auth";
import { useOpenCustomerPortal } from "./open-customer-portal";
import { useSubscription } from "./use-subscription";
import { formatDay } from "@/client/lib/dates";

/**
 * The signed-in pages' account menu: who is signed in and their plan, then Account, Manage
 * subscription (the billing portal; Premium for a user without one) and Sign out.
 */
export function AccountMenu() {
  const { user } = useAuth();
  const { status, settled } = useSubscription();
  const portal = useOpenCustomerPortal();
  const navigate = useNavigate();
  const email = user?.email ?? "";
  const end = status.subscription_end ? new Date(status.subscription_end) : null;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-10 gap-1 px-2" aria-busy={portal.busy}>
          <span className="grid size-7 place-items-center rounded-full bg-secondary text-secondary-foreground">
            <UserRound aria-hidden="true" />
          </span>
          <span className="sr-only">Account menu for {email}</span>
          <ChevronDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel className="flex flex-col gap-1">
          <span className="truncate font-medium">{email}</span>
          {status.subscribed ? (
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <Crown aria-hidden="true" className="size-3.5 text-primary" />
              <span>{status.subscription_tier ?? premiumPlan.tier}</span>
              {end ? (
                <span>
                  until <time dateTime={end.toISOString()}>{formatDay(end)}</time>
                </span>
              ) : null}
            </span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserRound aria-hidden="true" />
            Account
          </Link>
        </DropdownMenuItem>
        {status.subscribed ? (
          <DropdownMenuItem disabled={portal.busy} onSelect={portal.go}>
            <CreditCard aria-hidden="true" />
            {portal.busy ? "Opening..." : "Manage subscription"}
          </DropdownMenuItem>
        ) : settled ? (
          <DropdownMenuItem asChild>
            <Link to="/practice">
              <Crown aria-hidden="true" />
              Get Premium
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            void navigate("/");
            void signOut();
          }}
        >
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
