import { useId, useEffect, useRef, type ReactNode } from "react";
import { AnswerYourselfStep } from "./answer-yourself-step";
import { FeedbackCard } from "./feedback-card";
import { useAnswerPractice } from "./use-answer-practice";

/**
 * One question answered again, spoken or typed, with its report. `attemptOf` keeps the new answer
 * with the session question it answers (so the session's report shows it); without one it is an
 * answer to the question on its own, as a question of one's own is. `done` is the report's way
 * back.
 */
export function PractiseQuestion({
  question,
  attemptOf,
  done,
  focusOnOpen = false,
}: {
  question: string;
  attemptOf?: string;
  done: ReactNode;
  /** Opened by the user's own click on this page: the heading takes the focus. */
  focusOnOpen?: boolean;
}) {
  const practice = useAnswerPractice(question, attemptOf);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  const latest = practice.latest;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4" data-testid="practise-again">
      <h2 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        Practise again: {question}
      </h2>
      <p role="status" aria-live="polite" className="sr-only">
        {practice.status}
      </p>
      <AnswerYourselfStep practice={practice} hasQuestion eyebrow="Your new answer" />
      {latest ? (
        <FeedbackCard
          attempt={latest}
          previous={practice.previous}
          trend={practice.trend}
          onTryAgain={practice.tryAgain}
          onCorrectTranscript={practice.correctTranscript}
          actions={done}
        />
      ) : null}
    </section>
  );
}
