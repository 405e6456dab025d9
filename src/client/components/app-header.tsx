import { Bot, Building2, Clock, GraduationCap, History, Mic } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "@/client/components/ui/cn";
import { practiceModeSchema, type PracticeMode } from "@/shared/sessions";

/** The practice modes, in the order of the landing page's cards; `own` is a question of one's own. */
const modes: { mode: PracticeMode | "own"; label: string; short: string; icon: typeof Bot }[] = [
  { mode: "interview", label: "AI Interviewer", short: "Interview", icon: Bot },
  { mode: "quick", label: "Quick Practice", short: "Quick", icon: Clock },
  { mode: "company", label: "Company Specific", short: "Company", icon: Building2 },
  { mode: "own", label: "Your own question", short: "Own", icon: Mic },
];

/**
 * Where the visitor is: a practice mode, the history, or neither (the account page, and /practice
 * just back from checkout, which welcomes rather than shows a mode).
 */
function useCurrent(): PracticeMode | "own" | "history" | null {
  const { pathname, search, state } = useLocation();
  if (pathname === "/history") return "history";
  if (pathname !== "/practice") return null;
  const params = new URLSearchParams(search);
  const fromCheckout =
    params.get("checkout") === "success" ||
    (state as { checkoutReturn?: boolean } | null)?.checkoutReturn === true;
  const mode = practiceModeSchema.safeParse(params.get("mode"));
  return mode.success ? mode.data : fromCheckout ? null : "own";
}

/**
 * The header of every signed-in page: the product's name (home), the practice modes as one
 * segmented control, History, and `accountMenu`. On a phone the modes take a row of their own
 * with short names, so the header stays under an eighth of the screen.
 */
export function AppHeader({ accountMenu }: { accountMenu: ReactNode }) {
  const current = useCurrent();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 sm:gap-x-4 sm:px-6 lg:flex-nowrap">
        <Link
          to="/"
          className="flex h-14 shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight"
        >
          <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
            <GraduationCap aria-hidden="true" className="size-5" />
          </span>
          Interview Coach
        </Link>

        <nav
          aria-label="Practice modes"
          className="order-last -mx-1 w-[calc(100%+0.5rem)] pb-2 lg:order-none lg:mx-auto lg:w-auto lg:pb-0"
        >
          <ul className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1 sm:flex">
            {modes.map(({ mode, label, short, icon: Icon }) => (
              <li key={mode} className="min-w-0 sm:flex-1 lg:flex-none">
                <Link
                  to={mode === "own" ? "/practice" : `/practice?mode=${mode}`}
                  aria-current={current === mode ? "page" : undefined}
                  className={cn(
                    "flex h-9 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground lg:px-3",
                    "aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-card",
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0 max-[399px]:hidden" />
                  <span className="sm:hidden">{short}</span>
                  <span className="max-sm:hidden">{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex h-14 items-center gap-1 lg:ml-0">
          <Link
            to="/history"
            aria-current={current === "history" ? "page" : undefined}
            className="inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground aria-[current=page]:text-foreground aria-[current=page]:underline aria-[current=page]:underline-offset-8 sm:px-3"
          >
            <History aria-hidden="true" className="size-4 max-[399px]:hidden" />
            History
          </Link>
          {accountMenu}
        </div>
      </div>
    </header>
  );
}
