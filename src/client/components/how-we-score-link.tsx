import { Scale } from "lucide-react";

/**
 * A report's link to the public "How we score" page. It opens in a new tab, so the report the
 * user is reading (a practice session in progress, say) stays where it is; a plain anchor, since
 * a new tab loads the page afresh anyway.
 */
export function HowWeScoreLink() {
  return (
    <a
      href="/how-we-score"
      target="_blank"
      className="inline-flex min-h-6 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <Scale aria-hidden="true" className="size-4" />
      How we score
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
