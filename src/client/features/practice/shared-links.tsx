import { Link2Off } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import type { ShareLink } from "@/shared/share";
import { useRevokeShare, useShares } from "./share-calls";
import { formatDay } from "@/client/lib/dates";

/**
 * /account's list of the user's share links (docs/decisions/0111): what each shows, when it was
 * made, when it ends, when it was last opened and how many comments it has; Revoke ends one now.
 */
export function SharedLinks() {
  const shares = useShares();
  const revoke = useRevokeShare();
  if (shares.isPending) return <Spinner label="Loading your links..." />;
  if (shares.isError) return null;
  const links = shares.data.shares;
  if (links.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No links yet. Share a session from its report with Share with your coach.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border">
      {links.map((link) => {
        const state = stateOf(link);
        return (
          <li key={link.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-0 space-y-1 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {link.title}
                <Badge variant={state === "Active" ? "secondary" : "outline"}>{state}</Badge>
              </p>
              <p className="text-muted-foreground">
                Made {formatDay(link.createdAt)} · {state === "Expired" ? "ended" : "ends"}{" "}
                {formatDay(link.revokedAt ?? link.expiresAt)} ·{" "}
                {link.lastOpenedAt
                  ? `last opened ${formatDay(link.lastOpenedAt)}`
                  : "not opened yet"}{" "}
                · {link.comments === 1 ? "1 comment" : `${link.comments} comments`}
                {link.includeTranscript ? "" : " · without your answers' words"}
              </p>
            </div>
            {state === "Active" ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(link.id)}
                aria-label={`Revoke the link to ${link.title}, made ${formatDay(link.createdAt)}`}
              >
                <Link2Off aria-hidden="true" />
                Revoke
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function stateOf(link: ShareLink): "Active" | "Revoked" | "Expired" {
  if (link.revokedAt) return "Revoked";
  return new Date(link.expiresAt).getTime() <= Date.now() ? "Expired" : "Active";
}
