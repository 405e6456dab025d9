import { useMutation } from "@tanstack/react-query";
import { Gift } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { invokeFunction } from "@/client/lib/api-client";
import type { FreeAnswers } from "@/shared/free-answers";
import type { PracticeCategory, Session, StartSessionRequest } from "@/shared/sessions";
import { SessionRunner } from "./session-runner";
import { modeCopy, SessionSetup } from "./session-setup";

const useFreeQuestion = () =>
  useMutation({
    mutationFn: (category: PracticeCategory | undefined) =>
      invokeFunction("free-question", category ? { category } : {}),
    meta: { errorToast: { title: "Failed to start the session" } },
  });

/**
 * Quick Practice for an account without Premium (docs/decisions/0120): a free question, answered
 * out loud or typed, with the full report, while free answers are left — the banner counts them
 * and leads to Premium. The server counts each answer.
 */
export function FreeQuickPractice({ freeAnswers }: { freeAnswers: FreeAnswers }) {
  const start = useFreeQuestion();
  const [session, setSession] = useState<Session | null>(null);
  const [category, setCategory] = useState<PracticeCategory | undefined>();
  const { remaining, limit } = freeAnswers;

  function begin(request: StartSessionRequest) {
    const chosen = request.mode === "quick" ? request.category : undefined;
    setCategory(chosen);
    start.mutate(chosen, { onSuccess: setSession });
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{modeCopy.quick.title}</h1>
      <section
        aria-label="Free answers"
        className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-secondary p-4 text-secondary-foreground sm:flex-row sm:items-center sm:justify-between"
        data-testid="free-answers-banner"
      >
        <p className="flex items-start gap-2">
          <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span role="status">
            {remaining > 0
              ? `Free taste: ${remaining} of ${limit} free answers left, each with the full report.`
              : "That was your last free answer. Premium keeps you practising, in every mode."}
          </span>
        </p>
        <Button asChild size="sm" variant={remaining > 0 ? "outline" : "default"}>
          <Link to="/practice">See Premium</Link>
        </Button>
      </section>
      {!session ? (
        remaining > 0 ? (
          <SessionSetup mode="quick" starting={start.isPending} onStart={begin} />
        ) : null
      ) : start.isPending ? (
        <Spinner label="Finding a question..." />
      ) : (
        <SessionRunner
          key={session.id}
          session={session}
          onFinished={() => setSession(null)}
          onAnother={
            remaining > 0 ? () => start.mutate(category, { onSuccess: setSession }) : undefined
          }
        />
      )}
    </div>
  );
}
