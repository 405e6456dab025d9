// Are the offline rubric's claims true? Scores labelled typed answers (tests/data/claims, or
// other files of the same shape given as arguments) and reports, beside each target: STAR
// parts found vs the labels, advice asking for a part the answer has, missing parts pointed
// out, quotes that are not spans of the answer, summaries that disagree with the score, and
// answers that miss what the question asks for (a plan, a reason, a real weakness) told so.
// Run: `npm run eval:claims [-- [--split tune|held-out] [--verbose] more.json…]`; `--fit` prints
// relevance's weights learned on the tune split; `--publish` writes the figures the "How we score"
// page shows (src/shared/measured-accuracy.json).
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { feedbackSchema } from "@/shared/feedback";
import { createQuestionReferences } from "@/server/feedback/reference";
import { gradedAnswers } from "@tests/data/feedback-answers";
import { judgeAnswer } from "@/server/feedback/rubric";
import { relevanceFeatures, verdictOf } from "@/server/feedback/score";

const answerSchema = z.object({
  id: z.string(),
  question: z.string(),
  questionType: z.string(),
  answer: z.string(),
  star: feedbackSchema.shape.structure,
  intent: z.enum(["match", "mismatch"]),
  split: z.enum(["tune", "held-out"]).default("held-out"),
});
const relevanceSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  onTopic: z.boolean(),
  split: z.enum(["tune", "held-out"]).default("held-out"),
});

const args = process.argv.slice(2);
const fit = args.includes("--fit");
const publish = args.includes("--publish");
const verbose = args.includes("--verbose");
const splitArg = fit
  ? "tune"
  : args.includes("--split")
    ? args[args.indexOf("--split") + 1]
    : undefined;
const files = args.filter((arg, i) => arg.endsWith(".json") && args[i - 1] !== "--split");
const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as unknown[];
const inSplit = (item: { split: string }) => !splitArg || item.split === splitArg;

const answers = [
  ...read("tests/data/claims/answers.json"),
  ...files.flatMap((file) => read(file).filter((item) => !("onTopic" in (item as object)))),
]
  .map((item) => answerSchema.parse(item))
  .filter(inSplit);
const relevance = [
  ...read("tests/data/claims/relevance.json"),
  ...files.flatMap((file) => read(file).filter((item) => "onTopic" in (item as object))),
]
  .map((item) => relevanceSchema.parse(item))
  .filter(inSplit);

const reference = createQuestionReferences();
const judge = (question: string, answer: string) =>
  judgeAnswer({
    question,
    transcript: answer,
    delivery: null,
    reference: reference(question),
    approximate: false,
  });

const parts = ["situation", "task", "action", "result"] as const;
const partRight = Object.fromEntries(parts.map((part) => [part, 0])) as Record<string, number>;
const partMissing = Object.fromEntries(parts.map((part) => [part, 0])) as Record<string, number>;
const partToldMissing = Object.fromEntries(parts.map((part) => [part, 0])) as Record<
  string,
  number
>;
let starAnswers = 0;
let askedForPresent = 0;
let badQuotes = 0;
let quotes = 0;
let contradictions = 0;
let mismatches = 0;
let mismatchesTold = 0;
let matches = 0;
let matchesToldMismatch = 0;
const notes: string[] = [];

for (const item of answers) {
  const { evaluation, advice } = judge(item.question, item.answer);
  const told = new Set<string>(advice.improvements.map((claim) => claim.topic));
  if (told.has("setup")) told.add("situation").add("task");
  for (const claim of [...advice.strengths, ...advice.improvements]) {
    const quote = claim.evidence.quote;
    if (!quote) continue;
    quotes++;
    if (
      item.answer.slice(quote.start, quote.end) !== quote.text ||
      !claim.text.includes(quote.text)
    ) {
      badQuotes++;
      notes.push(`${item.id}: quote not a span: ${quote.text}`);
    }
  }
  if (!evaluation.summary.startsWith(verdictOf(evaluation.scores.overall))) {
    contradictions++;
    notes.push(
      `${item.id}: summary "${evaluation.summary}" vs overall ${evaluation.scores.overall}`,
    );
  }
  if (item.star) {
    starAnswers++;
    const found = evaluation.structure;
    let asked = false;
    for (const part of parts) {
      const truth = item.star[part];
      if (found && found[part] === truth) partRight[part]!++;
      else notes.push(`${item.id}: ${part} found ${found?.[part]} labelled ${truth}`);
      if (truth && told.has(part)) asked = true;
      if (!truth) {
        partMissing[part]!++;
        if (told.has(part)) partToldMissing[part]!++;
        else
          notes.push(
            `${item.id}: missing ${part} not told: ${advice.improvements.map((c) => c.text).join(" | ")}`,
          );
      }
    }
    if (asked) {
      askedForPresent++;
      notes.push(
        `${item.id}: asked for a part it has: ${advice.improvements.map((c) => c.text).join(" | ")}`,
      );
    }
  }
  if (item.intent === "mismatch") {
    mismatches++;
    if (told.has("intent") || told.has("short") || told.has("length")) mismatchesTold++;
    else
      notes.push(
        `${item.id}: mismatch not told: ${advice.improvements.map((c) => c.text).join(" | ")}`,
      );
  } else if (!item.star) {
    matches++;
    if (told.has("intent")) {
      matchesToldMismatch++;
      notes.push(
        `${item.id}: match told intent: ${advice.improvements.map((c) => c.text).join(" | ")}`,
      );
    }
  }
}

const offTopic = relevance.filter((item) => !item.onTopic);
const onTopic = relevance.filter((item) => item.onTopic);
const relevanceOf = (item: { question: string; answer: string }) =>
  judge(item.question, item.answer).evaluation.scores.relevance;
const offScores = offTopic.map((item) => ({ id: item.id, r: relevanceOf(item) }));
const onScores = onTopic.map((item) => ({ id: item.id, r: relevanceOf(item) }));

/** How the fitted log-odds become relevance's (src/shared/rubric.ts). */
const SHARPEN = 3;
const SHIFT = 0.3;
if (fit) {
  // Relevance's weights (src/shared/rubric.ts): a logistic regression on the tune split's
  // answers and the graded answers, on and off topic, off-topic ones weighted 3:1 (fewer).
  const examples = [
    ...relevance.map((item) => ({ ...item, on: item.onTopic })),
    ...answers.map((item) => ({ ...item, on: true })),
    // The graded answers the rubric is tuned on (their held-out set is never used here).
    ...gradedAnswers.map(([question, level, answer]) => ({
      question,
      answer,
      on: level !== "offtopic",
    })),
  ].map((item) => ({
    x: relevanceFeatures(judge(item.question, item.answer).measurements),
    y: item.on ? 1 : 0,
  }));
  const names = Object.keys(examples[0]!.x) as (keyof (typeof examples)[0]["x"])[];
  const weights = Object.fromEntries(names.map((name) => [name, 0])) as Record<string, number>;
  let bias = 0;
  for (let step = 0; step < 6000; step++) {
    const gradient = Object.fromEntries(names.map((name) => [name, 0])) as Record<string, number>;
    let biasGradient = 0;
    for (const { x, y } of examples) {
      const z = names.reduce((sum, name) => sum + weights[name]! * x[name], bias);
      const error = (1 / (1 + Math.exp(-z)) - y) * (y === 0 ? 3 : 1);
      for (const name of names) gradient[name]! += error * x[name];
      biasGradient += error;
    }
    for (const name of names)
      weights[name]! -= (0.5 * gradient[name]!) / examples.length + 0.001 * weights[name]!;
    bias -= (0.5 * biasGradient) / examples.length + 0.001 * bias;
  }
  // Tripled and moved as src/shared/rubric.ts explains.
  const round = (value: number) => Math.round(value * 100) / 100;
  for (const name of names) weights[name]! *= SHARPEN;
  bias = bias * SHARPEN + SHIFT;
  console.info(
    `relevance: { weights: { ${names.map((name) => `${name}: ${round(weights[name]!)}`).join(", ")} }, bias: ${round(bias)} }`,
  );
  process.exit(0);
}

const pct = (n: number, d: number) => (d === 0 ? "—" : `${((100 * n) / d).toFixed(1)}%`);
const rows: [string, string, string][] = [
  ...parts.map((part): [string, string, string] => [
    `STAR ${part} right (${starAnswers} answers)`,
    pct(partRight[part]!, starAnswers),
    "≥ 95%",
  ]),
  ["advice asking for a part the answer has", pct(askedForPresent, starAnswers), "≤ 2%"],
  ...parts.map((part): [string, string, string] => [
    `missing ${part} told so (${partMissing[part]} answers)`,
    pct(partToldMissing[part]!, partMissing[part]!),
    "≥ 90%",
  ]),
  ["quotes that are not spans of the answer", `${badQuotes} of ${quotes}`, "0"],
  ["summaries that contradict the score", `${contradictions} of ${answers.length}`, "0"],
  [`intent mismatches pointed out (${mismatches})`, pct(mismatchesTold, mismatches), "≥ 90%"],
  [
    `well-shaped answers told they missed the intent (${matches})`,
    pct(matchesToldMismatch, matches),
    "—",
  ],
  [
    `off-topic relevance ≤ 2.0 (${offScores.length}; max ${Math.max(0, ...offScores.map((s) => s.r))})`,
    pct(offScores.filter((s) => s.r <= 2).length, offScores.length),
    "100%",
  ],
  [
    `on-topic relevance ≥ 2.5 (${onScores.length}; min ${Math.min(5, ...onScores.map((s) => s.r))})`,
    pct(onScores.filter((s) => s.r >= 2.5).length, onScores.length),
    "—",
  ],
];
console.info(
  `eval:claims — ${answers.length} answers, ${relevance.length} relevance answers, split ${splitArg ?? "all"}\n`,
);
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value, target] of rows)
  console.info(`${name.padEnd(width)}  ${value.padStart(12)}  ${target}`);
if (publish) {
  // The figures the "How we score" page shows: everything on all answers, and relevance on the
  // styles never tuned on.
  if (splitArg) throw new Error("--publish measures every answer: leave out --split");
  const heldOut = (scores: { id: string; r: number }[]) =>
    scores.filter((s) => relevance.find((item) => item.id === s.id)?.split === "held-out");
  const heldOff = heldOut(offScores);
  const heldOn = heldOut(onScores);
  const byPart = (counts: Record<string, number>, of: (part: string) => number) =>
    parts.map((part) => pct(counts[part]!, of(part))).join(" / ");
  const figures = [
    [
      "STAR parts found right, typed answers (situation / task / action / result)",
      byPart(partRight, () => starAnswers),
      "95% each",
    ],
    [
      "Answers told to add a part they already have",
      pct(askedForPresent, starAnswers),
      "2% or fewer",
    ],
    [
      "Answers missing a part that are told so (situation / task / action / result)",
      byPart(partToldMissing, (part) => partMissing[part]!),
      "90% each",
    ],
    ["Quotes that are not the answer's own words", `${badQuotes} of ${quotes}`, "0"],
    ["Summaries that disagree with the score", `${contradictions} of ${answers.length}`, "0"],
    [
      "Answers that miss what the question asks for, told so",
      pct(mismatchesTold, mismatches),
      "90%",
    ],
    [
      "Off-topic answers in styles we never tuned on scored 2.0 or less for relevance",
      pct(heldOff.filter((s) => s.r <= 2).length, heldOff.length),
      "100%",
    ],
    [
      "On-topic answers in styles we never tuned on scored 2.5 or more for relevance",
      pct(heldOn.filter((s) => s.r >= 2.5).length, heldOn.length),
      "as many as possible",
    ],
  ].map(([name, value, target]) => ({ name, value, target, eval: "npm run eval:claims" }));
  const measuredOn = new Date().toISOString().slice(0, 10);
  writeFileSync(
    "src/shared/measured-accuracy.json",
    `${JSON.stringify({ measuredOn, figures }, null, 2)}\n`,
  );
  console.info("\nwrote src/shared/measured-accuracy.json");
}
if (verbose) {
  console.info("\nmisses:");
  for (const note of notes) console.info(`  ${note}`);
  for (const s of offScores.filter((s) => s.r > 2))
    console.info(`  off-topic ${s.id}: relevance ${s.r}`);
  for (const s of onScores.filter((s) => s.r < 2.5))
    console.info(`  on-topic ${s.id}: relevance ${s.r}`);
}
