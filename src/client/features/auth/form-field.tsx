import { useId, type ComponentProps, type Ref } from "react";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";

/**
 * A labelled input with an optional hint and its validation message, both tied to it for screen
 * readers (aria-describedby, aria-invalid).
 */
export function FormField({
  label,
  hint,
  liveHint = false,
  error,
  ref,
  ...input
}: Omit<ComponentProps<"input">, "id" | "aria-describedby" | "aria-invalid"> & {
  label: string;
  hint?: string;
  /** The hint changes as the user types (a password's strength): announce it politely. */
  liveHint?: boolean;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ");
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        {...input}
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive-strong">
          {error}
        </p>
      )}
      {hint && !error && (
        <p
          id={hintId}
          className="text-sm text-muted-foreground"
          aria-live={liveHint ? "polite" : undefined}
        >
          {hint}
        </p>
      )}
    </div>
  );
}
