import { Download, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toaster";
import { describeApiError } from "@/client/lib/api-client";
import { downloadMyData, useDeleteHistory } from "./history-api";

/** "Your data": download everything as JSON, or delete the practice history for good. */
export function YourData() {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteHistory();
  const id = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function download() {
    setDownloading(true);
    try {
      await downloadMyData();
      toast.success("Your data is downloading");
    } catch (error) {
      toast.error("Failed to download your data", { description: describeApiError(error) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Your account, your subscription&apos;s status, your CV, and every session and answer we keep
        (we never keep recordings).
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void download()} disabled={downloading}>
          {downloading ? <Spinner label="Preparing..." /> : <Download aria-hidden="true" />}
          {downloading ? null : "Download my data"}
        </Button>
        {!confirming ? (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Delete my practice history
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-text`}
          className="space-y-3 rounded-lg border border-destructive p-4"
        >
          <h3 id={`${id}-title`} className="font-semibold">
            Delete your practice history?
          </h3>
          <p id={`${id}-text`} className="text-sm">
            Every answer, score and session report, and your CV, are deleted from our database for
            good. Your account and subscription stay. This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              ref={confirmButton}
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess({ deleted }) {
                    setConfirming(false);
                    toast.success("Practice history deleted", {
                      description: `${deleted.attempts} answers and ${deleted.sessions} sessions${deleted.cv ? ", and your CV," : ""} were deleted.`,
                    });
                  },
                })
              }
            >
              {remove.isPending ? <Spinner label="Deleting..." /> : "Delete for good"}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
