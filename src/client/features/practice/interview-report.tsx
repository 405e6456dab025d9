import { useQueryClient } from "@tanstack/react-query";
import { BookOpen, RotateCcw, Target } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { scoreWord } from "@/client/components/score-bars";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import type { SessionDetail } from "@/shared/sessions";
import { useGenerateAnswer } from "./generate-answer";
import { useSessionDetail } from "./practice-sessions";
import { SessionReport } from "./session-report";
import { PractiseQuestion } from "./practise-question";
import { queryKeys } from "@/client/lib/query-keys";

type Answer = SessionDetail["attempts"][number];

/**
 * The end of an AI Interviewer session: the session's summary (SessionReport), then every
 * question in order with the answer heard, its follow-up and that answer, their scores (words in
 * low-anxiety mode), "Skipped" where nothing was said — "Practise this question again", "Retry
 * the weakest" and the sample answer one click away.
 */
export function InterviewReport({ id, footer }: { id: string; footer: ReactNode }) {
  const { data } = useSessionDetail(id);
  const [practising, setPractising] = useState<number | null>(null);
  const weakest = data ? weakestQuestion(data) : null;
  return (
    <div className="flex flex-col gap-6">
      <SessionReport
        id={id}
        footer={
          <>
            {weakest !== null ? (
              <Button variant="secondary" onClick={() => setPractising(weakest)}>
                <Target aria-hidden="true" />
                Retry the weakest
              </Button>
            ) : null}
            {footer}
          </>
        }
      />
      {practising !== null && data ? (
        <PractiseAgain
          key={practising}
          session={data}
          index={practising}
          onClose={() => setPractising(null)}
        />
      ) : null}
      {data ? <QuestionByQuestion session={data} onPractise={setPractising} /> : null}
    </div>
  );
}

/** The question whose latest answer scored lowest, or null before any answer. */
function weakestQuestion(session: SessionDetail): number | null {
  let weakest: Answer | null = null;
  for (const answer of latestAnswers(session).values()) {
    if (!weakest || answer.scores.overall < weakest.scores.overall) weakest = answer;
  }
  return weakest?.questionIndex ?? null;
}

/** Each question's latest answer to itself (a retry replaces the first one). */
function latestAnswers(session: SessionDetail): Map<number, Answer> {
  const latest = new Map<number, Answer>();
  for (const answer of session.attempts) {
    if (!answer.followUp && answer.questionIndex !== null) latest.set(answer.questionIndex, answer);
  }
  return latest;
}

function QuestionByQuestion({
  session,
  onPractise,
}: {
  session: SessionDetail;
  onPractise: (index: number) => void;
}) {
  const titleId = useId();
  const lowAnxiety = useLowAnxiety();
  const latest = latestAnswers(session);
  const score = (answer: Answer) =>
    lowAnxiety ? scoreWord(answer.scores.overall) : `${answer.scores.overall.toFixed(1)} / 5`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          Question by question
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-6" data-testid="interview-answers">
          {session.questions.map((question) => {
            const answer = latest.get(question.index);
            const followUp = session.attempts.findLast(
              (attempt) => attempt.followUp && attempt.questionIndex === question.index,
            );
            return (
              <li key={question.index} className="flex flex-col gap-2 border-b pb-6 last:border-0">
                <h3 className="font-semibold">
                  {question.index + 1}. {question.question}
                </h3>
                {answer ? (
                  <Heard answer={answer} score={score(answer)} />
                ) : (
                  <p className="text-sm text-muted-foreground">
                    <Badge variant="outline">Skipped</Badge>
                  </p>
                )}
                {followUp ? (
                  <div className="border-l-2 pl-3 text-sm">
                    <p className="font-medium">Follow-up: {followUp.question}</p>
                    <Heard answer={followUp} score={score(followUp)} />
                  </div>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => onPractise(question.index)}>
                    <RotateCcw aria-hidden="true" />
                    Practise this question again
                  </Button>
                  <SampleAnswer question={question.question} />
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

/**
 * An answer's score and what was heard, marked "Approximate transcript" where the recogniser was
 * unsure of it (a transcript the user corrected is stored as not approximate).
 */
function Heard({ answer, score }: { answer: Answer; score: string }) {
  return (
    <p className="text-sm">
      <Badge variant="outline" className="mr-2">
        {score}
      </Badge>
      {answer.approximate ? (
        <Badge variant="warning" className="mr-2">
          Approximate transcript
        </Badge>
      ) : null}
      {answer.transcript}
    </p>
  );
}

/** The sample answer, written (or streamed) on the first click. */
function SampleAnswer({ question }: { question: string }) {
  const [text, setText] = useState<string | null>(null);
  const generating = useGenerateAnswer();
  if (text !== null) {
    return (
      <div className="basis-full rounded-md bg-muted p-3 text-sm" aria-live="polite">
        <p className="mb-1 font-medium">Sample answer</p>
        {text || <Spinner label="Writing the sample answer..." />}
      </div>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => {
        setText("");
        generating.mutate({ question, onDelta: (delta) => setText((all) => (all ?? "") + delta) });
      }}
    >
      <BookOpen aria-hidden="true" />
      Sample answer
    </Button>
  );
}

/** One question answered again, stored with the session (the report shows the newest answer). */
function PractiseAgain({
  session,
  index,
  onClose,
}: {
  session: SessionDetail;
  index: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <PractiseQuestion
      question={session.questions[index]!.question}
      attemptOf={`${session.id}:${index}`}
      done={
        <Button
          variant="secondary"
          onClick={() => {
            void queryClient.invalidateQueries({ queryKey: queryKeys.history.session(session.id) });
            onClose();
          }}
        >
          Back to the report
        </Button>
      }
    />
  );
}
