import { Check, Copy, Sparkles, Square } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toaster";
import { describeEngine } from "@/shared/practice";
import { Placeholder, SampleAnswerText } from "./sample-answer-text";

/** The offline answerer: a model answer from our library, not one written for the question. */
const LIBRARY = "offline-library";

/**
 * Step 2: ask for a sample answer (or stop it), then read it as it is written and copy it. Offline
 * it is said to be what it is: a model-answer template from our library, its [placeholders]
 * marked for the reader's own details and its tips as a list.
 * `hintId` names the question field's hint (Ctrl+Enter), which describes the Generate button.
 */
export function AnswerStep({
  hasQuestion,
  generating,
  onGenerate,
  onStop,
  answer,
  answerSource,
  answerer,
  hintId,
}: {
  /** False while the question field is empty (docs/decisions/0053). */
  hasQuestion: boolean;
  generating: boolean;
  onGenerate: () => void;
  onStop: () => void;
  answer: string;
  answerSource: string | null;
  /** The answer engine's source, once known. */
  answerer: string | undefined;
  hintId: string;
}) {
  const [copied, setCopied] = useState(false);
  const fromLibrary = (answerSource ?? answerer) === LIBRARY;
  // A new answer has not been copied yet.
  const [wasGenerating, setWasGenerating] = useState(generating);
  if (generating !== wasGenerating) {
    setWasGenerating(generating);
    if (generating) setCopied(false);
  }

  async function copyAnswer() {
    try {
      await navigator.clipboard.writeText(answer);
      setCopied(true);
      toast.success("Copied", { description: "The answer is on your clipboard." });
    } catch {
      toast.error("Could not copy", { description: "Select the text and copy it instead." });
    }
  }

  return (
    <>
      <Card>
        <CardHeader>
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">Step 2</p>
          <CardTitle as="h2">Get a sample answer</CardTitle>
          <CardDescription>
            {fromLibrary
              ? "A model answer from our interview library to study and adapt — put your own stories where you see [brackets]. It works offline, so it is a template for the closest question we have, not written for yours."
              : "A first-person answer to study and adapt — put your own stories where you see [brackets]."}
            {answerer && !fromLibrary ? ` Answers come from ${describeEngine(answerer)}.` : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          <Button
            onClick={onGenerate}
            disabled={generating || !hasQuestion}
            aria-describedby={hintId}
          >
            <Sparkles aria-hidden="true" />
            {generating ? "Generating..." : "Generate AI Answer"}
          </Button>
          {generating ? (
            <Button variant="outline" onClick={onStop}>
              <Square aria-hidden="true" />
              Stop
            </Button>
          ) : null}
        </CardContent>
      </Card>

      {answer || generating ? (
        <Card aria-busy={generating}>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div className="flex flex-col gap-1.5">
              <CardTitle as="h2">
                {fromLibrary ? "Model-answer template" : "AI-Generated Answer"}
              </CardTitle>
              {fromLibrary ? (
                <Badge variant="outline">From our interview library · offline</Badge>
              ) : answerSource ? (
                <Badge variant="outline">Written by {describeEngine(answerSource)}</Badge>
              ) : null}
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void copyAnswer()}
              disabled={!answer || generating}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </CardHeader>
          <CardContent>
            {answer ? (
              <>
                {fromLibrary ? (
                  <p className="mb-4 text-sm text-muted-foreground">
                    Replace each <Placeholder>[highlighted part]</Placeholder> with your own
                    details.
                  </p>
                ) : null}
                <SampleAnswerText text={answer} writing={generating} />
              </>
            ) : (
              <Spinner label="Writing your answer..." />
            )}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
