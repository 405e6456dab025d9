import { History, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import {
  pressures,
  type Pressure,
  type ResumeInterview,
  type Session,
  type StartSessionRequest,
} from "@/shared/sessions";
import { useResumableInterview } from "./interview-calls";
import { InterviewReport } from "./interview-report";
import { InterviewRunner } from "./interview-runner";
import { useStartSession } from "./practice-sessions";
import { modeCopy, SessionSetup } from "./session-setup";
import type { InterviewSettings } from "./use-interview";

const pressureCopy: Record<Pressure, { label: string; hint: string }> = {
  friendly: { label: "Friendly", hint: "Warm, and only asks how your stories ended." },
  realistic: { label: "Realistic", hint: "Asks what a typical interviewer would." },
  tough: { label: "Tough", hint: "Brisk, and presses for your part, reasons and numbers." },
};

const SETTINGS_KEY = "interview-settings";

function rememberedSettings(): InterviewSettings {
  const fallback: InterviewSettings = {
    pressure: "realistic",
    longerPauses: false,
    feedbackEachAnswer: false,
  };
  try {
    return { ...fallback, ...(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}") as object) };
  } catch {
    return fallback;
  }
}

/**
 * AI Interviewer from start to end (docs/decisions/0104): the unfinished interview to resume, if
 * any; else the choices (role, level, length, and how the interview runs); the spoken interview;
 * the report. `initial`: an interview to start at once, chosen elsewhere (the welcome's).
 */
export function InterviewPanel({ initial }: { initial?: StartSessionRequest }) {
  const start = useStartSession();
  const resumable = useResumableInterview();
  const lowAnxiety = useLowAnxiety();
  const [settings, setSettings] = useState(rememberedSettings);
  const [running, setRunning] = useState<{
    session: Session;
    resumed: ResumeInterview | null;
  } | null>(null);
  const [finished, setFinished] = useState(false);

  const begin = useCallback(
    (request: StartSessionRequest) => {
      const withPressure =
        request.mode === "interview" ? { ...request, pressure: settings.pressure } : request;
      start.mutate(withPressure, {
        onSuccess: (session) => setRunning({ session, resumed: null }),
      });
    },
    [settings.pressure, start],
  );
  const [auto] = useState(initial);
  const startedAuto = useRef(false);
  useEffect(() => {
    if (!auto || startedAuto.current) return;
    startedAuto.current = true;
    begin(auto);
  }, [auto, begin]);

  function change(next: Partial<InterviewSettings>) {
    const merged = { ...settings, ...next };
    setSettings(merged);
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(merged));
  }
  const onFinished = useCallback(() => setFinished(true), []);

  const startOver = () => {
    setRunning(null);
    setFinished(false);
    void resumable.refetch();
  };

  let body;
  if (running && finished) {
    body = (
      <InterviewReport
        id={running.session.id}
        footer={
          <Button onClick={startOver}>
            <RotateCcw aria-hidden="true" />
            Practise again
          </Button>
        }
      />
    );
  } else if (running) {
    body = (
      <InterviewRunner
        key={running.session.id}
        session={running.session}
        resumed={running.resumed}
        settings={settings}
        lowAnxiety={lowAnxiety}
        onFinished={onFinished}
      />
    );
  } else if ((auto && (start.isIdle || start.isPending)) || resumable.isPending) {
    body = <Spinner label="Starting your interview..." />;
  } else {
    const left = resumable.data?.interview;
    body = (
      <>
        {left ? (
          <ResumeOffer
            interview={left}
            onResume={() => setRunning({ session: left.session, resumed: left })}
          />
        ) : null}
        <InterviewOptions settings={settings} onChange={change} />
        <SessionSetup mode="interview" starting={start.isPending} onStart={begin} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{modeCopy.interview.title}</h1>
      {body}
    </div>
  );
}

function ResumeOffer({
  interview,
  onResume,
}: {
  interview: ResumeInterview;
  onResume: () => void;
}) {
  const { session } = interview;
  const at = session.progress?.at ?? 0;
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="border-primary/40">
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          Your interview is waiting
        </CardTitle>
        <CardDescription>
          You stopped at question {at + 1} of {session.questions.length}; your answers so far are
          kept.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button className="h-11" onClick={onResume}>
          <History aria-hidden="true" />
          Resume interview
        </Button>
      </CardFooter>
    </Card>
  );
}

function InterviewOptions({
  settings,
  onChange,
}: {
  settings: InterviewSettings;
  onChange: (next: Partial<InterviewSettings>) => void;
}) {
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">How the interview runs</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Pressure</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {pressures.map((pressure) => (
              <label
                key={pressure}
                htmlFor={`${id}-${pressure}`}
                className="flex min-h-11 cursor-pointer items-start gap-2 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary"
              >
                <input
                  id={`${id}-${pressure}`}
                  type="radio"
                  name={`${id}-pressure`}
                  className="mt-0.5 size-4 accent-primary"
                  checked={settings.pressure === pressure}
                  onChange={() => onChange({ pressure })}
                />
                <span>
                  <span className="font-medium">{pressureCopy[pressure].label}</span>
                  <span className="block text-muted-foreground">{pressureCopy[pressure].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={settings.longerPauses}
            onChange={(event) => onChange({ longerPauses: event.target.checked })}
          />
          Longer pauses: wait longer before taking a silence as the end of my answer
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={settings.feedbackEachAnswer}
            onChange={(event) => onChange({ feedbackEachAnswer: event.target.checked })}
          />
          Show feedback after each answer (otherwise, all of it in the report at the end)
        </label>
      </CardContent>
    </Card>
  );
}
