import { useEffect, useId, useRef, useState } from "react";
import { useAuth } from "@/client/lib/auth";
import { AnswerStep } from "./answer-step";
import { AnswerYourselfStep } from "./answer-yourself-step";
import { CapturedQuestion } from "./captured-question";
import { FeedbackCard } from "./feedback-card";
import { usePracticeConfig } from "./get-practice-config";
import { RecordQuestionStep } from "./record-question-step";
import { loadPractice, savePractice } from "./saved-practice";
import { useAnswerPractice } from "./use-answer-practice";
import { useOwnQuestionRound } from "./use-own-question-round";

/**
 * The practice tools a subscriber sees: record the interviewer's question, transcribed when the
 * recording stops (or type it), watch a sample answer being written, then answer it yourself and get scored
 * feedback. Toast texts follow docs/product-spec.md. What it shows survives a reload
 * (saved-practice.ts).
 */
export function PracticeArea() {
  const { user } = useAuth();
  const userId = user?.id ?? "";
  const [restored] = useState(() => (userId ? loadPractice(userId) : null));
  const round = useOwnQuestionRound(restored);
  const practice = useAnswerPractice(round.question, undefined, restored);
  const { data: engines } = usePracticeConfig();
  const hintId = useId();
  const questionField = useRef<HTMLTextAreaElement>(null);

  const { question, transcriptSource, uncertain, answer, answerSource } = round;
  const { typed, latest } = practice;
  useEffect(() => {
    if (!userId) return;
    savePractice(userId, {
      question,
      transcriptSource,
      uncertain,
      answer,
      answerSource,
      typed,
      latest,
    });
  }, [userId, question, transcriptSource, uncertain, answer, answerSource, typed, latest]);

  return (
    <div className="flex flex-col gap-6">
      <p role="status" aria-live="polite" className="sr-only">
        {round.status}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {practice.status}
      </p>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Interview practice</h1>
        <p className="text-muted-foreground">
          Record a question as an interviewer would ask it, study a sample answer, then answer it
          yourself and get feedback.
        </p>
      </div>

      <RecordQuestionStep
        recorder={round.recorder}
        transcribing={round.transcribing}
        transcribed={round.transcribed}
        onTranscribe={round.transcribe}
        transcriber={engines?.transcriber}
        onTypeInstead={() => questionField.current?.focus()}
      >
        <CapturedQuestion
          question={round.question}
          onQuestionChange={round.editQuestion}
          onGenerate={round.generate}
          transcriptSource={round.transcriptSource}
          uncertain={round.uncertain}
          hintId={hintId}
          fieldRef={questionField}
        />
      </RecordQuestionStep>
      <AnswerStep
        hasQuestion={round.question !== ""}
        generating={round.generating}
        onGenerate={round.generate}
        onStop={round.stopGenerating}
        answer={round.answer}
        answerSource={round.answerSource}
        answerer={engines?.answerer}
        hintId={hintId}
      />
      <AnswerYourselfStep practice={practice} hasQuestion={round.question.trim() !== ""} />
      {practice.latest ? (
        <FeedbackCard
          attempt={practice.latest}
          previous={practice.previous}
          trend={practice.trend}
          onTryAgain={() => {
            practice.tryAgain();
            // Back to the answer controls: the record button, or the text box when typing.
            requestAnimationFrame(() =>
              document.querySelector<HTMLElement>("#answer-yourself [data-answer-start]")?.focus(),
            );
          }}
          onCorrectTranscript={practice.correctTranscript}
        />
      ) : null}
    </div>
  );
}
