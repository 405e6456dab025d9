import type { Evaluation, EvaluationInput } from "@/server/ai/engine";
import type { QuestionType } from "@/server/ai/offline/question-type";
import { COMFORTABLE_WORDS_PER_MINUTE } from "@/shared/feedback";
import { contentTerms, words } from "./terms";
import { workTalk } from "./work-talk";

/**
 * The offline rubric (docs/decisions/0067): deterministic scores and feedback from what the
 * answer contains — relevance to the question and what a good answer to it covers, the shape the
 * question type calls for (STAR for past situations), specifics (numbers, outcomes, the
 * speaker's own actions), length, and delivery. Strengths and improvements quote the answer or
 * name exactly what is missing.
 */

const STAR: Record<"situation" | "task" | "action" | "result", RegExp> = {
  situation:
    /\b(when i was|at my (last|previous|current|old) (job|role|company|team|work)|in my (last|previous|current|first) (job|role|position)|there was a time|we had an?|our team (had|was)|a few (years|months) ago|last year|while i was|i was working)\b/,
  task: /\b(my (role|job|task|goal|responsibility) was|i was (responsible|asked|tasked|in charge)|i (needed|had) to|the (goal|aim|challenge|problem|task) was|we (needed|had) to)\b/,
  action:
    /\bi (decided|organi[sz]ed|built|created|set up|spoke|talked|called|met|asked|wrote|split|planned|led|started|proposed|introduced|changed|worked|trained|listened|designed|analy[sz]ed|negotiated|arranged|reached out|took|made sure|focused|checked|reviewed|prioriti[sz]ed)\b/,
  result:
    /\b(as a result|in the end|which (led|meant)|that (led|meant)|the result was|the outcome|we (delivered|finished|reduced|increased|saved|improved|cut|grew|won|launched|shipped|hit|met)|(reduced|increased|saved|improved|cut|grew) (it|the|our|by)|on time|percent|%|renewed|promoted|now (we|i|the))\b/,
};
const SPECIFIC_NUMBER =
  /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|thousand|half|double|percent)\b/;
const WEAKNESS_FIX =
  /\b(so (now )?i|to (fix|improve|work on) (it|this)|i('ve| have) (started|learned|been)|i now|i'm working on|i am working on)\b/;
const COMPANY_SPECIFIC =
  /\b(your (company|team|mission|product|values|customers)|this (role|position|company|team))\b/;
const QUESTION_FOR_THEM =
  /\?|\b(i'd like to know|i would like to ask|could you tell me|what does|how does|what are)\b/;

/** Answer length the question type calls for: spoken seconds, or typed words. */
const LENGTH: Record<QuestionType, { seconds: [number, number]; words: [number, number] }> = {
  behavioural: { seconds: [60, 150], words: [120, 350] },
  situational: { seconds: [45, 120], words: [90, 300] },
  motivational: { seconds: [30, 90], words: [60, 220] },
  "strengths-weaknesses": { seconds: [30, 90], words: [60, 220] },
  technical: { seconds: [45, 150], words: [80, 350] },
  closing: { seconds: [15, 60], words: [20, 150] },
  general: { seconds: [30, 120], words: [60, 300] },
};

const clamp = (value: number, low = 1, high = 5) => Math.min(high, Math.max(low, value));
const score = (value: number) => Math.round(clamp(value) * 10) / 10;

/** The sentence (or clause) of `text` that `pattern` matches, cut to at most 14 words. */
function quote(text: string, pattern: RegExp): string | undefined {
  const parts = text.split(/(?<=[.!?])\s+|\s*[,;]\s+(?=and |but |so |which )/);
  const part = parts.find((candidate) => pattern.test(candidate.toLowerCase()));
  if (!part) return undefined;
  const spoken = part
    .trim()
    .replace(/[.!?]+$/, "")
    .split(/\s+/);
  const at = Math.max(
    0,
    spoken.findIndex((_, i) =>
      pattern.test(
        spoken
          .slice(i, i + 4)
          .join(" ")
          .toLowerCase(),
      ),
    ),
  );
  const start = Math.max(0, Math.min(at, spoken.length - 14));
  return spoken.slice(start, start + 14).join(" ");
}

function contentStems(text: string): Set<string> {
  return new Set(contentTerms(text));
}

export function scoreAnswer(input: EvaluationInput): Evaluation {
  const { question, transcript, delivery, reference, approximate } = input;
  const text = transcript.toLowerCase();
  const type = reference.questionType;
  const spokenWords = words(transcript);
  const answer = contentStems(transcript);

  // --- relevance: the answer's words against the question's and a good answer's
  const questionTerms = contentStems(question);
  const expected = contentStems(
    [
      question,
      reference.modelAnswer ?? "",
      ...(reference.tips ?? []),
      ...(reference.keyPoints ?? []),
    ].join(" "),
  );
  const shared = [...answer].filter((term) => expected.has(term)).length;
  const askedAbout = [...questionTerms].filter((term) => answer.has(term)).length;
  const overlap = answer.size === 0 ? 0 : shared / Math.min(answer.size, 30);
  const workness = workTalk(transcript, expected);
  const questionCoverage = questionTerms.size === 0 ? 0 : askedAbout / questionTerms.size;
  const relevanceSignal =
    0.45 * Math.min(1, overlap * 2.2) + 0.35 * workness + 0.2 * questionCoverage;
  let relevance = 1 + 4 * relevanceSignal;
  if (spokenWords.length < 12) relevance = Math.min(relevance, 2);

  // --- structure and specifics
  const pastSituation = type === "behavioural" || type === "situational";
  const structure = pastSituation
    ? {
        situation: STAR.situation.test(text),
        task: STAR.task.test(text),
        action: STAR.action.test(text),
        result: STAR.result.test(text),
      }
    : null;
  const parts = structure ? Object.values(structure).filter(Boolean).length : 0;
  const numbers = SPECIFIC_NUMBER.test(text);
  const own = (text.match(/\bi\b/g) ?? []).length;
  const team = (text.match(/\bwe\b/g) ?? []).length;
  const actions = STAR.action.test(text);
  let shape: number; // 0..1: the shape this question type calls for
  if (structure) shape = parts / 4;
  else if (type === "strengths-weaknesses") {
    shape =
      (/\bweak/.test(question.toLowerCase()) ? (WEAKNESS_FIX.test(text) ? 0.6 : 0.2) : 0.3) +
      (actions ? 0.2 : 0) +
      (numbers ? 0.2 : 0);
  } else if (type === "motivational") {
    shape =
      (COMPANY_SPECIFIC.test(text) ? 0.5 : 0.2) +
      (actions || numbers ? 0.3 : 0) +
      (own > 0 ? 0.2 : 0);
  } else if (type === "closing") {
    shape = QUESTION_FOR_THEM.test(text) ? 0.9 : 0.3;
  } else shape = 0.4 + (actions ? 0.3 : 0) + (numbers ? 0.3 : 0);
  const specifics = (numbers ? 0.4 : 0) + (actions ? 0.35 : 0) + (own >= team ? 0.25 : 0.1);

  // --- timing: the length the question type calls for
  const range = LENGTH[type];
  const [low, high] = delivery ? range.seconds : range.words;
  const amount = delivery ? delivery.speakingSeconds : spokenWords.length;
  const timingRatio = amount < low ? amount / low : amount > high ? high / amount : 1;
  const timing = 1 + 4 * Math.pow(timingRatio, 1.3);

  // --- clarity: pace, fillers and pauses when spoken; sentence length either way
  const sentences = transcript.split(/[.!?]+/).filter((s) => s.trim().length > 0);
  const longSentences = delivery ? 0 : sentences.filter((s) => words(s).length > 40).length;
  let clarity = 4.6 - longSentences * 0.4;
  const fillerRate =
    delivery && delivery.speakingSeconds > 0
      ? (delivery.fillerWords.count / delivery.speakingSeconds) * 60
      : 0;
  if (delivery) {
    const { min, max } = COMFORTABLE_WORDS_PER_MINUTE;
    const pace = delivery.wordsPerMinute;
    if (pace < min) clarity -= Math.min(1.5, (min - pace) / 30);
    if (pace > max) clarity -= Math.min(1.5, (pace - max) / 30);
    clarity -= Math.min(1.2, Math.max(0, fillerRate - 2) * 0.25);
    if (delivery.longestPauseSeconds > 3)
      clarity -= Math.min(0.8, (delivery.longestPauseSeconds - 3) * 0.2);
  }
  if (structure) clarity += (parts - 2) * 0.15;
  if (approximate) clarity = Math.max(clarity, 3); // do not judge wording we may have misheard
  if (spokenWords.length < 12) clarity = Math.min(clarity, 2.5);

  // --- overall: weighted, but an off-topic or empty answer cannot score well
  let overall =
    1 +
    4 *
      ((0.35 * (relevance - 1)) / 4 +
        0.25 * (0.6 * shape + 0.4 * specifics) +
        (0.2 * (clarity - 1)) / 4 +
        (0.2 * (timing - 1)) / 4);
  if (relevance < 2.5) overall = Math.min(overall, relevance);
  const scores = {
    overall: score(overall),
    clarity: score(clarity),
    relevance: score(relevance),
    timing: score(timing),
  };

  // --- what to say: quote the answer, or name what is missing
  const strengths: string[] = [];
  const improvements: string[] = [];
  const said = (pattern: RegExp) => {
    const words = quote(transcript, pattern);
    return words ? `“${words}”` : undefined;
  };
  const tooShort = spokenWords.length < 12;
  const offTopic = !tooShort && scores.relevance < 2.5;
  if (tooShort) {
    improvements.push(
      "Give it more: a sentence of context, one example of what you did, and how it turned out.",
    );
  } else if (offTopic) {
    improvements.push(
      `This doesn't answer the question asked — “${question.trim().replace(/\.$/, "")}”. Start from it directly, then give one example from your own work.`,
    );
    const opening = spokenWords.slice(0, 8).join(" ");
    strengths.push(`You spoke in full sentences (“${opening}…”): point that at the question.`);
  }
  if (structure && !offTopic && !tooShort) {
    const action = structure.action && said(STAR.action);
    if (action) strengths.push(`You said what you did yourself: ${action}.`);
    const result = structure.result && said(STAR.result);
    if (result) strengths.push(`You gave the outcome: ${result}.`);
    if (!structure.situation)
      improvements.push("Set the scene in a sentence first: where you were and what was going on.");
    if (!structure.action)
      improvements.push(
        "Say what you did yourself, in the first person: “I …”, not only what happened.",
      );
    if (!structure.result)
      improvements.push(
        "Say how it ended: what changed because of what you did, ideally with a number.",
      );
  }
  if (numbers && strengths.length < 3) {
    const figure = said(SPECIFIC_NUMBER);
    if (figure) strengths.push(`A concrete detail makes it believable: ${figure}.`);
  }
  if (offTopic) {
    // Advice on shape or length would be beside the point until it answers the question.
  } else if (type === "strengths-weaknesses" && /\bweak/.test(question.toLowerCase())) {
    const fix = said(WEAKNESS_FIX);
    if (fix) strengths.push(`You showed what you do about it: ${fix}.`);
    else
      improvements.push(
        "After naming the weakness, say what you are doing about it and what has changed.",
      );
  }
  if (type === "motivational" && !offTopic) {
    const specific = said(COMPANY_SPECIFIC);
    if (specific) strengths.push(`You tied it to them: ${specific}.`);
    else
      improvements.push(
        "Name something specific about this company or role that draws you, not reasons that fit any job.",
      );
  }
  if (type === "closing" && !offTopic && !QUESTION_FOR_THEM.test(text)) {
    improvements.push(
      "Have one or two real questions ready for them, about the team, the role or how success is measured.",
    );
  }
  if (team > own * 2 && team >= 3) {
    improvements.push(`You said “we” ${team} times and “I” ${own}: make your own part clear.`);
  }
  if (offTopic || tooShort) {
    // Length is not the problem to name first.
  } else if (timingRatio < 0.7) {
    improvements.push(
      delivery
        ? `At ${Math.round(amount)} seconds it's short for this question: aim for ${low}–${high} seconds.`
        : `At ${amount} words it's short for this question: aim for ${low}–${high}.`,
    );
  } else if (amount > high * 1.3) {
    improvements.push(
      delivery
        ? `At ${Math.round(amount)} seconds it runs long: aim for ${low}–${high} seconds and keep to one example.`
        : `At ${amount} words it runs long: aim for ${low}–${high} and keep to one example.`,
    );
  } else if (strengths.length < 3) {
    strengths.push(
      delivery
        ? `A good length for this question (${Math.round(amount)} seconds).`
        : `A good length for this question (${amount} words).`,
    );
  }
  if (delivery) {
    const { min, max } = COMFORTABLE_WORDS_PER_MINUTE;
    if (delivery.wordsPerMinute > max)
      improvements.push(
        `You spoke at ${delivery.wordsPerMinute} words a minute: slow down towards ${min}–${max}, and pause between points.`,
      );
    else if (delivery.wordsPerMinute > 0 && delivery.wordsPerMinute < min)
      improvements.push(
        `You spoke at ${delivery.wordsPerMinute} words a minute: a little brisker (${min}–${max}) sounds more confident.`,
      );
    else if (delivery.wordsPerMinute > 0 && strengths.length < 3)
      strengths.push(`A comfortable pace: ${delivery.wordsPerMinute} words a minute.`);
    if (fillerRate > 4) {
      const top = Object.entries(delivery.fillerWords.words).sort((a, b) => b[1] - a[1])[0];
      improvements.push(
        `${delivery.fillerWords.count} filler words${top ? `, mostly “${top[0]}”` : ""}: a short silent pause works better.`,
      );
    }
  }
  if (strengths.length === 0) {
    const first = spokenWords.slice(0, 10).join(" ");
    strengths.push(
      tooShort
        ? `You answered directly (“${first}”); now back it up with an example.`
        : `You answered in your own words (“${first}…”); build on that start with one example.`,
    );
  }
  if (improvements.length === 0) {
    improvements.push(
      numbers
        ? "Rehearse it once more aloud until it flows without notes."
        : "Add one number or concrete detail that shows the scale of what you did.",
    );
  }

  const verdict =
    scores.overall >= 4
      ? "A strong answer"
      : scores.overall >= 3
        ? "A solid answer"
        : scores.overall >= 2
          ? "An answer that needs work"
          : "This misses the question";
  // The first improvement, as a clause: only its first letter lower-cased ("I" and quotes stay).
  const first = improvements[0]!.replace(/[.:].*$/, "");
  const main = first.charAt(0).toLowerCase() + first.slice(1);
  const summary =
    `${verdict}${scores.overall >= 3 && improvements.length ? `; next, ${main}` : ""}.` +
    (approximate
      ? " The transcript is approximate: judge the wording by what you meant to say."
      : "");

  return {
    scores,
    structure,
    strengths: strengths.slice(0, 3),
    improvements: improvements.slice(0, 3),
    summary,
  };
}
