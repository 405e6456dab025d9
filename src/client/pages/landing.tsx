import {
  ArrowRight,
  Bot,
  Building2,
  CheckCircle2,
  Clock,
  Mic,
  PlayCircle,
  Sparkles,
  Target,
  TrendingUp,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { lazy, Suspense, useState, type MouseEvent } from "react";
import { Link } from "react-router";
import { SiteHeader } from "@/client/components/site-header";
import { SiteFooter } from "@/client/components/site-footer";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { useAuth } from "@/client/lib/auth";
import { useSignUpLinkNotice } from "@/client/features/auth/sign-up-link-notice";
import { OverallScore, ScoreBars } from "@/client/components/score-bars";

/** The walk-through's code and pictures arrive when it is first opened, not with the page. */
const DemoDialog = lazy(() =>
  import("@/client/features/landing/demo-dialog").then((m) => ({ default: m.DemoDialog })),
);

export function LandingPage() {
  const { user, signOut } = useAuth();
  const email = user ? (user.email ?? "Signed in") : null;
  // Start goes to the practice page for a signed-in visitor, otherwise to sign-in/sign-up.
  const startHref = user ? "/practice" : "/auth";
  const [demo, setDemo] = useState<"never" | "open" | "closed">("never");
  useSignUpLinkNotice();

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader auth={{ email, signOut: () => void signOut() }} />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero
          startHref={startHref}
          onWatchDemo={(event) => {
            // Without JavaScript the link still leads to "How it works".
            event.preventDefault();
            setDemo("open");
          }}
        />
        <Figures />
        <Features />
        <PracticeModes startHref={startHref} />
        <HowItWorks />
        <Feedback />
        <CallToAction startHref={startHref} />
      </main>
      <SiteFooter />
      {demo !== "never" ? (
        <Suspense fallback={null}>
          <DemoDialog
            open={demo === "open"}
            onOpenChange={(open) => setDemo(open ? "open" : "closed")}
            startHref={startHref}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function Hero({
  startHref,
  onWatchDemo,
}: {
  startHref: string;
  onWatchDemo: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-secondary to-background"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <Badge variant="secondary" className="mb-5 px-3 py-1 text-sm">
            <Sparkles aria-hidden="true" />
            AI-powered interview practice
          </Badge>
          <h1
            id="hero-title"
            className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Walk into your next interview <span className="text-primary">confident</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
            Practise answering real interview questions out loud, get instant feedback and
            AI-written sample answers, and build the confidence to tell your story well — before the
            interview, at your own pace.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={startHref}>
                Start Practising
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#how-it-works" onClick={onWatchDemo} aria-haspopup="dialog">
                <PlayCircle aria-hidden="true" />
                Watch Demo
              </a>
            </Button>
          </div>
          <dl className="mt-10 grid max-w-md grid-cols-2 gap-6">
            <div>
              <dt className="sr-only">Professionals</dt>
              <dd className="text-3xl font-bold">10,000+</dd>
              <dd className="text-sm text-muted-foreground">professionals practising</dd>
            </div>
            <div>
              <dt className="sr-only">Confidence</dt>
              <dd className="text-3xl font-bold">95%</dd>
              <dd className="text-sm text-muted-foreground">improvement in confidence scores</dd>
            </div>
          </dl>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

/** A static picture of a practice session, drawn in HTML so it costs no image download. */
function HeroPreview() {
  return (
    <div aria-hidden="true" className="hidden lg:block">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-raised">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full bg-secondary text-secondary-foreground">
            <Mic className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold">Captured question</p>
            <p className="text-sm text-muted-foreground">Transcribed from your recording</p>
          </div>
        </div>
        <p className="mt-4 rounded-lg bg-muted p-4 text-sm">
          “Tell me about a time you had to deliver bad news to a stakeholder.”
        </p>
        <div className="mt-5 flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full bg-primary text-primary-foreground">
            <Bot className="size-5" />
          </span>
          <p className="text-sm font-semibold">AI-generated sample answer</p>
        </div>
        <div className="mt-4 space-y-2">
          <div className="h-2.5 w-full rounded-full bg-muted" />
          <div className="h-2.5 w-11/12 rounded-full bg-muted" />
          <div className="h-2.5 w-4/5 rounded-full bg-muted" />
          <div className="h-2.5 w-2/3 rounded-full bg-muted" />
        </div>
      </div>
    </div>
  );
}

const figures = [
  { value: "10K+", label: "Practice sessions" },
  { value: "95%", label: "Success rate" },
  { value: "500+", label: "Companies" },
  { value: "24/7", label: "Availability" },
];

function Figures() {
  return (
    <section aria-label="Interview Coach in numbers" className="border-y border-border bg-card">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-y-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse items-center text-center">
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="text-3xl font-bold text-primary">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-pretty text-muted-foreground">{lead}</p>
    </div>
  );
}

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Bot,
    title: "AI-powered practice",
    text: "Record the question you expect, have it transcribed in seconds, and study a structured sample answer you can adapt to your own experience.",
  },
  {
    icon: Zap,
    title: "Instant feedback",
    text: "No waiting for a mock-interview partner: a sample answer is ready seconds after you ask, while the question is still fresh, to compare with your own.",
  },
  {
    icon: TrendingUp,
    title: "Confidence building",
    text: "Repetition turns nerves into routine. Rehearse as often as you like until your answers come naturally.",
  },
];

function Features() {
  return (
    <section
      id="features"
      tabIndex={-1}
      aria-labelledby="features-title"
      className="py-20 outline-none"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          title="Everything you need to prepare"
          lead="Interview Coach helps you rehearse before the big day, so the real interview feels familiar."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-border bg-card p-6 shadow-card">
              <span className="grid size-11 place-items-center rounded-lg bg-secondary text-secondary-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const modes: {
  mode: "interview" | "quick" | "company";
  icon: LucideIcon;
  title: string;
  description: string;
  points: string[];
  action: string;
  featured?: boolean;
}[] = [
  {
    mode: "interview",
    icon: Bot,
    title: "AI Interviewer",
    description: "A full interview simulation with an AI interviewer.",
    points: [
      "Full interview simulation",
      "Behavioural and technical questions",
      "Real-time feedback",
    ],
    action: "Start an AI interview",
    featured: true,
  },
  {
    mode: "quick",
    icon: Clock,
    title: "Quick Practice",
    description: "Ten spare minutes? Drill one question at a time.",
    points: ["One question at a time", "Common questions first", "Fits into a coffee break"],
    action: "Start quick practice",
  },
  {
    mode: "company",
    icon: Building2,
    title: "Company Specific",
    description: "Rehearse the questions your target company tends to ask.",
    points: [
      "Questions in the company's name",
      "Drawn from the job post you paste",
      "Role questions for your level",
    ],
    action: "Prepare for a company",
  },
];

function PracticeModes({ startHref }: { startHref: string }) {
  return (
    <section
      id="practice"
      tabIndex={-1}
      aria-labelledby="practice-title"
      className="bg-muted py-20 outline-none"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="practice-title"
          title="Choose how you practise"
          lead="Three ways to rehearse, all in the same practice space. Premium is $11/month."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {modes.map(({ mode, icon: Icon, title, description, points, action, featured }) => (
            <li key={title} className="flex">
              <Card className={featured ? "w-full border-primary ring-1 ring-primary" : "w-full"}>
                <CardHeader>
                  <div className="flex items-center justify-between">
                    <span className="grid size-11 place-items-center rounded-lg bg-secondary text-secondary-foreground">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    {featured && <Badge>Most complete</Badge>}
                  </div>
                  <CardTitle className="mt-3 text-xl">{title}</CardTitle>
                  <CardDescription className="text-base">{description}</CardDescription>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="space-y-2">
                    {points.map((point) => (
                      <li key={point} className="flex gap-2">
                        <CheckCircle2
                          aria-hidden="true"
                          className="mt-0.5 size-5 shrink-0 text-success"
                        />
                        {point}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <Button
                    asChild
                    variant={featured ? "default" : "outline"}
                    className="h-11 w-full"
                  >
                    <Link to={startHref === "/practice" ? `/practice?mode=${mode}` : startHref}>
                      {action}
                    </Link>
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const steps: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Mic,
    title: "Record the question",
    text: "Press Start Recording and read out, or play, the interview question you want to practise.",
  },
  {
    icon: Target,
    title: "Check the transcript",
    text: "Interview Coach transcribes your recording so you can see exactly which question was captured.",
  },
  {
    icon: Sparkles,
    title: "Study a sample answer",
    text: "Generate an AI-written sample answer, then rehearse your own version out loud until it feels natural.",
  },
];

function HowItWorks() {
  return (
    <section
      id="how-it-works"
      tabIndex={-1}
      aria-labelledby="how-title"
      className="py-20 outline-none"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-title"
          title="How it works"
          lead="A practice session takes a couple of minutes: three steps from question to a sample answer."
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-xl border border-border bg-card p-6">
              <span className="text-sm font-semibold text-primary">Step {index + 1}</span>
              <h3 className="mt-2 flex items-center gap-2 text-lg font-semibold">
                <Icon aria-hidden="true" className="size-5 text-primary" />
                {title}
              </h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const ratings = [
  { label: "Clarity", score: 4.5 },
  { label: "Relevance", score: 4.0 },
  { label: "Timing", score: 4.0 },
];

function Feedback() {
  return (
    <section
      id="feedback"
      tabIndex={-1}
      aria-labelledby="feedback-title"
      className="bg-muted py-20 outline-none"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="feedback-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            AI feedback you can act on
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Interviewers listen for three things: is the answer clear, does it answer the question
            that was asked, and does it fit the time? Compare your answer with an AI-written sample
            built around them and see where yours can get sharper.
          </p>
          <ul className="mt-6 space-y-3">
            {[
              "Clarity: structure and plain language",
              "Relevance: answering the question that was asked",
              "Timing: concise enough to hold attention",
            ].map((point) => (
              <li key={point} className="flex gap-2">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                {point}
              </li>
            ))}
          </ul>
        </div>

        <Card className="shadow-raised" aria-labelledby="sample-feedback-title">
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle as="h3" id="sample-feedback-title">
                Sample feedback
              </CardTitle>
              <Badge variant="outline">Example</Badge>
            </div>
            <CardDescription>
              “Tell me about a time you resolved a conflict at work.”
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <OverallScore score={4.2} />
            <ScoreBars ratings={ratings} />
            <p className="rounded-lg bg-secondary p-4 text-sm text-secondary-foreground">
              Clear situation and action. Close with the result in numbers — what changed for the
              team afterwards?
            </p>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

function CallToAction({ startHref }: { startHref: string }) {
  return (
    <section aria-labelledby="cta-title" className="py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Your next interview, rehearsed
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          Unlimited practice for $11/month. Cancel any time from your account.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to={startHref}>
            Start Practising
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
