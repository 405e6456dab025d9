import { Play } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import type { levels, RoleId } from "@/shared/roles";
import {
  interviewLengths,
  MAX_JOB_POST_CHARS,
  practiceCategories,
  type PracticeCategory,
  type PracticeMode,
  type StartSessionRequest,
} from "@/shared/sessions";
import { CvCard } from "./cv-card";
import { rememberChoices, rememberedChoices } from "./practice-choices";
import { LevelField, RoleField } from "./role-level-fields";

export const modeCopy: Record<PracticeMode, { title: string; description: string; start: string }> =
  {
    interview: {
      title: "AI Interviewer",
      description:
        "A spoken mock interview for the job you want: the interviewer asks each question aloud and listens for your answer, follows up when it leaves something out, and reports at the end. You can type any answer too.",
      start: "Start the interview",
    },
    quick: {
      title: "Quick Practice",
      description:
        "One question, chosen for you — from a category, or a surprise — and never one you have just answered.",
      start: "Give me a question",
    },
    company: {
      title: "Company Specific",
      description:
        "Rehearse for one company: questions in its name, questions drawn from the job post you paste, and the role's own questions.",
      start: "Prepare my questions",
    },
  };

/** The choices of a practice mode, and the button that starts a session with them. */
export function SessionSetup({
  mode,
  starting,
  onStart,
}: {
  mode: PracticeMode;
  starting: boolean;
  onStart: (request: StartSessionRequest) => void;
}) {
  const [role, setRole] = useState<RoleId>(() => rememberedChoices().role);
  const [level, setLevel] = useState<(typeof levels)[number]>(() => rememberedChoices().level);
  const [length, setLength] = useState<(typeof interviewLengths)[number]>(5);
  const [category, setCategory] = useState<PracticeCategory | "">("");
  const [company, setCompany] = useState("");
  const [jobPost, setJobPost] = useState("");
  // Null until the user's CV has loaded: then on when there is one (CvCard decides), so a
  // session started before that never asks for a CV that is not there.
  const [useCv, setUseCv] = useState<boolean | null>(null);
  const id = useId();
  const { description, start } = modeCopy[mode];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mode !== "quick") rememberChoices({ role, level });
    const fromCv = useCv === true ? { useCv: true } : {};
    if (mode === "interview") onStart({ mode, role, level, length, ...fromCv });
    else if (mode === "quick") onStart({ mode, ...(category ? { category } : {}) });
    else {
      onStart({
        mode,
        company: company.trim(),
        role,
        level,
        ...(jobPost.trim() ? { jobPost: jobPost.trim() } : {}),
        ...fromCv,
      });
    }
  }

  const roleField = <RoleField id={id} role={role} onChange={setRole} />;
  const levelField = <LevelField id={id} level={level} onChange={setLevel} />;

  return (
    <Card>
      <form onSubmit={submit} aria-labelledby={`${id}-title`} className="flex flex-col gap-6">
        <CardHeader>
          <CardTitle as="h2" id={`${id}-title`}>
            Set up your session
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {mode === "interview" ? (
            <>
              {roleField}
              {levelField}
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-length`}>Length</Label>
                <NativeSelect
                  id={`${id}-length`}
                  value={length}
                  onChange={(event) =>
                    setLength(Number(event.target.value) as (typeof interviewLengths)[number])
                  }
                >
                  {interviewLengths.map((option) => (
                    <option key={option} value={option}>
                      {option} questions
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </>
          ) : null}
          {mode === "quick" ? (
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor={`${id}-category`}>Category</Label>
              <NativeSelect
                id={`${id}-category`}
                value={category}
                onChange={(event) => setCategory(event.target.value as PracticeCategory | "")}
              >
                <option value="">Surprise me</option>
                {practiceCategories.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          {mode === "company" ? (
            <>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-company`}>Company</Label>
                <Input
                  id={`${id}-company`}
                  value={company}
                  onChange={(event) => setCompany(event.target.value)}
                  maxLength={100}
                  required
                  autoComplete="organization"
                  placeholder="e.g. Acme"
                />
              </div>
              {roleField}
              {levelField}
              <div className="flex flex-col gap-2 sm:col-span-3">
                <Label htmlFor={`${id}-post`}>Job post (optional)</Label>
                <Textarea
                  id={`${id}-post`}
                  value={jobPost}
                  onChange={(event) => setJobPost(event.target.value)}
                  maxLength={MAX_JOB_POST_CHARS}
                  rows={5}
                  aria-describedby={`${id}-post-hint`}
                  placeholder="Paste the job advert: its requirements shape your questions."
                />
                <p id={`${id}-post-hint`} className="text-sm text-muted-foreground">
                  Used for this session only. What it asks for — skills and duties — becomes
                  questions, and its words help the offline recogniser hear your answers.
                </p>
              </div>
            </>
          ) : null}
          {mode !== "quick" ? (
            <section
              aria-labelledby={`${id}-cv-title`}
              className="flex flex-col gap-3 border-t border-border pt-4 sm:col-span-3"
            >
              <h3 id={`${id}-cv-title`} className="font-semibold">
                Questions from your CV (optional)
              </h3>
              <CvCard place="setup" use={useCv} onUseChange={setUseCv} />
            </section>
          ) : null}
        </CardContent>
        <CardFooter>
          <Button type="submit" className="h-11" disabled={starting}>
            {starting ? <Spinner label="Starting..." /> : <Play aria-hidden="true" />}
            {starting ? null : start}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
