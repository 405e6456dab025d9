import { Toaster as Sonner } from "sonner";

/** The spec's toast rules: bottom-right, about 4 seconds each, one visible at a time. */
const TOAST_DURATION_MS = 4000;

/** Mounted once at the app root; call `toast(title, { description })` from `sonner` anywhere. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={1}
      closeButton
      toastOptions={{
        classNames: {
          toast: "!rounded-lg !border-border !bg-card !text-card-foreground !shadow-raised",
          description: "!text-muted-foreground",
          error: "!border-destructive/40 !bg-destructive-muted !text-destructive-strong",
          success: "!border-success/30 !bg-success-muted !text-success",
        },
      }}
    />
  );
}

export { toast } from "sonner";
