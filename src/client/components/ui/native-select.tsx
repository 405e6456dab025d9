import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * The browser's own <select>, styled like Input: keyboard, screen readers and phones' pickers
 * work as users expect, for short fixed lists (role, level, length).
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      data-slot="select"
      className={cn(
        "flex h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-card transition-colors focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
