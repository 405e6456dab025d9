import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * A modal dialog on the browser's own `<dialog>` (`showModal()`): the page behind is inert, focus
 * moves into it and returns to the opener when it closes, Escape closes it, and it is announced
 * with its title and description. Nothing is injected into the page (no style tags, no portals),
 * so it needs no exception in the Content-Security-Policy.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  alert = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
  className?: string;
  /** A question before something that cannot be undone: announced as an alert dialog. */
  alert?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={alert ? "alertdialog" : undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      // A close event is queued, not dispatched at once: when the dialog was opened again before
      // it arrived (a second question straight after an answer), it is stale and leaves it open.
      onClose={(event) => {
        if (!event.currentTarget.open) onOpenChange(false);
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-border bg-card p-6 text-card-foreground shadow-raised backdrop:bg-foreground/50",
        className,
      )}
    >
      {open && (
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold">
              {title}
            </h2>
            <div id={`${id}-description`} className="text-sm text-muted-foreground">
              {description}
            </div>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
