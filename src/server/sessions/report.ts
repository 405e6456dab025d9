import type { AttemptSummary, SessionReport } from "@/shared/sessions";

type Answer = AttemptSummary & { improvements: string[] };

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The end-of-session report from its answers: the averages, the best and weakest answer, and
 * three things to work on next — the first improvement of each of the weakest answers, each
 * linked to the answer it came from (deterministic: the same answers give the same report).
 * Answers to the interviewer's follow-ups are left out of the ranking and the advice: scored
 * against the follow-up's few words ("What was the outcome?"), they read as off-topic answers of
 * their own; they are shown beside their question in the interview's report.
 */
export function sessionReport(all: readonly Answer[]): SessionReport {
  const toQuestions = all.filter((answer) => !answer.followUp);
  const answers = toQuestions.length > 0 ? toQuestions : all;
  if (answers.length === 0) {
    return { answered: 0, averages: null, best: null, weakest: null, workOn: [] };
  }
  const mean = (pick: (answer: Answer) => number) =>
    round(answers.reduce((sum, answer) => sum + pick(answer), 0) / answers.length);
  const ranked = [...answers].sort(
    (a, b) => b.scores.overall - a.scores.overall || a.createdAt.localeCompare(b.createdAt),
  );
  const named = (answer: Answer) => ({
    attemptId: answer.id,
    question: answer.question,
    overall: answer.scores.overall,
  });
  const workOn: SessionReport["workOn"] = [];
  for (const answer of [...ranked].reverse()) {
    const text = answer.improvements.find((tip) => !workOn.some((item) => item.text === tip));
    if (text) workOn.push({ text, attemptId: answer.id });
    if (workOn.length === 3) break;
  }
  return {
    // Questions answered (a follow-up or a second try is the same question).
    answered: new Set(all.map((answer) => answer.questionIndex)).size,
    averages: {
      overall: mean((a) => a.scores.overall),
      clarity: mean((a) => a.scores.clarity),
      relevance: mean((a) => a.scores.relevance),
      timing: mean((a) => a.scores.timing),
    },
    best: named(ranked[0]!),
    weakest: named(ranked.at(-1)!),
    workOn,
  };
}
