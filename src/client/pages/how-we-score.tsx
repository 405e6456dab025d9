import { ArrowLeft, Cloud, Ear, EarOff, HardDrive } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import measuredAccuracy from "@/shared/measured-accuracy.json";
import { LENGTH_TARGETS, RUBRIC } from "@/shared/rubric";

/**
 * /how-we-score, public: what each score measures, the overall formula and the length targets,
 * printed from the settings the server scores with (src/shared/rubric.ts, docs/decisions/0091),
 * what the engines can and cannot hear, and the accuracy we have measured. It imports nothing
 * that parses with zod (src/shared/feedback.ts would bring it, and its eval probe with it).
 */
export function HowWeScorePage() {
  useEffect(() => {
    document.title = "How we score — Interview Coach";
  }, []);

  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh w-full max-w-4xl flex-col gap-10 px-4 py-6 sm:py-10"
    >
      <nav aria-label="Back">
        <Button asChild variant="ghost" className="h-11">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Interview Coach
          </Link>
        </Button>
      </nav>
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">How we score</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Every answer gets three scores from 1 to 5 — relevance, clarity and timing — and an
          overall score that also weighs what the answer contains. Each line of feedback rests on
          something we measured or words you said, and the report shows which.
        </p>
      </header>
      <Dimensions />
      <Formula />
      <LengthTargets />
      <Hearing />
      <Accuracy />
    </main>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

const { clarity, star, content, specifics } = RUBRIC;
const percent = (share: number) => `${Math.round(share * 100)}%`;

const DIMENSIONS: { name: string; measures: string; details: string[] }[] = [
  {
    name: "Relevance",
    measures: "Does the answer answer the question that was asked?",
    details: [
      "Four measurements: how many of the answer's content words the question and a good answer to it use; the same, counting each word by how particular it is to this one question; how much of the answer is about work rather than everyday talk; and whether it takes the form asked — a story for “tell me about a time”, a plan for “what would you do”, a real weakness for “your weakness”, a reason tied to them for “why us”.",
      `They are weighed together by a model learned from answers people labelled on or off topic (weights ${Object.entries(
        RUBRIC.relevance.weights,
      )
        .map(([name, weight]) => `${name} ${weight}`)
        .join(
          ", ",
        )}; bias ${RUBRIC.relevance.bias}): relevance = 1 + 4 × the chance the answer is on topic. It reads words, not meaning, so an answer about the right thing in very different words can score low — our measured accuracy below says how often.`,
      `An answer under ${RUBRIC.tooShortWords} words is too short to judge: relevance ${RUBRIC.tooShortCap.relevance} at most.`,
    ],
  },
  {
    name: "Clarity",
    measures: "Is it easy to follow?",
    details: [
      `Typed answers: each sentence over ${clarity.longSentenceWords} words costs ${clarity.perLongSentence}; hedges (“I guess”) and vague words (“stuff”) beyond the first cost ${clarity.perHedge} each.`,
      `Spoken answers: pace outside the comfortable range the report shows, more than ${clarity.fillersFree} fillers a minute, and pauses longer than ${clarity.pauseFree} seconds cost up to ${clarity.paceMax}, ${clarity.fillerMax} and ${clarity.pauseMax}.`,
      "For a story, each STAR part found beyond the second adds a little; each missing below two takes a little.",
      `When the transcript is approximate, wording alone never takes clarity below ${clarity.approximateFloor}.`,
    ],
  },
  {
    name: "Timing",
    measures: "Does it fit the time an interviewer expects for this kind of question?",
    details: [
      "Inside the target range for the question type (below): 5.",
      `Outside it: 1 + 4 × (length ÷ the nearer end of the range)^${RUBRIC.timingExponent}, so a little over or under costs little and half the length costs much more.`,
    ],
  },
  {
    name: "Content and structure",
    measures:
      "Does it have the parts this kind of question needs, and specifics? Part of the overall score, not shown as a bar.",
    details: [
      `Shape (${percent(content.shape)}): for a story, the STAR parts — situation ${percent(star.situation)}, task ${percent(star.task)}, action ${percent(star.action)}, result ${percent(star.result)}; for “what would you do”, a plan and its reasons; for a weakness, a real one and what you did about it.`,
      `Specifics (${percent(content.specifics)}): a figure ${percent(specifics.figure)}, something you did yourself ${percent(specifics.ownAction)}, and “I did” at least as often as “we did” ${percent(specifics.ownNotOnlyShared)}.`,
    ],
  },
];

function Dimensions() {
  return (
    <Section id="dimensions" title="What each score measures">
      <ul className="grid gap-4 sm:grid-cols-2">
        {DIMENSIONS.map((dimension) => (
          <li key={dimension.name}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle as="h3">{dimension.name}</CardTitle>
                <p className="text-sm text-muted-foreground">{dimension.measures}</p>
              </CardHeader>
              <CardContent>
                <ul className="list-disc space-y-2 pl-5 text-sm">
                  {dimension.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The overall formula as score.ts computes it, every weight read from `RUBRIC.overall`. */
function overallFormula(): string {
  const w = RUBRIC.overall;
  return (
    `Overall = 1 + 4 × (${w.relevance} × relevance′ + ${w.content} × content + ` +
    `${w.clarity} × clarity′ + ${w.timing} × timing′), where x′ = (x − 1)/4; an answer whose ` +
    `relevance is under ${RUBRIC.offTopicBelow} scores no higher overall than its relevance, and ` +
    `one under ${percent(RUBRIC.brief.underShareOfTarget)} of the shortest good length for its ` +
    `question no higher than ${RUBRIC.brief.from} + ${RUBRIC.brief.perShare} × its share of it`
  );
}

function Formula() {
  return (
    <Section id="overall" title="The overall score">
      <p className="rounded-lg bg-secondary p-4 font-medium text-secondary-foreground">
        {overallFormula()}
      </p>
      <p className="text-sm text-muted-foreground">
        Relevance, clarity and timing run from 1 to 5, so x′ puts each on 0 to 1; content is 0 to 1
        already. An answer that is off the question cannot make up for it with polish.
      </p>
    </Section>
  );
}

const QUESTION_TYPES: Record<keyof typeof LENGTH_TARGETS, string> = {
  behavioural: "A time you… (behavioural)",
  situational: "What would you do if… (situational)",
  motivational: "Why this role or company",
  "strengths-weaknesses": "Strengths and weaknesses",
  introduction: "Tell me about yourself",
  technical: "Technical",
  closing: "Closing (questions for us, start date)",
  general: "Anything else",
};

function LengthTargets() {
  return (
    <Section id="length" title="How long an answer should be">
      <p className="text-sm text-muted-foreground">
        Timing compares a spoken answer&apos;s speaking time, or a typed answer&apos;s words, with
        the range for its kind of question.
      </p>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <div
        className="overflow-x-auto rounded-lg border border-border"
        role="region"
        aria-label="Target length by question type"
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Target length by question type</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
                Question
              </th>
              <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
                Spoken
              </th>
              <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
                Typed
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(QUESTION_TYPES).map(([type, label]) => {
              const target = LENGTH_TARGETS[type as keyof typeof LENGTH_TARGETS];
              return (
                <tr key={type} className="border-t border-border">
                  <th scope="row" className="px-3 py-2 font-medium sm:px-4">
                    {label}
                  </th>
                  <td className="px-3 py-2 tabular-nums sm:px-4">
                    <Range span={target.seconds} /> seconds
                  </td>
                  <td className="px-3 py-2 tabular-nums sm:px-4">
                    <Range span={target.words} /> words
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** A range kept on one line; its unit may wrap below it on a phone. */
function Range({ span }: { span: readonly [number, number] }) {
  return (
    <span className="whitespace-nowrap">
      {span[0]}–{span[1]}
    </span>
  );
}

function Hearing() {
  return (
    <Section id="hearing" title="What we can and cannot hear">
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3" className="flex items-center gap-2">
              <HardDrive aria-hidden="true" className="size-5 text-primary" />
              Offline (built in)
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2 text-sm">
              <Heard can>An approximate transcript: the report says when it was unsure.</Heard>
              <Heard can>
                Filler counts, as estimates: “um” and “uh” are easy to miss or mishear.
              </Heard>
              <Heard>No tone of voice: confidence and warmth are not scored.</Heard>
              <Heard>No facial expression or body language: there is no camera.</Heard>
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3" className="flex items-center gap-2">
              <Cloud aria-hidden="true" className="size-5 text-primary" />
              Cloud (when switched on)
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2 text-sm">
              <Heard can>The provider&apos;s transcription of your answer.</Heard>
              <Heard can>Its feedback, with each claim checked against the transcript.</Heard>
              <Heard can>
                Delivery — duration, pace, fillers and pauses — is always measured by us, never by
                the provider.
              </Heard>
            </ul>
          </CardContent>
        </Card>
      </div>
    </Section>
  );
}

function Heard({ can = false, children }: { can?: boolean; children: ReactNode }) {
  const Icon = can ? Ear : EarOff;
  return (
    <li className="flex gap-2">
      <Icon
        aria-hidden="true"
        className={can ? "mt-0.5 size-4 shrink-0 text-success" : "mt-0.5 size-4 shrink-0"}
      />
      <span>{children}</span>
    </li>
  );
}

type Figure = { name: string; value: string; target: string; eval: string };

function Accuracy() {
  const figures: Figure[] = measuredAccuracy.figures;
  return (
    <Section id="accuracy" title="Our measured accuracy">
      {figures.length === 0 ? (
        <p className="text-muted-foreground">Figures are being measured.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Measured on {measuredAccuracy.measuredOn} against answers labelled by people, some held
            out from tuning. Run the command beside a figure to measure it again.
          </p>
          <div
            className="overflow-x-auto rounded-lg border border-border"
            role="region"
            aria-label="Measured accuracy table"
            tabIndex={0}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Measured accuracy</caption>
              <thead className="bg-muted">
                <tr>
                  {["What", "Measured", "Target", "How to check"].map((heading) => (
                    <th key={heading} scope="col" className="px-4 py-2 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {figures.map((figure) => (
                  <tr key={figure.name} className="border-t border-border">
                    <th scope="row" className="px-4 py-2 font-medium">
                      {figure.name}
                    </th>
                    <td className="px-4 py-2 tabular-nums">{figure.value}</td>
                    <td className="px-4 py-2 tabular-nums">{figure.target}</td>
                    <td className="px-4 py-2">
                      <code>{figure.eval}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Section>
  );
}
