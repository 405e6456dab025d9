import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import type { PracticeMode, Session, StartSessionRequest } from "@/shared/sessions";
import { useStartSession } from "./practice-sessions";
import { SessionReport } from "./session-report";
import { SessionRunner } from "./session-runner";
import { modeCopy, SessionSetup } from "./session-setup";

/**
 * One practice mode from start to end: its choices, the session's questions one by one, and the
 * report (AI Interviewer and Company Specific). Every answer is scored by evaluate-answer and
 * stored with its session, so the history has it all.
 */
export function PracticeModePanel({ mode }: { mode: PracticeMode }) {
  const start = useStartSession();
  const [request, setRequest] = useState<StartSessionRequest | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [finished, setFinished] = useState(false);

  function begin(next: StartSessionRequest) {
    setRequest(next);
    start.mutate(next, {
      onSuccess(created) {
        setSession(created);
        setFinished(false);
      },
    });
  }
  const startOver = () => {
    setSession(null);
    setFinished(false);
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{modeCopy[mode].title}</h1>
      {!session ? (
        <SessionSetup mode={mode} starting={start.isPending} onStart={begin} />
      ) : finished ? (
        <SessionReport
          id={session.id}
          footer={
            <Button onClick={startOver}>
              <RotateCcw aria-hidden="true" />
              Practise again
            </Button>
          }
        />
      ) : (
        <SessionRunner
          key={session.id}
          session={session}
          onFinished={() => setFinished(true)}
          onAnother={mode === "quick" && request ? () => begin(request) : undefined}
        />
      )}
    </div>
  );
}
