import { ArrowRight, Building2, Clock, Mic, PartyPopper, Play } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import type { levels, RoleId } from "@/shared/roles";
import type { StartSessionRequest } from "@/shared/sessions";
import { rememberChoices, rememberedChoices } from "./practice-choices";
import { LevelField, RoleField } from "./role-level-fields";

/** A first interview is a short one. */
const FIRST_INTERVIEW_LENGTH = 3;

const otherModes = [
  {
    to: "/practice?mode=quick",
    icon: Clock,
    title: "Quick Practice",
    text: "One question at a time, from a category or a surprise.",
  },
  {
    to: "/practice?mode=company",
    icon: Building2,
    title: "Company Specific",
    text: "Questions for one company, from the job post you paste.",
  },
  {
    to: "/practice",
    icon: Mic,
    title: "Your own question",
    text: "Record or type a question you expect, and study a sample answer.",
  },
] as const;

/**
 * What a new subscriber sees just back from checkout: one thing to do — a first mock interview
 * for the role and level last chosen (editable here) — and the other ways to practise below it.
 */
export function FirstRunWelcome({ onStart }: { onStart: (request: StartSessionRequest) => void }) {
  const [choices] = useState(rememberedChoices);
  const [role, setRole] = useState<RoleId>(choices.role);
  const [level, setLevel] = useState<(typeof levels)[number]>(choices.level);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    rememberChoices({ role, level });
    onStart({ mode: "interview", role, level, length: FIRST_INTERVIEW_LENGTH });
  }

  return (
    <div className="flex flex-col gap-8">
      <Card className="shadow-raised">
        <form onSubmit={submit} aria-labelledby={`${id}-title`} className="flex flex-col gap-6">
          <CardHeader className="gap-2">
            <p className="flex items-center gap-2 text-sm font-medium text-success">
              <PartyPopper aria-hidden="true" className="size-4" />
              You&apos;re subscribed — welcome to Premium
            </p>
            <h1 id={`${id}-title`} className="text-2xl leading-tight font-semibold tracking-tight">
              Start with a mock interview
            </h1>
            <CardDescription className="text-base">
              {FIRST_INTERVIEW_LENGTH} questions for the job you want, one at a time. Answer out
              loud or type, and get feedback on each answer and a report at the end.
            </CardDescription>
          </CardHeader>
          {/* One column of the card's width on a phone: the fields and button stay inside it. */}
          <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <RoleField id={id} role={role} onChange={setRole} />
            <LevelField id={id} level={level} onChange={setLevel} />
            <Button
              type="submit"
              size="lg"
              className="h-auto min-h-12 py-2 whitespace-normal sm:col-span-2 sm:justify-self-start"
            >
              <Play aria-hidden="true" />
              Start your first mock interview
            </Button>
          </CardContent>
        </form>
      </Card>

      <section aria-labelledby={`${id}-more`} className="flex flex-col gap-3">
        <h2 id={`${id}-more`} className="text-base font-semibold">
          Or practise another way
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {otherModes.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4 transition-colors hover:border-primary/50 hover:bg-secondary/40"
              >
                <span className="flex items-center gap-2 font-medium">
                  <Icon aria-hidden="true" className="size-4 text-primary" />
                  {title}
                  <ArrowRight
                    aria-hidden="true"
                    className="ml-auto size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
