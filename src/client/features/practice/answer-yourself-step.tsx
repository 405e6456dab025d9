import { Keyboard, MessageSquareText, Mic, RotateCcw, Square, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { Textarea } from "@/client/components/ui/textarea";
import { hasWords, MAX_ANSWER_RECORDING_SECONDS, MAX_TYPED_ANSWER_CHARS } from "@/shared/feedback";
import { MicrophoneProblem } from "./microphone-check";
import { useQueueStatus } from "./queue-status";
import { RecordingPanel } from "./recording-panel";
import type { AnswerMode, useAnswerPractice } from "./use-answer-practice";

/**
 * Step 3: the user answers the question themselves — out loud (up to 3 minutes, the same recorder
 * as the question's) or typed — and asks for feedback. Usable without a sample answer.
 */
export function AnswerYourselfStep({
  practice,
  hasQuestion,
  eyebrow = "Step 3",
}: {
  practice: ReturnType<typeof useAnswerPractice>;
  hasQuestion: boolean;
  /** The small label above the title. */
  eyebrow?: string;
}) {
  const { recorder, mode, evaluating } = practice;
  const answerId = useId();
  const hintId = useId();
  const typedField = useRef<HTMLTextAreaElement>(null);
  const checking = recorder.status === "checking";
  const recordingActive =
    recorder.status === "recording" || recorder.status === "requesting" || checking;
  const ready = mode === "speak" ? recorder.recording !== null : hasWords(practice.typed);

  function typeInstead() {
    practice.setMode("type");
    // The Type tab renders with this click; then its text box takes the focus.
    requestAnimationFrame(() => typedField.current?.focus());
  }

  function onAnswerKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      practice.evaluate();
    }
  }

  return (
    <Card id="answer-yourself" aria-busy={evaluating}>
      <CardHeader>
        <p className="text-xs font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
        <CardTitle as="h2">Answer it yourself</CardTitle>
        <CardDescription>
          Answer out loud as you would in the interview — up to {MAX_ANSWER_RECORDING_SECONDS / 60}{" "}
          minutes — or type your answer. You&apos;ll get a score for clarity, relevance and timing,
          and what to change.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Tabs
          value={mode}
          onValueChange={(value) => practice.setMode(value as AnswerMode)}
          aria-label="How to answer"
        >
          <TabsList>
            <TabsTrigger value="speak" disabled={recordingActive || evaluating}>
              <Mic aria-hidden="true" className="mr-2 size-4" />
              Speak
            </TabsTrigger>
            <TabsTrigger value="type" disabled={recordingActive || evaluating}>
              <Keyboard aria-hidden="true" className="mr-2 size-4" />
              Type
            </TabsTrigger>
          </TabsList>
          <TabsContent value="speak" className="flex flex-col gap-4">
            {recorder.problem && !recordingActive ? (
              <MicrophoneProblem
                problem={recorder.problem}
                onRetry={() => void recorder.start()}
                onTypeInstead={typeInstead}
              />
            ) : null}
            <div className={checking ? "hidden" : "flex flex-wrap items-center gap-3"}>
              {recordingActive ? (
                <Button
                  variant="destructive"
                  onClick={() => recorder.stop()}
                  disabled={recorder.status === "requesting"}
                >
                  <Square aria-hidden="true" />
                  Stop Answer
                </Button>
              ) : (
                <Button
                  data-answer-start
                  variant={recorder.recording ? "outline" : "default"}
                  onClick={() => void recorder.start()}
                  disabled={evaluating}
                >
                  {recorder.recording ? (
                    <RotateCcw aria-hidden="true" />
                  ) : (
                    <Mic aria-hidden="true" />
                  )}
                  {recorder.recording ? "Record Again" : "Record Answer"}
                </Button>
              )}
              {recorder.status === "requesting" ? (
                <Spinner label="Waiting for the microphone..." />
              ) : null}
            </div>
            <RecordingPanel
              recorder={recorder}
              maxSeconds={MAX_ANSWER_RECORDING_SECONDS}
              playbackLabel="Your answer"
              startLabel="Start my answer"
            />
          </TabsContent>
          <TabsContent value="type" className="flex flex-col gap-2">
            <Label htmlFor={answerId}>Your answer</Label>
            <Textarea
              ref={typedField}
              id={answerId}
              data-answer-start
              value={practice.typed}
              onChange={(event) => practice.setTyped(event.target.value)}
              onKeyDown={onAnswerKeyDown}
              maxLength={MAX_TYPED_ANSWER_CHARS}
              rows={7}
              disabled={evaluating}
              placeholder="Write your answer as you would say it."
              aria-describedby={hintId}
            />
            <div
              id={hintId}
              className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground"
            >
              <span>Ctrl+Enter gets feedback. Typed answers are scored without delivery.</span>
              <span>
                {practice.typed.length} / {MAX_TYPED_ANSWER_CHARS}
              </span>
            </div>
          </TabsContent>
        </Tabs>

        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={practice.evaluate}
            disabled={!hasQuestion || !ready || recordingActive || evaluating}
          >
            <MessageSquareText aria-hidden="true" />
            {evaluating ? "Getting Feedback..." : "Get Feedback"}
          </Button>
          {evaluating ? (
            <Button variant="outline" onClick={practice.cancel}>
              <X aria-hidden="true" />
              Cancel
            </Button>
          ) : null}
          {!hasQuestion ? (
            <span className="text-sm text-muted-foreground">
              Record or type the question above first.
            </span>
          ) : null}
        </div>
        {evaluating && practice.startedAt !== null ? (
          <ScoringProgress startedAt={practice.startedAt} spoken={mode === "speak"} />
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * A long answer takes a while offline: say what is happening and for how long it has been, and
 * when the recogniser is busy with other people's answers, where this one is in the queue.
 */
function ScoringProgress({ startedAt, spoken }: { startedAt: number; spoken: boolean }) {
  const [seconds, setSeconds] = useState(0);
  const queue = useQueueStatus(spoken).data;
  useEffect(() => {
    const timer = window.setInterval(
      () => setSeconds(Math.floor((performance.now() - startedAt) / 1000)),
      1000,
    );
    return () => window.clearInterval(timer);
  }, [startedAt]);
  return (
    <div className="flex items-center gap-3 text-sm text-muted-foreground">
      <Spinner
        label={
          queue?.state === "queued"
            ? `Busy — your answer is queued (position ${queue.position}). It will be heard as soon as the recogniser is free...`
            : spoken
              ? "Listening to your answer and scoring it..."
              : "Scoring your answer..."
        }
      />
      <span aria-hidden="true" className="font-mono tabular-nums">
        {seconds} s
      </span>
    </div>
  );
}
