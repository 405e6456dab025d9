import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A placeholder block that holds a component's space while its content loads. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
