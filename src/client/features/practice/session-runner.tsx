import { ArrowRight, Flag, MessageCircleQuestion, Shuffle, Volume2 } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import type { Session, SessionQuestion } from "@/shared/sessions";
import { AnswerYourselfStep } from "./answer-yourself-step";
import { FeedbackCard } from "./feedback-card";
import { useAnswerPractice } from "./use-answer-practice";
import { useSpeech } from "./use-speech";

const sourceLabels: Record<SessionQuestion["source"], string> = {
  general: "Common question",
  role: "Role question",
  "job-post": "From the job post",
  company: "About the company",
  cv: "From your CV",
};

/**
 * A session, one question at a time: the question (read aloud when the browser has a voice and
 * the user wants it), the answer step, the feedback, at most one follow-up from the interviewer,
 * then the next question — and at the end, `onFinished` (the report). Quick Practice has one
 * question and offers another instead.
 */
export function SessionRunner({
  session,
  onFinished,
  onAnother,
}: {
  session: Session;
  onFinished: () => void;
  /** Quick Practice: a new question with the same choices. */
  onAnother?: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [followUp, setFollowUp] = useState<string | null>(null);
  const [readAloud, setReadAloud] = useState(true);
  const speech = useSpeech();
  const current = session.questions[index]!;
  const last = index === session.questions.length - 1;
  const asked = followUp ?? current.question;
  const attemptOf = `${session.id}:${index}${followUp ? ":follow-up" : ""}`;

  const next = () => {
    setFollowUp(null);
    if (last) onFinished();
    else setIndex(index + 1);
  };

  return (
    <div className="flex flex-col gap-6">
      <QuestionView
        key={attemptOf}
        question={asked}
        isFollowUp={followUp !== null}
        position={{ index, total: session.questions.length }}
        source={current.source}
        speech={speech}
        readAloud={readAloud}
        onReadAloudChange={setReadAloud}
        attemptOf={attemptOf}
        onFollowUp={setFollowUp}
        advance={
          onAnother
            ? { label: "Another question", icon: <Shuffle aria-hidden="true" />, go: onAnother }
            : last
              ? { label: "Finish and see the report", icon: <Flag aria-hidden="true" />, go: next }
              : { label: "Next question", icon: <ArrowRight aria-hidden="true" />, go: next }
        }
        skip={followUp === null && !last && !onAnother ? next : undefined}
      />
    </div>
  );
}

type NextStep = { label: string; icon: ReactNode; go: () => void };

function QuestionView({
  question,
  isFollowUp,
  position,
  source,
  speech,
  readAloud,
  onReadAloudChange,
  attemptOf,
  onFollowUp,
  advance,
  skip,
}: {
  question: string;
  isFollowUp: boolean;
  position: { index: number; total: number };
  source: SessionQuestion["source"];
  speech: ReturnType<typeof useSpeech>;
  readAloud: boolean;
  onReadAloudChange: (on: boolean) => void;
  attemptOf: string;
  onFollowUp: (question: string) => void;
  /** What comes after this answer's feedback: the next question, the report, or another one. */
  advance: NextStep;
  skip?: () => void;
}) {
  const practice = useAnswerPractice(question, attemptOf);
  const titleId = useId();
  const toggleId = useId();
  const { speak, stop, available } = speech;
  const latest = practice.latest;
  // Only an answer to a session question itself may draw the interviewer's follow-up.
  const followUp = latest && !isFollowUp ? (latest.feedback.followUp ?? null) : null;

  useEffect(() => {
    if (readAloud) speak(question);
    return stop;
  }, [question, readAloud, speak, stop]);
  // The microphone must not hear the interviewer's voice.
  useEffect(() => {
    if (practice.recorder.status === "recording" || practice.recorder.status === "checking") {
      stop();
    }
  }, [practice.recorder.status, stop]);

  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {practice.status}
      </p>
      <Card aria-labelledby={titleId} className="shadow-raised">
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">
              Question {position.index + 1} of {position.total}
            </Badge>
            <Badge variant="outline">{isFollowUp ? "Follow-up" : sourceLabels[source]}</Badge>
          </div>
          <CardTitle as="h2" id={titleId} className="text-xl leading-snug">
            {isFollowUp ? `The interviewer asks: ${question}` : question}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          {available ? (
            <>
              <label htmlFor={toggleId} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  id={toggleId}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={readAloud}
                  onChange={(event) => onReadAloudChange(event.target.checked)}
                />
                Read questions aloud
              </label>
              <Button variant="outline" onClick={() => speak(question)}>
                <Volume2 aria-hidden="true" />
                Hear it again
              </Button>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              This browser has no voice to read questions aloud: read it, then answer.
            </p>
          )}
          {skip && !latest ? (
            <Button variant="ghost" onClick={skip}>
              Skip this question
            </Button>
          ) : null}
        </CardContent>
      </Card>
      <AnswerYourselfStep
        practice={practice}
        hasQuestion
        eyebrow={isFollowUp ? "Your follow-up answer" : "Your answer"}
      />
      {latest ? (
        <FeedbackCard
          attempt={latest}
          previous={practice.previous}
          trend={practice.trend}
          onTryAgain={practice.tryAgain}
          onCorrectTranscript={practice.correctTranscript}
          actions={
            <>
              {followUp ? (
                <Button variant="secondary" onClick={() => onFollowUp(followUp)}>
                  <MessageCircleQuestion aria-hidden="true" />
                  Follow-up: “{followUp}”
                </Button>
              ) : null}
              <Button variant={followUp ? "ghost" : "secondary"} onClick={advance.go}>
                {advance.icon}
                {advance.label}
              </Button>
            </>
          }
        />
      ) : null}
    </>
  );
}
