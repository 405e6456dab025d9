import { COMFORTABLE_WORDS_PER_MINUTE, type Claim } from "@/shared/feedback";
import type { Measurements, Span } from "./measure";
import { RUBRIC } from "@/shared/rubric";
import { starParts, verdictOf, type Scores } from "./score";

/**
 * Stage three of the rubric (docs/decisions/0091): what to say, from the measurements only. Each
 * strength quotes the span of the answer that earned it; each improvement names the measurement
 * behind it (a part not found, a figure measured) and quotes the words it is about when there
 * are some. A quote is always a span of the transcript, and never words the recogniser doubted.
 */

/** What an improvement is about: for the claims eval, which checks each against the truth. */
export type AdviceTopic =
  | "short"
  | "off-topic"
  | "intent"
  | "reasons"
  | "situation"
  | "task"
  /** Both the situation and the task. */
  | "setup"
  | "action"
  | "result"
  | "figure"
  | "hedges"
  | "vague"
  | "length"
  | "pace"
  | "fillers"
  | "polish";

export type Advice = {
  strengths: Claim[];
  improvements: (Claim & { topic: AdviceTopic })[];
  summary: string;
};

/** The longest quote, in words: enough to recognise one's own sentence. */
const MAX_QUOTE_WORDS = 14;

export function advise(
  m: Measurements,
  scores: Scores,
  input: { question: string; transcript: string; approximate: boolean },
): Advice {
  const { transcript } = input;
  const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
  /** The first of `spans` that can be quoted: not doubted, and (for praise) not hedged. */
  /** Spans already quoted: one stretch of the answer backs one line. */
  const used: Span[] = [];
  const quotable = (spans: readonly Span[], praise = false): Span | undefined =>
    spans.find(
      (span) =>
        !m.unsure.some((doubt) => overlaps(doubt, span)) &&
        !used.some((quotedSpan) => overlaps(quotedSpan, span)) &&
        !(praise && [...m.hedges, ...m.vagueWords].some((weak) => overlaps(weak, span))),
    );
  const quoteText = (span: Span) =>
    transcript
      .slice(span.start, span.end)
      .split(/\s+/)
      .slice(0, MAX_QUOTE_WORDS)
      .join(" ")
      .replace(/[\s,;:.!?—–-]+$/, "");
  const quoted = (span: Span): Claim["evidence"] => {
    const text = quoteText(span);
    used.push(span);
    return { quote: { start: span.start, end: span.start + text.length, text }, basis: null };
  };
  const strengths: Claim[] = [];
  const improvements: Advice["improvements"] = [];
  const praise = (spans: readonly Span[], write: (quote: string) => string) => {
    const span = quotable(spans, true);
    if (!span || strengths.length >= 3) return false;
    const evidence = quoted(span);
    strengths.push({ text: write(`“${evidence.quote!.text}”`), evidence });
    return true;
  };
  const improve = (
    topic: AdviceTopic,
    text: string | ((quote: string) => string),
    basis: string,
    about?: readonly Span[],
  ) => {
    const span = about ? quotable(about) : undefined;
    if (typeof text === "function") {
      if (!span) return;
      const evidence = quoted(span);
      improvements.push({
        text: text(`“${evidence.quote!.text}”`),
        evidence: { ...evidence, basis },
        topic,
      });
    } else improvements.push({ text, evidence: { quote: null, basis }, topic });
  };

  const tooShort = m.words < RUBRIC.tooShortWords;
  const offTopic = !tooShort && scores.relevance < RUBRIC.offTopicBelow;
  const star = starParts(m);
  const [low, high] = m.length.target;
  const unit = m.length.unit;
  const amount = Math.round(m.length.amount);

  // --- what does not work, most important first
  if (tooShort) {
    improve(
      "short",
      "Give it more: a sentence of context, one example of what you did, and how it turned out.",
      `${m.words} words`,
    );
  } else if (offTopic) {
    improve(
      "off-topic",
      `This doesn't answer the question asked — “${input.question.trim().replace(/[.?]$/, "")}”. Start from it directly, then give one example from your own work.`,
      `${m.topic.shared.length} of the answer's ${m.topic.answerTerms} content words are about this question`,
    );
  }
  const onTopic = !tooShort && !offTopic;
  // A form the question did not ask for is said even when the topic is off: it is often why.
  if (!tooShort) {
    if (m.shape === "situational" && m.plans.length === 0) {
      if (m.actions.length + m.sharedActions.length > 0)
        improve(
          "intent",
          (quote) =>
            `The question asks what you would do, and you told what happened (${quote}): lead with your plan — the steps you'd take and why — then use the story as proof.`,
          "no “I would …” step found",
          [...m.actions, ...m.sharedActions],
        );
      else
        improve(
          "intent",
          "Say what you would do, step by step, and why: “First I would …, because …”.",
          "no “I would …” step found",
        );
    } else if (m.shape === "situational" && m.reasons.length === 0) {
      improve(
        "reasons",
        "Give a reason for your steps: “…, because …” shows your judgement.",
        "no reason (“because”, “so that”) found",
      );
    }
    if (onTopic && m.shape === "behavioural" && m.actions.length + m.sharedActions.length === 0) {
      improve(
        "intent",
        m.plans.length > 0
          ? "The question asks about a time it happened: tell one real example, not what you would do."
          : "Tell one real example: a time it happened, what you did and how it ended.",
        "no past action found",
      );
    } else if (star) {
      // What a story lacks is true of it whatever its topic, and often why it reads off topic.
      if (!star.action) {
        if (m.sharedActions.length > 0)
          improve(
            "action",
            (quote) => `You said what the team did (${quote}): say what you did yourself — “I …”.`,
            "no first-person action (“I …”) found",
            m.sharedActions,
          );
        if (improvements.length === 0 || m.sharedActions.length === 0)
          improve(
            "action",
            "Say what you did yourself, in the first person: “I …”, not only what happened.",
            "no first-person action (“I …”) found",
          );
      }
      if (!star.result) {
        if (m.startingFigures.length > 0)
          improve(
            "result",
            (quote) =>
              `You gave the starting point (${quote}) but not where it ended: say what changed because of what you did, with the new figure.`,
            "no outcome found after the first action",
            m.startingFigures,
          );
        if (
          !improvements.some(
            (claim) => claim.evidence.basis === "no outcome found after the first action",
          )
        )
          improve(
            "result",
            "Say how it ended: what changed because of what you did, ideally with a number.",
            "no outcome found after the first action",
          );
      }
      if (!star.situation && !star.task)
        improve(
          "setup",
          "Set the scene first: where you were, what was going on, and what you needed to achieve.",
          "nothing said before the first action",
        );
      else if (!star.situation)
        improve(
          "situation",
          "Set the scene in a sentence first: where you were and what was going on.",
          "nothing said before the first action",
        );
      else if (!star.task)
        improve(
          "task",
          "Say what you needed to achieve before what you did: “My job was to …”.",
          "no goal or responsibility found",
        );
    }
    if (m.shape === "motivational" && m.employerTies.length === 0) {
      if (m.genericReasons.length > 0)
        improve(
          "intent",
          (quote) =>
            `You said ${quote}: that would fit any job. Name something specific about this company or role that draws you.`,
          "no reason tied to this employer (“your …”, “this role”) found",
          m.genericReasons,
        );
      else
        improve(
          "intent",
          "Name something specific about this company or role that draws you, not reasons that fit any job.",
          "no reason tied to this employer (“your …”, “this role”) found",
        );
    }
    if (m.shape === "strengths-weaknesses" && m.asksWeakness) {
      if (m.disguisedWeaknesses.length > 0)
        improve(
          "intent",
          (quote) =>
            `You said ${quote}: that sounds like a strength in disguise. Name a real weakness plainly, then what you are doing about it.`,
          "a strength offered as a weakness",
          m.disguisedWeaknesses,
        );
      else if (m.weaknesses.length === 0)
        improve(
          "intent",
          "Name one real weakness plainly (“I tend to …”), then what you are doing about it.",
          "no weakness named",
        );
      else if (m.improvementsMade.length === 0)
        improve(
          "intent",
          "After naming the weakness, say what you are doing about it and what has changed.",
          "nothing said about what you do about it",
        );
    }
    if (
      m.shape === "strengths-weaknesses" &&
      !m.asksWeakness &&
      m.figures.length + m.pastActions === 0
    )
      improve(
        "intent",
        "Back the strength with one example: a time you used it and what came of it.",
        "no example found",
      );
    if (m.shape === "introduction" && m.professional.length < Math.max(2, m.personal.length))
      improve(
        "intent",
        "Keep it to your working life: what you do now, one highlight from before, and why this role is next.",
        `${m.personal.length} mentions of life outside work, ${m.professional.length} of work`,
      );
    if (m.shape === "closing" && m.questionsForThem.length === 0)
      improve(
        "intent",
        "Have one or two real questions ready for them, about the team, the role or how success is measured.",
        "no question for the interviewer found",
      );
    if (
      onTopic &&
      m.figures.length === 0 &&
      (m.shape === "behavioural" || m.shape === "strengths-weaknesses") &&
      improvements.length < 3
    )
      improve(
        "figure",
        "Add one number or concrete detail that shows the scale of what you did.",
        "no figure found",
      );
    if (onTopic && m.hedges.length >= 2)
      improve(
        "hedges",
        (quote) => `Fewer hedges (${quote}): say what you did as you did it.`,
        `${m.hedges.length} hedges`,
        m.hedges,
      );
    if (onTopic && m.vagueWords.length >= 2)
      improve(
        "vague",
        (quote) => `Say exactly what you mean where you were vague (${quote}).`,
        `${m.vagueWords.length} vague words`,
        m.vagueWords,
      );
    if (!onTopic) {
      // Length is not the problem to name when the answer is off the question.
    } else if (amount < low * 0.7)
      improve(
        "length",
        `At ${amount} ${unit} it's short for this question: aim for ${low}–${high} ${unit}.`,
        `${amount} ${unit}`,
      );
    else if (amount > high * 1.3)
      improve(
        "length",
        `At ${amount} ${unit} it runs long: aim for ${low}–${high} ${unit} and keep to one example.`,
        `${amount} ${unit}`,
      );
  }
  const d = m.delivery;
  const { min, max } = COMFORTABLE_WORDS_PER_MINUTE;
  if (d) {
    if (d.wordsPerMinute > max)
      improve(
        "pace",
        `You spoke at ${d.wordsPerMinute} words a minute: slow down towards ${min}–${max}, and pause between points.`,
        `${d.wordsPerMinute} words a minute`,
      );
    else if (d.wordsPerMinute > 0 && d.wordsPerMinute < min)
      improve(
        "pace",
        `You spoke at ${d.wordsPerMinute} words a minute: a little brisker (${min}–${max}) sounds more confident.`,
        `${d.wordsPerMinute} words a minute`,
      );
    const perMinute = d.speakingSeconds > 0 ? (d.fillerWords.count / d.speakingSeconds) * 60 : 0;
    if (perMinute > 4) {
      const top = Object.entries(d.fillerWords.words).sort((a, b) => b[1] - a[1])[0];
      improve(
        "fillers",
        `About ${d.fillerWords.count} filler words${top ? `, mostly “${top[0]}”` : ""}: a short silent pause works better.`,
        `${d.fillerWords.count} fillers in ${Math.round(d.speakingSeconds)} seconds`,
      );
    }
  }

  // --- what works, each with the words that earned it
  if (onTopic) {
    if (m.shape === "behavioural") {
      praise(m.actions, (q) => `You said what you did yourself: ${q}.`);
      praise(m.results, (q) => `You said how it ended: ${q}.`);
    }
    if (m.shape === "situational") {
      praise(m.plans, (q) => `You gave a plan: ${q}.`);
      praise(m.reasons, (q) => `You gave your reasoning: ${q}.`);
    }
    if (m.shape === "motivational") praise(m.employerTies, (q) => `You tied it to them: ${q}.`);
    if (m.shape === "strengths-weaknesses" && m.asksWeakness && m.disguisedWeaknesses.length === 0)
      praise(m.improvementsMade, (q) => `You showed what you do about it: ${q}.`);
    if (m.shape === "introduction" && m.professional.length >= Math.max(2, m.personal.length))
      praise(m.professional, (q) => `You kept to your working life: ${q}.`);
    if (m.shape === "closing") praise(m.questionsForThem, (q) => `You had a question ready: ${q}.`);
    const figureInResult = m.figures.filter((f) => m.results.some((r) => overlaps(r, f)));
    praise(
      figureInResult.length > 0
        ? figureInResult
        : m.figures.filter((f) => !m.startingFigures.includes(f)),
      (q) => `A concrete figure makes it believable: ${q}.`,
    );
    if (amount >= low && amount <= high && strengths.length < 3)
      strengths.push({
        text: `A good length for this question: ${amount} ${unit} (aim ${low}–${high}).`,
        evidence: { quote: null, basis: `${amount} ${unit}` },
      });
  }
  if (d && d.wordsPerMinute >= min && d.wordsPerMinute <= max && strengths.length < 3)
    strengths.push({
      text: `A comfortable pace: ${d.wordsPerMinute} words a minute.`,
      evidence: { quote: null, basis: `${d.wordsPerMinute} words a minute` },
    });
  // Nothing above earned: one thing that is measurably so, said as what it is — the question's
  // own words taken up, sentences short enough to follow, or only how much was said.
  if (strengths.length === 0) {
    const covered = m.topic.questionCovered.slice(0, 3);
    strengths.push(
      onTopic && covered.length > 0
        ? {
            text: `You spoke to the question: “${covered.join("”, “")}”.`,
            evidence: { quote: null, basis: `${covered.length} of the question's words taken up` },
          }
        : !d && !tooShort && m.longSentences === 0
          ? {
              text: `Easy to follow: no sentence runs over ${RUBRIC.clarity.longSentenceWords} words.`,
              evidence: {
                quote: null,
                basis: `0 sentences over ${RUBRIC.clarity.longSentenceWords} words`,
              },
            }
          : {
              text: tooShort
                ? `A start in ${wordsOf(m.words)}: build it into a full answer.`
                : `You answered in ${wordsOf(m.words)}.`,
              evidence: { quote: null, basis: wordsOf(m.words) },
            },
    );
  }
  if (improvements.length === 0)
    improvements.push({
      text: "Rehearse it once more aloud until it flows without notes.",
      evidence: { quote: null, basis: "nothing missing found" },
      topic: "polish",
    });

  const verdict = verdictOf(scores.overall);
  const first = improvements[0]!.text.replace(/[.:].*$/, "");
  const next = first.charAt(0).toLowerCase() + first.slice(1);
  const summary =
    `${verdict}${scores.overall >= 3 && onTopic ? `; next, ${next}` : ""}.` +
    (input.approximate
      ? " The transcript is approximate: judge the wording by what you meant to say."
      : "");
  return { strengths: strengths.slice(0, 3), improvements: improvements.slice(0, 3), summary };
}

const wordsOf = (count: number) => `${count} ${count === 1 ? "word" : "words"}`;
