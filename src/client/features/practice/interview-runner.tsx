import { Check, Mic, Play, RefreshCw, Repeat, SkipForward, Volume2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { hasWords, MAX_TYPED_ANSWER_CHARS } from "@/shared/feedback";
import type { ResumeInterview, Session } from "@/shared/sessions";
import { LevelMeter } from "./level-meter";
import { useInterview, type InterviewSettings, type TranscriptLine } from "./use-interview";

/**
 * The AI Interviewer's screen (docs/decisions/0104): the question on screen with the
 * interviewer's caption, a listening state with a level meter, "I'm done" (or Space), "Repeat the
 * question", a typed answer at any turn, and the live transcript. Leaving mid-interview asks first.
 */
export function InterviewRunner({
  session,
  resumed,
  settings,
  lowAnxiety,
  onFinished,
}: {
  session: Session;
  resumed?: ResumeInterview | null;
  settings: InterviewSettings;
  lowAnxiety: boolean;
  onFinished: () => void;
}) {
  const interview = useInterview({ session, resumed, settings, lowAnxiety });
  const { phase, position, lines } = interview;
  const titleId = useId();
  const typedId = useId();
  const [typed, setTyped] = useState("");
  const current = session.questions[position.at]!;
  const asked = position.followUp ?? current.question;
  const running = phase !== "ready" && phase !== "finished";
  const caption = lines.findLast((line) => line.speaker === "interviewer")?.text;

  useEffect(() => {
    if (phase === "finished") onFinished();
  }, [phase, onFinished]);

  const leave = useLeaveGuard(running);

  // Space is "I'm done", except where Space types or presses something else.
  const { done } = interview;
  useEffect(() => {
    if (phase !== "listening") return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.code !== "Space" || target?.closest("input, textarea, select, button, a")) return;
      event.preventDefault();
      done();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [phase, done]);

  // A control that is disabled while the interviewer speaks drops the keyboard's focus: once it is
  // the user's turn again, focus goes to the question, not the top of the page.
  const title = useRef<HTMLHeadingElement>(null);
  const typedField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (phase !== "listening") return;
    if (!document.activeElement || document.activeElement === document.body) title.current?.focus();
  }, [phase, asked, lines.length]);

  function sendTyped(event: FormEvent) {
    event.preventDefault();
    const text = typed.trim();
    if (!hasWords(text) || phase !== "listening") return;
    interview.type(text);
    interview.setTyping(false);
    setTyped("");
    // The send button is disabled now; the next answer is typed where this one was.
    typedField.current?.focus();
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <Card aria-labelledby={titleId} className="shadow-raised">
          <CardHeader className="gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">
                Question {position.at + 1} of {session.questions.length}
              </Badge>
              {position.followUp ? <Badge variant="outline">Follow-up</Badge> : null}
              {!position.followUp && current.source === "cv" ? (
                <Badge variant="outline">From your CV</Badge>
              ) : null}
            </div>
            <CardTitle
              as="h2"
              id={titleId}
              ref={title}
              tabIndex={-1}
              className="text-xl leading-snug outline-none"
            >
              {asked}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {phase === "ready" ? (
              <>
                <p className="text-sm text-muted-foreground">
                  {resumed
                    ? "Carry on where you stopped. "
                    : "Press Start once: the interviewer asks each question aloud and listens for your answer. "}
                  Speak when you are ready; your turn ends when you stop for a few seconds, sooner
                  once your answer sounds complete. You can also type any answer.
                </p>
                <Button className="h-11 self-start" onClick={() => void interview.start()}>
                  <Play aria-hidden="true" />
                  {resumed ? "Resume interview" : "Start"}
                </Button>
              </>
            ) : (
              <>
                {caption ? (
                  <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
                    <Volume2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>
                      <span className="sr-only">The interviewer says: </span>
                      {caption}
                    </span>
                  </p>
                ) : null}
                <TurnState interview={interview} />
                {interview.problem ? (
                  <p role="alert" className="text-sm text-destructive">
                    {interview.problem}
                  </p>
                ) : null}
                {phase === "stalled" ? (
                  <Button className="self-start" onClick={interview.sendAgain}>
                    <RefreshCw aria-hidden="true" />
                    Send again
                  </Button>
                ) : null}
                <div className="flex flex-wrap gap-3">
                  <Button onClick={done} disabled={phase !== "listening"}>
                    <Check aria-hidden="true" />
                    I'm done
                    <kbd className="ml-1 rounded border border-current/30 px-1 text-xs pointer-coarse:hidden">
                      Space
                    </kbd>
                  </Button>
                  <Button
                    variant="outline"
                    onClick={interview.repeat}
                    disabled={phase !== "listening"}
                  >
                    <Repeat aria-hidden="true" />
                    Repeat the question
                  </Button>
                  <Button variant="ghost" onClick={interview.skip} disabled={phase !== "listening"}>
                    <SkipForward aria-hidden="true" />
                    Skip
                  </Button>
                </div>
                <form onSubmit={sendTyped} className="flex flex-col gap-2">
                  <Label htmlFor={typedId}>Or type your answer</Label>
                  <Textarea
                    ref={typedField}
                    id={typedId}
                    value={typed}
                    rows={3}
                    maxLength={MAX_TYPED_ANSWER_CHARS}
                    onChange={(event) => {
                      setTyped(event.target.value);
                      interview.setTyping(event.target.value.trim() !== "");
                    }}
                  />
                  <Button
                    type="submit"
                    variant="secondary"
                    className="self-start"
                    disabled={phase !== "listening" || !hasWords(typed)}
                  >
                    Send typed answer
                  </Button>
                </form>
              </>
            )}
          </CardContent>
        </Card>
      </div>
      <Transcript lines={lines} />
      <ConfirmDialog
        open={leave.asking}
        onOpenChange={(open) => {
          if (!open) leave.stay();
        }}
        title="Leave the interview?"
        description="Your answers so far are saved, and you can resume it from the AI Interviewer page."
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={leave.leave}
      />
    </div>
  );
}

function TurnState({ interview }: { interview: ReturnType<typeof useInterview> }) {
  const { phase, analyser, heard, detector } = interview;
  if (phase === "listening") {
    return (
      <div className="flex flex-col gap-2" data-testid="listening" data-detector={detector.kind}>
        <p className="flex items-center gap-2 text-sm font-medium">
          <Mic aria-hidden="true" className="size-4 text-primary" />
          {analyser
            ? heard
              ? "Listening... (a pause of a few seconds ends your turn)"
              : "Listening... answer when you are ready"
            : "Type your answer below"}
        </p>
        {analyser ? <LevelMeter analyser={analyser} /> : null}
        {analyser && detector.basic ? (
          <p className="text-xs text-muted-foreground">
            Basic speech detection: in a noisy room, press &ldquo;I&rsquo;m done&rdquo; when you
            have finished.
          </p>
        ) : null}
      </div>
    );
  }
  if (phase === "asking") {
    return <p className="text-sm font-medium">The interviewer is speaking...</p>;
  }
  if (phase === "sending") return <Spinner label="Noting your answer..." />;
  return null;
}

/** What was said, both ways, announced politely as it grows; scrollable by keyboard. */
function Transcript({ lines }: { lines: TranscriptLine[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-border bg-card p-4">
      <h3 id={id} className="mb-3 text-sm font-semibold">
        Transcript
      </h3>
      <ol
        aria-live="polite"
        aria-labelledby={id}
        tabIndex={0}
        className="flex max-h-[28rem] flex-col gap-3 overflow-y-auto text-sm focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="interview-transcript"
      >
        {lines.length === 0 ? (
          <li className="text-muted-foreground">The conversation appears here.</li>
        ) : null}
        {lines.map((line) => (
          <li key={line.id} data-speaker={line.speaker} className="flex flex-col gap-0.5">
            <span className="text-xs font-semibold text-muted-foreground">
              {line.speaker === "interviewer"
                ? line.note === "feedback"
                  ? "Feedback"
                  : "Interviewer"
                : line.note === "approximate"
                  ? "You · approximate transcript"
                  : "You"}
            </span>
            <span className="break-words">{line.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * While the interview runs, leaving asks first: closing or reloading the tab (the browser's own
 * prompt), following a link inside the app (our dialog; "Leave" goes where the link pointed), and
 * the browser's Back button — for which one extra entry of this same page is pushed, so that Back
 * lands on it and can be undone when the user stays. Everything said so far is saved either way.
 */
function useLeaveGuard(active: boolean) {
  // Through a ref: the guard is set up once per interview, and pushes its history entry once.
  const navigate = useRef(useNavigate());
  const [asked, setAsked] = useState<{ leave: () => void } | null>(null);
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement | null)?.closest<HTMLAnchorElement>("a[href]");
      if (!link || event.defaultPrevented || event.button !== 0) return;
      // A new tab or window, a download, another site (the browser's own prompt): not leaving here.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      setAsked({ leave: () => void navigate.current(to.pathname + to.search + to.hash) });
    };
    // The router keeps its own state in history entries: the extra entry carries a copy of it.
    window.history.pushState(window.history.state, "", window.location.href);
    let leaving = false;
    const onBack = () => {
      if (leaving) return;
      // Back has already happened: staying pushes this page again, leaving goes back once more.
      window.history.pushState(window.history.state, "", window.location.href);
      setAsked({
        leave: () => {
          leaving = true;
          window.history.go(-2);
        },
      });
    };
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("popstate", onBack);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("popstate", onBack);
      document.removeEventListener("click", onClick, true);
      setAsked(null);
    };
  }, [active]);
  return {
    asking: asked !== null,
    leave: () => {
      setAsked(null);
      asked?.leave();
    },
    stay: () => setAsked(null),
  };
}
