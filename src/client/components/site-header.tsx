import { GraduationCap, LogOut, UserRound } from "lucide-react";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";

/** What the header needs to know about the visitor (a subset of useAuth()). */
export type HeaderAuth = {
  /** The signed-in user's email (possibly from the saved session while it is confirmed). */
  email: string | null;
  signOut: () => void;
};

export const sectionLinks = [
  { id: "features", label: "Features" },
  { id: "practice", label: "Practice" },
  { id: "feedback", label: "Feedback" },
] as const;

/**
 * In-page link handler: the browser scrolls (smoothly, via CSS, unless the visitor prefers reduced
 * motion) and updates the URL; this moves keyboard focus to the section so Tab continues there
 * and screen readers announce it. Sections carry tabIndex={-1} to accept focus.
 */
export function focusSection(event: MouseEvent<HTMLAnchorElement>) {
  const id = event.currentTarget.hash.slice(1);
  document.getElementById(id)?.focus({ preventScroll: true });
}

export function SiteHeader({ auth }: { auth: HeaderAuth }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-3 sm:px-6">
        <Link
          to="/"
          className="flex min-h-11 shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight"
        >
          {/* Phones: the mark below 360 px, the name from 360 px, both from 400 px. */}
          <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground min-[360px]:max-[399px]:hidden">
            <GraduationCap aria-hidden="true" className="size-5" />
          </span>
          <span className="max-[359px]:sr-only">Interview Coach</span>
        </Link>

        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  onClick={focusSection}
                  className="inline-flex h-10 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <HeaderAuthArea auth={auth} />
      </div>

      {/* On narrow screens the section links get their own row instead of a hidden menu. */}
      <nav aria-label="Sections" className="border-t border-border md:hidden">
        <ul className="mx-auto flex max-w-6xl items-center justify-around px-2">
          {sectionLinks.map((link) => (
            <li key={link.id}>
              <a
                href={`#${link.id}`}
                onClick={focusSection}
                className="inline-flex h-11 items-center px-3 text-sm font-medium text-muted-foreground hover:text-foreground"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/**
 * A fixed-size slot, so the header does not move when the account state changes. The
 * pre-rendered page and a visitor with no saved session see Sign In / Get Started at once; a
 * saved session shows its email from the first render after hydration, while supabase-js is
 * still loading (`loading`), and Sign Out waits for it. See docs/decisions/0022.
 */
function HeaderAuthArea({ auth }: { auth: HeaderAuth }) {
  const slot =
    "flex h-10 w-[11rem] shrink-0 items-center justify-end gap-1 sm:w-[13rem] sm:gap-2 lg:w-[22rem]";
  if (auth.email) {
    return (
      <div className={slot}>
        <Link
          to="/account"
          title="Your account"
          className="inline-flex h-10 min-w-0 items-center gap-1.5 rounded-md px-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <UserRound aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">Your account: </span>
          <span className="truncate">{auth.email}</span>
        </Link>
        <Button variant="outline" size="sm" onClick={auth.signOut} className="h-10">
          <LogOut aria-hidden="true" className="max-sm:hidden" />
          Sign Out
        </Button>
      </div>
    );
  }
  return (
    <div className={slot}>
      <Button asChild variant="ghost" size="sm" className="h-10 px-2.5 sm:px-3">
        <Link to="/auth">Sign In</Link>
      </Button>
      <Button asChild size="sm" className="h-10">
        <Link to="/auth?tab=sign-up">Get Started</Link>
      </Button>
    </div>
  );
}
