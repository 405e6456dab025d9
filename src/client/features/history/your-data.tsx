import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toaster";
import { useDeleteHistory, useDownloadMyData } from "./history-api";

/** "Your data": download everything as JSON, or delete the practice history for good. */
export function YourData() {
  const download = useDownloadMyData();
  const remove = useDeleteHistory();
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Your account, your subscription&apos;s status, your CV, and every session and answer we keep
        (we never keep recordings).
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: () => toast.success("Your data is downloading"),
            })
          }
          disabled={download.isPending}
        >
          {download.isPending ? <Spinner label="Preparing..." /> : <Download aria-hidden="true" />}
          {download.isPending ? null : "Download my data"}
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Delete my practice history
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your practice history?"
        description="Every answer, score and session report, and your CV, are deleted from our database for good. Your account and subscription stay. This cannot be undone."
        confirmLabel="Delete for good"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess({ deleted }) {
              setConfirming(false);
              toast.success("Practice history deleted", {
                description: `${counted(deleted.attempts, "answer")} and ${counted(deleted.sessions, "session")}${deleted.cv ? ", and your CV," : ""} were deleted.`,
              });
            },
          })
        }
      />
    </div>
  );
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
