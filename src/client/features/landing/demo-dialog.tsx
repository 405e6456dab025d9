import { ArrowLeft, ArrowRight, X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/components/ui/cn";
import { Dialog } from "@/client/components/ui/dialog";
import interviewer from "./demo/1-interviewer.jpg";
import feedback from "./demo/2-feedback.jpg";
import modelAnswer from "./demo/3-model-answer.jpg";
import history from "./demo/4-history.jpg";

/**
 * Screenshots of the product itself (1200 × 760, taken from the built app on its offline
 * engines), each with a caption that says what the picture shows and an alt text that describes
 * it for anyone who cannot see it.
 */
const steps = [
  {
    src: interviewer,
    caption: "Choose a mock interview: your role, your level, how many questions, how hard.",
    alt: "The AI Interviewer's setup: role Software engineer, level Mid, length and pressure settings, and a Start the interview button.",
  },
  {
    src: feedback,
    caption:
      "Answer out loud or by typing, and get a report at once: clarity, relevance and timing, with the words that earned each point.",
    alt: "A feedback report: an overall score out of 5, bars for clarity, relevance and timing, and what went well and what to change.",
  },
  {
    src: modelAnswer,
    caption:
      "Stuck? Study a model answer and fill its highlighted [placeholders] with your own story.",
    alt: "A model-answer template with highlighted placeholders such as [your role], and a list of tips below it.",
  },
  {
    src: history,
    caption:
      "Watch your scores rise: every try of a question together, and your progress over time.",
    alt: "The history page: a chart of scores over time and the list of answers, with Practise again beside each.",
  },
] as const;

/**
 * Watch Demo: a short walk-through of the product in captioned screenshots, in a modal dialog.
 * Previous/Next (or the arrow keys) step through it, the step is announced, Escape or Close
 * ends it and the focus goes back to the button that opened it. Loaded only when opened, so the
 * landing page's first load does not carry it.
 */
export function DemoDialog({
  open,
  onOpenChange,
  startHref,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  startHref: string;
}) {
  const [at, setAt] = useState(0);
  const step = steps[at]!;
  const last = at === steps.length - 1;
  const go = (to: number) => setAt(Math.min(steps.length - 1, Math.max(0, to)));

  function onKeyDown(event: KeyboardEvent) {
    // The arrows step through, unless a control that uses them has the focus.
    if ((event.target as HTMLElement).closest("input, textarea, select")) return;
    if (event.key === "ArrowRight") go(at + 1);
    else if (event.key === "ArrowLeft") go(at - 1);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setAt(0);
        onOpenChange(next);
      }}
      title="See Interview Coach at work"
      description={`A walk-through in ${steps.length} screenshots of the real product. Use Next and Previous, or the arrow keys.`}
      className="max-w-4xl"
    >
      {/* The arrows are a shortcut; the buttons below are the way for everyone. */}
      <div className="grid gap-4" onKeyDown={onKeyDown} data-testid="demo">
        <figure className="grid gap-3">
          <img
            key={step.src}
            src={step.src}
            alt={step.alt}
            width={1200}
            height={760}
            className="h-auto w-full rounded-lg border border-border bg-muted"
          />
          <figcaption className="min-h-12 text-base" aria-live="polite">
            <span className="font-semibold">
              Step {at + 1} of {steps.length}:
            </span>{" "}
            {step.caption}
          </figcaption>
        </figure>
        {/* The next picture, fetched ahead so Next shows it at once. */}
        {!last ? <img src={steps[at + 1]!.src} alt="" hidden /> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ol className="flex gap-2" aria-label="Steps">
            {steps.map((s, k) => (
              <li key={s.src}>
                <button
                  type="button"
                  onClick={() => go(k)}
                  aria-label={`Step ${k + 1}`}
                  aria-current={k === at ? "step" : undefined}
                  className="grid size-8 place-items-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={cn("size-2.5 rounded-full", k === at ? "bg-primary" : "bg-input")}
                  />
                </button>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              <X aria-hidden="true" />
              Close
            </Button>
            {/* aria-disabled, not disabled: a button pressed to the end keeps the focus. */}
            <Button variant="outline" onClick={() => go(at - 1)} aria-disabled={at === 0}>
              <ArrowLeft aria-hidden="true" />
              Previous
            </Button>
            <Button
              variant={last ? "outline" : "default"}
              onClick={() => go(at + 1)}
              aria-disabled={last}
            >
              Next
              <ArrowRight aria-hidden="true" />
            </Button>
            {last ? (
              <Button asChild>
                <Link to={startHref}>Start practising</Link>
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </Dialog>
  );
}
