import { useId, type KeyboardEvent, type Ref } from "react";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { describeEngine } from "@/shared/practice";
import { MAX_QUESTION_CHARS } from "@/shared/practice-limits";

/**
 * The end of step 1: the question as transcribed, to check and edit, or typed by the user. Ctrl/Cmd+Enter asks for
 * the answer. `hintId` names the hint below the field, which the Generate button also refers to.
 */
export function CapturedQuestion({
  question,
  onQuestionChange,
  onGenerate,
  transcriptSource,
  uncertain,
  hintId,
  fieldRef,
}: {
  question: string;
  onQuestionChange: (text: string) => void;
  onGenerate: () => void;
  transcriptSource: string | null;
  uncertain: boolean;
  hintId: string;
  fieldRef?: Ref<HTMLTextAreaElement>;
}) {
  const questionId = useId();
  const titleId = useId();

  function onQuestionKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onGenerate();
    }
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 border-t border-border pt-5">
      <div className="flex flex-col gap-1">
        <h3 id={titleId} className="font-semibold">
          Captured question
        </h3>
        <p className="text-sm text-muted-foreground">
          Check the transcript, edit it, or type a question yourself.
        </p>
      </div>
      <Label htmlFor={questionId}>Interview question</Label>
      <Textarea
        ref={fieldRef}
        id={questionId}
        value={question}
        onChange={(event) => onQuestionChange(event.target.value)}
        onKeyDown={onQuestionKeyDown}
        maxLength={MAX_QUESTION_CHARS}
        rows={3}
        placeholder="e.g. Tell me about a time you handled a conflict at work."
        aria-describedby={hintId}
      />
      <div
        id={hintId}
        className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground"
      >
        <span>Ctrl+Enter generates the answer.</span>
        <span>
          {question.length} / {MAX_QUESTION_CHARS}
        </span>
      </div>
      {transcriptSource ? (
        <Badge variant="outline">Transcribed by {describeEngine(transcriptSource)}</Badge>
      ) : null}
      {uncertain ? (
        <Alert variant="warning">
          <AlertDescription>Did we hear that right? You can edit the question.</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
