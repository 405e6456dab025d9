import { GraduationCap } from "lucide-react";
import { Link } from "react-router";
import { focusSection, sectionLinks } from "./site-header";

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-muted">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="space-y-3">
          <p className="flex items-center gap-2 font-semibold">
            <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
              <GraduationCap aria-hidden="true" className="size-5" />
            </span>
            Interview Coach
          </p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Practise interviews before the real thing. Interview Coach is a preparation tool: use it
            to rehearse and build confidence, not during a live interview.
          </p>
        </div>
        <nav aria-label="On this page">
          <h2 className="text-sm font-semibold">On this page</h2>
          <ul className="mt-2 text-sm">
            {sectionLinks.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  onClick={focusSection}
                  className="inline-flex min-h-10 items-center text-muted-foreground hover:text-foreground hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Account">
          <h2 className="text-sm font-semibold">Account</h2>
          <ul className="mt-2 text-sm">
            <li>
              <Link
                to="/auth"
                className="inline-flex min-h-10 items-center text-muted-foreground hover:text-foreground hover:underline"
              >
                Sign in or create an account
              </Link>
            </li>
            <li>
              <Link
                to="/practice"
                className="inline-flex min-h-10 items-center text-muted-foreground hover:text-foreground hover:underline"
              >
                Practice (Premium, $11/month)
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="About">
          <h2 className="text-sm font-semibold">About</h2>
          <ul className="mt-2 text-sm">
            <li>
              <Link
                to="/how-we-score"
                className="inline-flex min-h-10 items-center text-muted-foreground hover:text-foreground hover:underline"
              >
                How we score
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          © Interview Coach. Built to help you prepare.
        </p>
      </div>
    </footer>
  );
}
