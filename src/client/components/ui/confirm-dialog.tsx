import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { Spinner } from "./spinner";

/**
 * The one confirmation before something that cannot be undone: an alert dialog with Cancel (or
 * `cancelLabel`; focused first, as the safe choice) and the destructive action. While `busy` it stays open
 * and both buttons wait.
 *
 *   <ConfirmDialog open={open} onOpenChange={setOpen} title="Delete your CV?"
 *     description="…" confirmLabel="Delete for good" busy={remove.isPending}
 *     onConfirm={() => remove.mutate()} />
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  busy = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      alert
      open={open}
      onOpenChange={(next) => {
        if (!busy || next) onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner label="Deleting..." /> : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
