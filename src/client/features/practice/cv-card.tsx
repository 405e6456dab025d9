import { FileText, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { toast } from "@/client/components/ui/toaster";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { ApiCallError, describeApiError } from "@/client/lib/api-client";
import {
  MAX_CV_FILE_BYTES,
  MAX_CV_TEXT_CHARS,
  MIN_CV_TEXT_CHARS,
  type Cv,
  type CvFormat,
} from "@/shared/cv";
import { useCv, useDeleteCv, useReadCv, useSaveCv } from "./cv-calls";
import { formatDay } from "@/client/lib/dates";

/**
 * The user's CV (docs/decisions/0110), on the AI Interviewer and Company Specific setup and on
 * /account: upload a PDF, DOCX or text file (or paste), check the text that was found, save it;
 * then what was understood from it, with Replace (and Delete on /account). It says whether the
 * CV is read on this server only or sent to the configured cloud model.
 */
export function CvCard({
  place,
  canUpload = true,
  use,
  onUseChange,
}: {
  place: "setup" | "account";
  /** Reading and saving a CV are for subscribers; anyone may see and delete theirs. */
  canUpload?: boolean;
  /** Setup: whether this session asks questions from the CV. */
  use?: boolean | null;
  onUseChange?: (use: boolean) => void;
}) {
  const cv = useCv();
  const [editing, setEditing] = useState(false);
  const id = useId();
  const saved = cv.data?.cv ?? null;
  const cloud = cv.data?.cloud ?? false;

  // Once the CV has loaded: a session uses it by default when there is one, never when not.
  const loaded = cv.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    if (saved && use === null) onUseChange?.(true);
    if (!saved && use !== false) onUseChange?.(false);
  }, [loaded, saved, use, onUseChange]);

  if (cv.isPending) return <Spinner label="Loading your CV..." />;
  if (cv.isError) return null;

  const privacy = (
    <p id={`${id}-privacy`} className="text-sm text-muted-foreground">
      {cloud
        ? "This server uses a cloud AI service: your CV's text is sent to it to find your jobs, skills and achievements. "
        : "Your CV stays on this server: it is read by the built-in reader and never sent to an AI service. "}
      It is kept with your account until you delete it, and is in Download my data.
    </p>
  );

  if (!saved && !canUpload) {
    return (
      <p className="text-sm text-muted-foreground">
        With Premium, add your CV here or on the AI Interviewer setup for questions about your own
        experience.
      </p>
    );
  }

  if (!saved || editing) {
    return (
      <CvEditor
        privacy={privacy}
        replacing={saved !== null}
        onDone={(done) => {
          setEditing(false);
          if (done && place === "setup") onUseChange?.(true);
        }}
      />
    );
  }

  return (
    <div className="space-y-3">
      <CvSummary cv={saved} />
      {place === "setup" ? (
        <div className="flex items-start gap-3">
          <input
            id={`${id}-use`}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-primary"
            checked={use ?? false}
            onChange={(event) => onUseChange?.(event.target.checked)}
          />
          <Label htmlFor={`${id}-use`} className="font-normal">
            Ask me questions from my CV
          </Label>
        </div>
      ) : null}
      {privacy}
      <div className="flex flex-wrap gap-3">
        {canUpload ? (
          <Button type="button" variant="outline" onClick={() => setEditing(true)}>
            <Upload aria-hidden="true" />
            Replace CV
          </Button>
        ) : null}
        {place === "account" ? <DeleteCvButton /> : null}
      </div>
    </div>
  );
}

function CvSummary({ cv }: { cv: Cv }) {
  const { jobs, skills, achievements } = cv.profile;
  return (
    <div className="space-y-2 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <FileText aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 break-words">{cv.fileName ?? "Pasted CV"}</span>
        <span className="font-normal text-muted-foreground">· saved {formatDay(cv.updatedAt)}</span>
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[7rem_1fr]">
        <dt className="text-muted-foreground">Jobs</dt>
        <dd className="min-w-0 break-words">
          {jobs.length === 0
            ? "None found"
            : jobs
                .slice(0, 4)
                .map((job) => [job.title, job.employer].filter(Boolean).join(" at "))
                .join("; ")}
        </dd>
        <dt className="text-muted-foreground">Skills</dt>
        <dd className="min-w-0 break-words">
          {skills.length === 0 ? "None found" : skills.slice(0, 12).join(", ")}
        </dd>
        <dt className="text-muted-foreground">Achievements</dt>
        <dd>{achievements.length === 0 ? "None found" : `${achievements.length} found`}</dd>
      </dl>
    </div>
  );
}

function CvEditor({
  privacy,
  replacing,
  onDone,
}: {
  privacy: ReactNode;
  replacing: boolean;
  onDone: (saved: boolean) => void;
}) {
  const read = useReadCv();
  const save = useSaveCv();
  const [text, setText] = useState("");
  const [file, setFile] = useState<{ name: string; format: CvFormat } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    setProblem(null);
    if (chosen.size > MAX_CV_FILE_BYTES) {
      setProblem("This file is larger than 2 MB. Choose a smaller one, or paste your CV's text.");
      return;
    }
    read.mutate(chosen, {
      onSuccess(found) {
        setText(found.text);
        setFile({ name: chosen.name, format: found.format });
        textArea.current?.focus();
      },
      onError(error) {
        setProblem(describeApiError(error));
        if (error instanceof ApiCallError && error.code === "no_text_found") {
          textArea.current?.focus();
        }
      },
    });
  }

  function submit() {
    save.mutate(
      {
        text,
        fileName: file?.name ?? null,
        format: file?.format ?? "text",
      },
      {
        onSuccess() {
          toast.success("CV saved", {
            description: "Questions from it are ready for your next interview.",
          });
          onDone(true);
        },
      },
    );
  }

  const tooShort = text.trim().length < MIN_CV_TEXT_CHARS;
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={`${id}-file`}>Your CV (PDF, Word .docx or text, up to 2 MB)</Label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".pdf,.docx,.txt,.md,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain"
          onChange={choose}
          disabled={read.isPending}
          aria-describedby={`${id}-privacy-note`}
          className="block w-full max-w-full text-sm file:mr-3 file:h-10 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:font-medium"
        />
        {read.isPending ? <Spinner label="Reading your CV..." /> : null}
        {problem ? (
          <Alert variant="destructive">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-text`}>
          {file ? `Check the text we found in ${file.name}` : "Or paste your CV's text"}
        </Label>
        <Textarea
          id={`${id}-text`}
          ref={textArea}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={MAX_CV_TEXT_CHARS}
          rows={8}
          aria-describedby={`${id}-text-hint`}
          placeholder="Paste your CV here: jobs with their dates, skills, achievements."
        />
        <p id={`${id}-text-hint`} className="text-sm text-muted-foreground">
          Correct anything read wrongly before you save: your questions come from this text.
        </p>
      </div>
      <div id={`${id}-privacy-note`}>{privacy}</div>
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={submit} disabled={tooShort || save.isPending}>
          {save.isPending ? <Spinner label="Saving..." /> : "Save CV"}
        </Button>
        {replacing ? (
          <Button type="button" variant="ghost" onClick={() => onDone(false)}>
            Cancel
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function DeleteCvButton() {
  const remove = useDeleteCv();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" />
        Delete CV
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your CV?"
        description="Its text is deleted from our database for good; interviews stop asking about it."
        confirmLabel="Delete for good"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess() {
              setConfirming(false);
              toast.success("CV deleted");
            },
          })
        }
      />
    </>
  );
}
