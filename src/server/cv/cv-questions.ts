import type { BankEntry } from "@/server/library/answer-library";
import { skillsInJobPost, type ChosenSession } from "@/server/sessions/choose-questions";
import type { Cv } from "@/shared/cv";
import type { SessionQuestion, StartSessionRequest } from "@/shared/sessions";

/**
 * Questions from the user's CV (docs/decisions/0110), mixed into an AI Interviewer or Company
 * Specific session in place of some of the bank's: "Walk me through your CV" opens instead of
 * "Tell me about yourself", then their employers, achievements and skills, and — with a job post
 * — the post's requirements the CV says little about. The CV's names join the words the offline
 * recogniser expects in the session's answers.
 */

type Question = Omit<SessionQuestion, "index">;

/** The longest achievement quoted back in a question; a longer one is cut at a word. */
const QUOTE_CHARS = 140;

const fromCv = (question: string, category: string): Question => ({
  question,
  category,
  source: "cv",
  bankId: null,
});

const quote = (text: string) => {
  if (text.length <= QUOTE_CHARS) return text;
  return `${text.slice(0, text.lastIndexOf(" ", QUOTE_CHARS))}…`;
};

/** How many of an AI Interviewer's questions come from the CV, by its length. */
const interviewShare = (length: number) => (length >= 8 ? 3 : length >= 5 ? 2 : 1);

export function withCvQuestions(
  chosen: ChosenSession,
  request: Extract<StartSessionRequest, { mode: "interview" | "company" }>,
  cv: Cv,
  bank: readonly BankEntry[],
  random: () => number = Math.random,
): ChosenSession {
  const { jobs, skills, achievements } = cv.profile;
  const pick = <T>(items: readonly T[], from: number) =>
    items.length === 0 ? undefined : items[Math.floor(random() * Math.min(items.length, from))];
  const pool: Question[] = [];
  const job = jobs.find((found) => found.employer);
  if (job) {
    pool.push(
      fromCv(
        `Tell me about your time at ${job.employer}${job.title ? ` as ${job.title}` : ""}.`,
        "background",
      ),
    );
  }
  const achievement = pick(achievements, 5);
  if (achievement) {
    pool.push(fromCv(`Your CV says: "${quote(achievement)}". How did you do that?`, "behavioural"));
  }
  const skill = pick(skills, 8);
  if (skill) {
    pool.push(
      fromCv(`You list ${skill} on your CV — tell me about a time you used it.`, "technical"),
    );
  }
  const earlier = jobs.filter((found) => found.employer && found.employer !== job?.employer)[0];
  if (earlier) {
    pool.push(
      fromCv(`What did you learn at ${earlier.employer} that you still use?`, "background"),
    );
  }

  const questions = chosen.questions.map(({ index: _index, ...question }) => question);
  // The opener becomes the walk through the CV.
  questions[0] = fromCv("Walk me through your CV.", "background");
  if (request.mode === "interview") {
    // In place of the middle's last bank questions, so the role's first ones and the closer stay.
    const closer = request.length >= 5 ? 1 : 0;
    const room = questions.length - 1 - closer;
    const count = Math.min(interviewShare(request.length), pool.length, room);
    const middle = questions.slice(1, questions.length - closer);
    const kept = middle.slice(0, middle.length - count);
    const mixed = interleave(kept, pool.slice(0, count));
    questions.splice(1, middle.length, ...mixed);
  } else {
    const cvText = cv.text.toLowerCase();
    const thin = skillsInJobPost(bank, request.jobPost ?? "")
      .map((tag) => tag.replace(/-/g, " "))
      .filter((requirement) => !cvText.includes(requirement))
      .slice(0, 1)
      .map((requirement) =>
        fromCv(
          `The role asks for ${requirement}; tell me about your experience with it.`,
          "behavioural",
        ),
      );
    const added = [...pool.slice(0, 2), ...thin];
    // After the company's and the post's questions; the role's questions make room.
    const closing = questions.pop()!;
    const role = questions.filter((question) => question.source === "role");
    const others = questions.filter((question) => question.source !== "role");
    const keptRole = role.slice(0, Math.max(1, role.length - added.length));
    questions.splice(0, questions.length, ...others, ...added, ...keptRole, closing);
  }
  return {
    questions: questions.map((question, index) => ({ ...question, index })),
    vocabulary: [...new Set([...chosen.vocabulary, ...cvVocabulary(cv)])],
  };
}

/** The bank's and the CV's questions taken in turn, the bank's first. */
function interleave(bankQuestions: Question[], cvQuestions: Question[]): Question[] {
  const mixed: Question[] = [];
  for (let at = 0; at < Math.max(bankQuestions.length, cvQuestions.length); at++) {
    if (bankQuestions[at]) mixed.push(bankQuestions[at]!);
    if (cvQuestions[at]) mixed.push(cvQuestions[at]!);
  }
  return mixed;
}

/** Most words a CV adds to a session's recogniser vocabulary. */
const MAX_CV_WORDS = 80;

/** Lower-case words of 3+ letters from the CV's employers, titles and skills, each once. */
function cvVocabulary(cv: Cv): string[] {
  const phrases = [
    ...cv.profile.jobs.flatMap((job) => [job.employer, job.title]),
    ...cv.profile.skills,
  ];
  const words = phrases.flatMap((phrase) => phrase.toLowerCase().match(/[a-z']{3,}/g) ?? []);
  return [...new Set(words)].slice(0, MAX_CV_WORDS);
}
