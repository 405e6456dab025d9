import { COMFORTABLE_WORDS_PER_MINUTE, type Feedback } from "@/shared/feedback";
import { RUBRIC } from "@/shared/rubric";
import { bandOf } from "@/shared/score-bands";
import type { Measurements } from "./measure";

/**
 * Stage two of the rubric (docs/decisions/0091): scores from the measurements alone, with every
 * weight named in `RUBRIC` (src/shared/rubric.ts), which the "How we score" page prints, so what
 * it says is what runs.
 */
export type Scores = Feedback["scores"];

const clamp = (value: number, low = 1, high = 5) => Math.min(high, Math.max(low, value));
const oneDecimal = (value: number) => Math.round(clamp(value) * 10) / 10;

/** 0..1: how far the answer takes the form the question asks for (a story, a plan, a reason). */
function intentMatch(m: Measurements): number {
  switch (m.shape) {
    case "behavioural":
      return m.actions.length + m.sharedActions.length > 0 ? 1 : m.plans.length > 0 ? 0.4 : 0.3;
    case "situational":
      return m.plans.length > 0 ? 1 : 0.5;
    case "motivational":
      return m.employerTies.length > 0 ? 1 : 0.5;
    case "strengths-weaknesses":
      if (m.asksWeakness)
        return m.disguisedWeaknesses.length > 0 ? 0.4 : m.weaknesses.length > 0 ? 1 : 0.6;
      return m.figures.length + m.actions.length > 0 ? 1 : 0.6;
    case "introduction":
      return m.professional.length >= 2 && m.professional.length >= m.personal.length ? 1 : 0.4;
    case "closing":
      return m.questionsForThem.length > 0 ? 1 : 0.5;
    default:
      return 0.8;
  }
}

/** Which STAR parts a behavioural answer has; null where STAR does not apply. */
export function starParts(m: Measurements): Feedback["structure"] {
  if (m.shape !== "behavioural") return null;
  return {
    situation: m.setting.length > 0,
    task: m.task.length > 0,
    action: m.actions.length > 0,
    result: m.results.length > 0,
  };
}

/** 0..1: the shape the question calls for, and specifics. */
function contentScore(m: Measurements): number {
  const star = starParts(m);
  let shape: number;
  if (star) {
    shape =
      (star.situation ? RUBRIC.star.situation : 0) +
      (star.task ? RUBRIC.star.task : 0) +
      (star.action ? RUBRIC.star.action : 0) +
      (star.result ? RUBRIC.star.result : 0);
  } else if (m.shape === "situational") {
    shape =
      (m.plans.length > 0 ? 0.5 : 0.1) +
      (m.reasons.length > 0 ? 0.3 : 0) +
      (m.plans.length > 1 ? 0.2 : 0);
  } else if (m.shape === "strengths-weaknesses") {
    shape =
      (m.asksWeakness
        ? m.weaknesses.length > 0 && m.disguisedWeaknesses.length === 0
          ? 0.4
          : 0.1
        : 0.4) +
      (m.improvementsMade.length > 0 || !m.asksWeakness ? 0.3 : 0) +
      (m.actions.length > 0 || m.figures.length > 0 ? 0.3 : 0);
  } else {
    shape = 0.3 + 0.7 * intentMatch(m);
  }
  const s = RUBRIC.specifics;
  const specifics =
    (m.figures.length > 0 ? s.figure : 0) +
    (m.actions.length > 0 ? s.ownAction : 0) +
    (m.actions.length >= m.sharedActions.length ? s.ownNotOnlyShared : 0);
  return RUBRIC.content.shape * shape + RUBRIC.content.specifics * specifics;
}

/**
 * 0..1: whether the answer does what this question asks — tells a past story from work, gives a
 * plan, names a weakness, ties reasons to the employer — as distinct from its words.
 */
function answersTheAsk(m: Measurements): number {
  const atWork = m.professional.length > 0 && m.professional.length >= m.personal.length;
  const asksBack = m.questionsForThem.length > 0 && m.shape !== "closing";
  let answered: number;
  switch (m.shape) {
    case "behavioural":
      answered = Math.min(1, m.pastActions / 3) * (atWork ? 1 : 0.5);
      break;
    case "situational":
      answered =
        m.plans.length > 0
          ? Math.min(1, 0.6 + 0.2 * m.plans.length)
          : m.pastActions > 0
            ? 0.6
            : 0.2;
      break;
    case "motivational":
      answered = m.employerTies.length > 0 ? 1 : m.genericReasons.length > 0 ? 0.5 : 0.3;
      break;
    case "strengths-weaknesses":
      answered = m.asksWeakness
        ? m.weaknesses.length > 0 || m.disguisedWeaknesses.length > 0
          ? 1
          : 0.3
        : m.pastActions + m.figures.length > 0 && atWork
          ? 1
          : 0.5;
      break;
    case "introduction":
      answered = atWork && m.professional.length >= 2 ? 1 : 0.3;
      break;
    case "closing":
      answered = m.questionsForThem.length > 0 ? 1 : 0.3;
      break;
    default:
      answered = 0.5;
  }
  return asksBack ? Math.min(answered, 0.2) : answered;
}

/** What relevance is computed from, each 0..1 (docs/decisions/0091). */
export function relevanceFeatures(
  m: Measurements,
): Record<keyof typeof RUBRIC.relevance.weights, number> {
  const t = m.topic;
  return {
    overlap: t.answerTerms === 0 ? 0 : t.shared.length / Math.min(t.answerTerms, 30),
    specificOverlap: t.answerWeight === 0 ? 0 : t.sharedWeight / t.answerWeight,
    workTalk: t.workTalk,
    answersTheAsk: answersTheAsk(m),
  };
}

/**
 * 1 + 4 × the chance that the answer is on topic: a logistic model of its features whose weights
 * `npm run eval:claims -- --fit` learns from the tune split and the graded answers.
 */
function relevanceScore(m: Measurements): number {
  const { weights, bias } = RUBRIC.relevance;
  const features = relevanceFeatures(m);
  let z: number = bias;
  for (const name of Object.keys(weights) as (keyof typeof weights)[])
    z += weights[name] * features[name];
  let relevance = 1 + 4 / (1 + Math.exp(-z));
  if (m.words < RUBRIC.tooShortWords) relevance = Math.min(relevance, RUBRIC.tooShortCap.relevance);
  return relevance;
}

function timingScore(m: Measurements): number {
  const [low, high] = m.length.target;
  const ratio =
    m.length.amount < low
      ? m.length.amount / low
      : m.length.amount > high
        ? high / m.length.amount
        : 1;
  return 1 + 4 * Math.pow(ratio, RUBRIC.timingExponent);
}

function clarityScore(m: Measurements, approximate: boolean): number {
  const c = RUBRIC.clarity;
  let clarity = c.base - m.longSentences * c.perLongSentence;
  clarity -= Math.max(0, m.hedges.length - 1) * c.perHedge;
  clarity -= Math.max(0, m.vagueWords.length - 1) * c.perVagueWord;
  const d = m.delivery;
  if (d) {
    const { min, max } = COMFORTABLE_WORDS_PER_MINUTE;
    if (d.wordsPerMinute < min)
      clarity -= Math.min(c.paceMax, (min - d.wordsPerMinute) / c.paceDivisor);
    if (d.wordsPerMinute > max)
      clarity -= Math.min(c.paceMax, (d.wordsPerMinute - max) / c.paceDivisor);
    const perMinute = d.speakingSeconds > 0 ? (d.fillerWords.count / d.speakingSeconds) * 60 : 0;
    clarity -= Math.min(c.fillerMax, Math.max(0, perMinute - c.fillersFree) * c.perFiller);
    if (d.longestPauseSeconds > c.pauseFree)
      clarity -= Math.min(c.pauseMax, (d.longestPauseSeconds - c.pauseFree) * c.perPauseSecond);
  }
  const star = starParts(m);
  if (star) clarity += (Object.values(star).filter(Boolean).length - 2) * 0.15;
  if (approximate) clarity = Math.max(clarity, c.approximateFloor);
  if (m.words < RUBRIC.tooShortWords) clarity = Math.min(clarity, RUBRIC.tooShortCap.clarity);
  return clarity;
}

/** The one formula for the overall score, as the "How we score" page prints it. */
function overallScore(
  dimensions: { relevance: number; content: number; clarity: number; timing: number },
  /** The answer's length as a share of the shortest good length for its question. */
  share: number,
): number {
  const w = RUBRIC.overall;
  let overall =
    1 +
    4 *
      ((w.relevance * (dimensions.relevance - 1)) / 4 +
        w.content * dimensions.content +
        (w.clarity * (dimensions.clarity - 1)) / 4 +
        (w.timing * (dimensions.timing - 1)) / 4);
  if (share < RUBRIC.brief.underShareOfTarget)
    overall = Math.min(overall, RUBRIC.brief.from + RUBRIC.brief.perShare * share);
  return dimensions.relevance < RUBRIC.offTopicBelow
    ? Math.min(overall, dimensions.relevance)
    : overall;
}

/** The answer's length as a share of the shortest good length for its question. */
const shareOfTarget = (m: Measurements) => m.length.amount / m.length.target[0];

export function scoreMeasurements(
  m: Measurements,
  options: { approximate: boolean },
): { scores: Scores; content: number } {
  const relevance = oneDecimal(relevanceScore(m));
  const clarity = oneDecimal(clarityScore(m, options.approximate));
  const timing = oneDecimal(timingScore(m));
  const content = contentScore(m);
  const overall = oneDecimal(
    overallScore({ relevance, content, clarity, timing }, shareOfTarget(m)),
  );
  return { scores: { overall, clarity, relevance, timing }, content };
}

/** The summary's verdict for an overall score (its band in src/shared/score-bands.ts). */
export function verdictOf(overall: number): string {
  return bandOf(overall).verdict;
}
