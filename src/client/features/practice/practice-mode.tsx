import { RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import type { PracticeMode, Session, StartSessionRequest } from "@/shared/sessions";
import { InterviewPanel } from "./interview-panel";
import { useStartSession } from "./practice-sessions";
import { SessionReport } from "./session-report";
import { SessionRunner } from "./session-runner";
import { modeCopy, SessionSetup } from "./session-setup";

/**
 * One practice mode from start to end: its choices, the session's questions one by one, and the
 * report (AI Interviewer and Company Specific). Every answer is scored by evaluate-answer and
 * stored with its session, so the history has it all. `initial`: a session to start at once,
 * chosen elsewhere (the welcome's first mock interview).
 */
export function PracticeModePanel({
  mode,
  initial,
}: {
  mode: PracticeMode;
  initial?: StartSessionRequest;
}) {
  // The AI Interviewer is a spoken conversation of its own (docs/decisions/0104).
  if (mode === "interview") return <InterviewPanel initial={initial} />;
  return <SessionModePanel mode={mode} initial={initial} />;
}

function SessionModePanel({
  mode,
  initial,
}: {
  mode: PracticeMode;
  initial?: StartSessionRequest;
}) {
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
  // Kept from the first render: the page clears it from the history entry right after.
  const [auto] = useState(initial);
  const startedAuto = useRef(false);
  useEffect(() => {
    if (!auto || startedAuto.current) return;
    startedAuto.current = true;
    begin(auto);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [auto]);

  const startOver = () => {
    setSession(null);
    setFinished(false);
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{modeCopy[mode].title}</h1>
      {!session && auto && (start.isIdle || start.isPending) ? (
        <Spinner label="Starting your interview..." />
      ) : !session ? (
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
