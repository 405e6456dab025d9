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

/**
 * Step 2: ask for a sample answer (or stop it), then read it as it is written and copy it.
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
            A first-person answer to study and adapt — put your own stories where you see
            [brackets].
            {answerer ? ` Answers come from ${describeEngine(answerer)}.` : null}
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
              <CardTitle as="h2">AI-Generated Answer</CardTitle>
              {answerSource ? (
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
              <div data-testid="answer-text" className="leading-relaxed whitespace-pre-wrap">
                {answer}
                {generating ? (
                  <span
                    aria-hidden="true"
                    className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-primary align-middle"
                  />
                ) : null}
              </div>
            ) : (
              <Spinner label="Writing your answer..." />
            )}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
