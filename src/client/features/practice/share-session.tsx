import { Copy, MessageSquare, Share2, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/client/components/ui/toaster";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import type { SessionDetail } from "@/shared/sessions";
import { SHARE_DAYS_DEFAULT } from "@/shared/share";
import { useCreateShare, useDeleteComment, useSessionComments } from "./share-calls";
import { formatDay } from "@/client/lib/dates";

/**
 * A session report's "Share with your coach" (docs/decisions/0111): a read-only link, with or
 * without what the user said, shown once to copy; and the comments left through the session's
 * links, each of which the user can delete.
 */
export function ShareSession({ session }: { session: SessionDetail }) {
  const [transcript, setTranscript] = useState(true);
  const [made, setMade] = useState(false);
  const id = useId();

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 border-t border-border pt-4">
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <Share2 aria-hidden="true" className="size-4 text-primary" />
        Share with your coach
      </h3>
      <p className="text-sm text-muted-foreground">
        A read-only page of this report, its questions and your answers, for a coach or a friend to
        read and comment on without an account. It never shows your email, lasts{" "}
        {SHARE_DAYS_DEFAULT} days, and you can revoke it on your account page.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {made ? null : (
          <div className="flex items-center gap-2">
            <input
              id={`${id}-transcript`}
              type="checkbox"
              className="size-5 shrink-0 accent-primary"
              checked={transcript}
              onChange={(event) => setTranscript(event.target.checked)}
            />
            <Label htmlFor={`${id}-transcript`} className="font-normal">
              Include what I said in each answer
            </Label>
          </div>
        )}
        <ShareLink
          sessionId={session.id}
          transcript={transcript}
          action="Create a share link"
          field="Share link"
          onMade={() => setMade(true)}
        />
      </div>
      <CoachComments session={session} />
    </section>
  );
}

/** The button that makes a link, then the link itself, to select or copy. */
function ShareLink({
  sessionId,
  transcript,
  anchor,
  action,
  field,
  onMade,
}: {
  sessionId: string;
  transcript: boolean;
  /** Where the page opens (an answer's id), if not at its top. */
  anchor?: string;
  action: string;
  field: string;
  onMade?: () => void;
}) {
  const create = useCreateShare();
  const [url, setUrl] = useState<string | null>(null);
  const id = useId();
  if (url) {
    return (
      <div className="flex basis-full flex-col gap-2 sm:flex-row">
        <Label htmlFor={id} className="sr-only">
          {field}
        </Label>
        <Input id={id} readOnly value={url} onFocus={(event) => event.target.select()} />
        <CopyButton url={url} />
      </div>
    );
  }
  return (
    <Button
      type="button"
      variant="outline"
      disabled={create.isPending}
      onClick={() =>
        create.mutate(
          { sessionId, transcript },
          {
            onSuccess(link) {
              setUrl(anchor ? `${link.url}#${anchor}` : link.url);
              onMade?.();
            },
          },
        )
      }
    >
      {create.isPending ? <Spinner label="Creating..." /> : <Share2 aria-hidden="true" />}
      {create.isPending ? null : action}
    </Button>
  );
}

function CoachComments({ session }: { session: SessionDetail }) {
  const comments = useSessionComments(session.id);
  const remove = useDeleteComment(session.id);
  const id = useId();
  const list = comments.data?.comments ?? [];
  if (list.length === 0) return null;
  const questionOf = (attemptId: string) =>
    session.attempts.find((attempt) => attempt.id === attemptId)?.question ?? "An answer";
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h4 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare aria-hidden="true" className="size-4 text-primary" />
        Comments from your coach
      </h4>
      <ul className="space-y-3">
        {list.map((comment) => (
          <li key={comment.id} className="rounded-lg border border-border p-3 text-sm">
            <p className="text-muted-foreground">On “{questionOf(comment.attemptId)}”</p>
            <p>
              <span className="font-semibold">{comment.name}</span>{" "}
              <span className="text-muted-foreground">{formatDay(comment.createdAt)}</span>
            </p>
            <p className="break-words whitespace-pre-wrap">{comment.text}</p>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="mt-1"
              disabled={remove.isPending}
              onClick={() => remove.mutate(comment.id)}
              aria-label={`Delete the comment from ${comment.name}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Share this answer", on an answer of a session: the session's link, opened at the answer.
 * What was said is included, since the answer is what is being shown.
 */
export function ShareAnswer({ sessionId, attemptId }: { sessionId: string; attemptId: string }) {
  return (
    <ShareLink
      sessionId={sessionId}
      transcript
      anchor={`answer-${attemptId}`}
      action="Share this answer"
      field="Share link to this answer"
    />
  );
}

function CopyButton({ url }: { url: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied");
    } catch {
      toast.error("Copy the link from the field", {
        description: "The clipboard is not available.",
      });
    }
  }
  return (
    <Button type="button" variant="outline" onClick={() => void copy()}>
      <Copy aria-hidden="true" />
      Copy link
    </Button>
  );
}
