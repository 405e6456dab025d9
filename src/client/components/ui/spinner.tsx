import { LoaderCircle } from "lucide-react";
import { cn } from "./cn";

/**
 * A busy indicator with an accessible name. With `label` shown (the default) it reads e.g.
 * "Loading..." beside the icon; `hideLabel` keeps the text for screen readers only.
 */
export function Spinner({
  label = "Loading...",
  hideLabel = false,
  className,
}: {
  label?: string;
  hideLabel?: boolean;
  className?: string;
}) {
  return (
    <span
      role="status"
      className={cn("inline-flex items-center gap-2 text-muted-foreground", className)}
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className={hideLabel ? "sr-only" : undefined}>{label}</span>
    </span>
  );
}
