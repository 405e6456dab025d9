// npm run eval:feedback [-- --quick] — how well the offline answer-feedback pipeline scores
// spoken answers whose quality we know.
//
// The graded set is tests/data/feedback-answers.ts: for each question an answer at four levels
// (strong 4, vague 3, weak 2, off-topic 1). Each answer is spoken by flite voices at a natural
// pace (duration_stretch 1.3, about 150 words a minute), made 16 kHz mono and padded with silence
// by sox, and recorded through real Chromium's MediaRecorder with the practice page's microphone
// settings (tests/support/chromium-recorder.ts), so the pipeline gets the WebM/Opus the page
// uploads. Delivery variants, one voice per question in turn: the vague answer with fillers
// inserted, the strong answer sped up (sox tempo 1.25) and slowed down (tempo 0.8).
//
// Each recording goes through giveFeedback() with the engines the server builds for the offline
// default (createEngines: the answer transcriber's worker pool, 2 workers, then the rubric), so
// this measures the engine, not HTTP. Recordings are cached in .cache/eval-feedback/ by a hash
// of (text, voice, variant): a rerun skips flite, sox and Chromium. The report is printed with
// each target beside its figure and written to .cache/eval-feedback/report.json. The exit code
// is 0 whether or not targets are met; only a crash fails.
//
//   --quick   one voice, four questions, the delivery variants of the first only
//   --rescore no recording or hearing: the current rubric scores the transcripts and delivery
//             figures of the last report again (the same report, with the rubric's scores)
// Needs Debian's flite, sox and chromium (not with --rescore).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pLimit from "p-limit";
import { closeEngines, createEngines } from "@/server/engines";
import { normaliseText } from "@/server/ai/offline/grammar";
import { RECOGNISER_SAMPLE_RATE } from "@/server/ai/offline/recognizer";
import { loadConfig } from "@/server/config";
import { analyseDelivery } from "@/server/feedback/delivery";
import { giveFeedback } from "@/server/feedback/give-feedback";
import { createOfflineEvaluator } from "@/server/feedback/offline-evaluator";
import { createQuestionReferences } from "@/server/feedback/reference";
import { createLogger } from "@/server/logger";
import { countFillers } from "@/shared/fillers";
import type { Feedback } from "@/shared/feedback";
import { duration } from "@tests/support/chromium-recorder";
import { gradedAnswers, type AnswerLevel } from "@tests/data/feedback-answers";
import { spearman } from "@tests/support/rank-correlation";
import { readWav, recordSpeech, requireSpeechTools, type Speech } from "@tests/support/speech";
import { align } from "./word-errors";

const quick = process.argv.includes("--quick");
const rescore = process.argv.includes("--rescore");
const VOICES = quick ? ["slt"] : ["slt", "rms", "awb"];
/** Questions of the quick run, by their order in the set: behavioural, motivational, situational, closing. */
const QUICK_QUESTIONS = [0, 1, 5, 6];
const STRETCH = 1.3;
/** At most two processes at once: two Chromium recorders, then two recogniser workers. */
const PARALLEL = 2;
const GRADE: Record<AnswerLevel, number> = { strong: 4, vague: 3, weak: 2, offtopic: 1 };
const TEMPO = { fast: 1.25, slow: 0.8 } as const;
/** "um" and "uh" are left out of the word error rate on both sides, as eval:answer-recognition does. */
const HESITATIONS = new Set(["um", "uh", "er", "hmm"]);

type Variant = "clean" | "fillers" | keyof typeof TEMPO;
type Case = {
  question: string;
  level: AnswerLevel;
  voice: string;
  variant: Variant;
  /** What the voice says (the answer, with fillers for that variant). */
  text: string;
  wav: string;
  webm: string;
};
type Row = Omit<Case, "wav" | "webm"> & {
  grade: number;
  trueWpm: number;
  feedback?: Omit<Feedback, "id">;
  error?: string;
  wer?: { errors: number; words: number };
};

const root = path.resolve(import.meta.dirname, "../..");
const cacheDir = path.join(root, ".cache/eval-feedback");

/**
 * Fillers where people put them: "um"/"uh" before a sentence, "you know"/"like" set off by
 * commas a few words in, one per sentence in turn.
 */
function withFillers(text: string): string {
  const kinds = ["um", "you know", "like", "uh"];
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence, k) => {
      const filler = kinds[k % kinds.length]!;
      const words = sentence.split(" ");
      if (filler === "um" || filler === "uh" || words.length < 5) {
        return `${filler.charAt(0).toUpperCase()}${filler.slice(1)}, ${sentence}`;
      }
      const head = words.slice(0, 3).join(" ").replace(/,$/, "");
      return `${head}, ${filler}, ${words.slice(3).join(" ")}`;
    })
    .join(" ");
}

function cases(): Omit<Case, "wav" | "webm">[] {
  const questions = [...new Set(gradedAnswers.map(([question]) => question))].filter(
    (_, i) => !quick || QUICK_QUESTIONS.includes(i),
  );
  const answerOf = (question: string, level: AnswerLevel) =>
    gradedAnswers.find(([q, l]) => q === question && l === level)![2];
  const all: Omit<Case, "wav" | "webm">[] = [];
  questions.forEach((question, i) => {
    for (const [q, level, text] of gradedAnswers) {
      if (q !== question) continue;
      for (const voice of VOICES) all.push({ question, level, voice, variant: "clean", text });
    }
    if (quick && i > 0) return;
    const voice = VOICES[i % VOICES.length]!;
    const vague = withFillers(answerOf(question, "vague"));
    all.push({ question, level: "vague", voice, variant: "fillers", text: vague });
    for (const variant of ["fast", "slow"] as const)
      all.push({ question, level: "strong", voice, variant, text: answerOf(question, "strong") });
  });
  return all;
}

const speechOf = (c: Omit<Case, "wav" | "webm">): Speech => ({
  text: c.text,
  voice: c.voice,
  stretch: STRETCH,
  ...(c.variant === "fast" || c.variant === "slow" ? { tempo: TEMPO[c.variant] } : {}),
});

/**
 * The true pace: the same measure the product uses (analyseDelivery: words that are not
 * fillers over the speaking time, its pauses left out: audio/speech.ts), taken on the clean WAV
 * played into the microphone — digital silence around synthetic speech, so its speaking time is
 * exact — with the text actually spoken. The product's figure differs from it by what the
 * recorder, the codec and the recogniser's word count get wrong.
 */
function trueWordsPerMinute(c: Case): number {
  const pcm = readWav(c.wav);
  return analyseDelivery({ pcm, sampleRate: RECOGNISER_SAMPLE_RATE, transcript: c.text })
    .wordsPerMinute;
}

const spoken = (text: string) => normaliseText(text).filter((word) => !HESITATIONS.has(word));

// --- 1. recordings (cached)
const started = performance.now();
mkdirSync(cacheDir, { recursive: true });
const reportFile = path.join(cacheDir, quick ? "report-quick.json" : "report.json");
const { rows, all, audioSeconds, recordedAt } = rescore
  ? { ...(await rescored(reportFile)), audioSeconds: 0, recordedAt: started }
  : await hearAll();
const decodedAt = performance.now();

async function hearAll() {
  requireSpeechTools("eval:feedback");
  const wanted = cases();
  console.info(`${wanted.length} recordings (${VOICES.join(", ")}${quick ? "; quick" : ""})`);
  const limit = pLimit(PARALLEL);
  let made = 0;
  const all: Case[] = await Promise.all(
    wanted.map((c) =>
      limit(async () => {
        const files = await recordSpeech(speechOf(c), cacheDir);
        if (++made % 20 === 0 || made === wanted.length)
          console.info(`  recorded ${made}/${wanted.length} (cached ones are instant)`);
        return { ...c, ...files };
      }),
    ),
  );
  const recordedAt = performance.now();

  // --- 2. the pipeline: the server's offline engines, two answer workers
  const engines = await createEngines(
    loadConfig({
      AI_TRANSCRIBER: "offline",
      AI_ANSWERER: "offline",
      AI_EVALUATOR: "offline",
      TRANSCRIBE_WORKERS: String(PARALLEL),
    }),
    createLogger("warn"),
  );
  let audioSeconds = 0;
  const rows: Row[] = [];
  try {
    await Promise.all(
      all.map((c) =>
        limit(async () => {
          const { wav, webm, ...rest } = c;
          const row: Row = { ...rest, grade: GRADE[c.level], trueWpm: trueWordsPerMinute(c) };
          audioSeconds += duration(wav);
          try {
            row.feedback = await giveFeedback(engines, {
              question: c.question,
              recording: new Uint8Array(readFileSync(webm)),
            });
            const reference = spoken(c.text);
            const { errors } = align(reference, spoken(row.feedback.transcript));
            row.wer = { errors, words: reference.length };
          } catch (error) {
            row.error = error instanceof Error ? error.message : String(error);
          }
          rows.push(row);
        }),
      ),
    );
  } finally {
    await closeEngines(engines);
  }
  return { rows, all, audioSeconds, recordedAt };
}

/** The last report's rows, scored again by the current rubric. */
async function rescored(file: string): Promise<{ rows: Row[]; all: Row[] }> {
  type Saved = Row & Pick<Feedback, "transcript" | "delivery" | "approximate">;
  if (!existsSync(file)) {
    console.error(
      `eval:feedback --rescore needs a report: run npm run eval:feedback first (${file})`,
    );
    process.exit(1);
  }
  const saved = (JSON.parse(readFileSync(file, "utf8")) as { rows: Saved[] }).rows;
  const reference = createQuestionReferences();
  const evaluator = createOfflineEvaluator();
  const rows: Row[] = await Promise.all(
    saved.map(async ({ transcript, delivery, approximate, ...row }) => {
      if (row.error) return row;
      const evaluation = await evaluator.evaluate({
        question: row.question,
        transcript,
        delivery,
        reference: reference(row.question),
        approximate,
      });
      const source = { transcriber: "offline", evaluator: "offline" } as const;
      return { ...row, feedback: { transcript, delivery, approximate, source, ...evaluation } };
    }),
  );
  return { rows, all: rows };
}

// --- 3. the report
const order = new Map(all.map((c, i) => [`${c.question}|${c.level}|${c.voice}|${c.variant}`, i]));
rows.sort(
  (a, b) =>
    order.get(`${a.question}|${a.level}|${a.voice}|${a.variant}`)! -
    order.get(`${b.question}|${b.level}|${b.voice}|${b.variant}`)!,
);
const scored = rows.filter((row): row is Row & { feedback: Omit<Feedback, "id"> } =>
  Boolean(row.feedback),
);
const clean = scored.filter((row) => row.variant === "clean");
const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const mark = (met: boolean) => (met ? "met" : "NOT MET");
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const label = (row: Row) =>
  `${row.level}/${row.voice}${row.variant === "clean" ? "" : `/${row.variant}`} “${row.question}”`;

const spearmanClean = spearman(
  clean.map((row) => row.grade),
  clean.map((row) => row.feedback.scores.overall),
);
const spearmanAll = spearman(
  scored.map((row) => row.grade),
  scored.map((row) => row.feedback.scores.overall),
);
const offTopic = clean.filter((row) => row.level === "offtopic");
const offTopicFailures = offTopic.filter((row) => row.feedback.scores.relevance > 2);
const strong = clean.filter((row) => row.level === "strong");
const strongFailures = strong.filter((row) => row.feedback.scores.overall < 3.8);
const werOf = (list: Row[]) => {
  const errors = list.reduce((sum, row) => sum + (row.wer?.errors ?? 0), 0);
  return errors / list.reduce((sum, row) => sum + (row.wer?.words ?? 0), 0);
};
const wpmError = (row: (typeof scored)[number]) =>
  (row.feedback.delivery!.wordsPerMinute - row.trueWpm) / row.trueWpm;
const wpmErrors = scored.map(wpmError);
const wpmWithin = wpmErrors.filter((e) => Math.abs(e) <= 0.1).length;

console.info(`\n| level | answers | mean overall | min | max | mean relevance |`);
console.info(`| --- | ---: | ---: | ---: | ---: | ---: |`);
for (const level of Object.keys(GRADE) as AnswerLevel[]) {
  const list = clean.filter((row) => row.level === level).map((row) => row.feedback.scores);
  console.info(
    `| ${level} (${GRADE[level]}) | ${list.length} | ${fixed(mean(list.map((s) => s.overall)))} | ` +
      `${fixed(Math.min(...list.map((s) => s.overall)), 1)} | ${fixed(Math.max(...list.map((s) => s.overall)), 1)} | ` +
      `${fixed(mean(list.map((s) => s.relevance)))} |`,
  );
}
console.info(`\n| variant | recordings | mean overall | WER | wpm error mean (mean abs) |`);
console.info(`| --- | ---: | ---: | ---: | ---: |`);
for (const variant of ["clean", "fillers", "fast", "slow"] as Variant[]) {
  const list = scored.filter((row) => row.variant === variant);
  if (list.length === 0) continue;
  const errors = list.map(wpmError);
  console.info(
    `| ${variant} | ${list.length} | ${fixed(mean(list.map((r) => r.feedback.scores.overall)))} | ` +
      `${percent(werOf(list))} | ${percent(mean(errors))} (${percent(mean(errors.map(Math.abs)))}) |`,
  );
}
console.info(`\n| voice | recordings | WER | Spearman (clean) |`);
console.info(`| --- | ---: | ---: | ---: |`);
for (const voice of VOICES) {
  const list = clean.filter((row) => row.voice === voice);
  console.info(
    `| ${voice} | ${list.length} | ${percent(werOf(scored.filter((row) => row.voice === voice)))} | ` +
      `${fixed(
        spearman(
          list.map((r) => r.grade),
          list.map((r) => r.feedback.scores.overall),
        ),
      )} |`,
  );
}

// Fillers: what the lexicon counts in the spoken text against what it counts in the transcript.
const fillerKinds = ["um", "uh", "you know", "like"];
console.info(`\n| filler (fillers variant) | said | detected | recall | false (all recordings) |`);
console.info(`| --- | ---: | ---: | ---: | ---: |`);
const fillerDetection = Object.fromEntries(
  fillerKinds.map((kind) => {
    let [said, found, extra] = [0, 0, 0];
    for (const row of scored) {
      const truth = countFillers(row.text).words[kind] ?? 0;
      const heard = row.feedback.delivery!.fillerWords.words[kind] ?? 0;
      if (row.variant === "fillers") {
        said += truth;
        found += Math.min(truth, heard);
      }
      extra += Math.max(0, heard - truth);
    }
    console.info(`| ${kind} | ${said} | ${found} | ${percent(found / said)} | ${extra} |`);
    return [kind, { said, detected: found, recall: found / said, falseDetections: extra }];
  }),
);

const targets = [
  ["Spearman(overall, grade), clean", fixed(spearmanClean), "≥ 0.80", spearmanClean >= 0.8],
  [
    "off-topic relevance, every answer",
    `max ${fixed(Math.max(...offTopic.map((r) => r.feedback.scores.relevance)), 1)}; ${offTopicFailures.length} of ${offTopic.length} over`,
    "≤ 2.0 each",
    offTopicFailures.length === 0,
  ],
  [
    "strong answers' overall, clean",
    `min ${fixed(Math.min(...strong.map((r) => r.feedback.scores.overall)), 1)}; ${strongFailures.length} of ${strong.length} under`,
    "≥ 3.8 each",
    strongFailures.length === 0,
  ],
  ["transcript word error rate, all", percent(werOf(scored)), "≤ 25%", werOf(scored) <= 0.25],
  [
    "words-per-minute error",
    `${wpmWithin} of ${wpmErrors.length} within ±10%; mean |err| ${percent(mean(wpmErrors.map(Math.abs)))}, max ${percent(Math.max(...wpmErrors.map(Math.abs)))}`,
    "±10% each",
    wpmWithin === wpmErrors.length,
  ],
] as const;
console.info(`\n| measure | figure | target | |`);
console.info(`| --- | --- | --- | --- |`);
for (const [name, figure, target, met] of targets)
  console.info(`| ${name} | ${figure} | ${target} | ${mark(met)} |`);
console.info(
  `| Spearman, variants included | ${fixed(spearmanAll)} | (≥ 0.80) | ${mark(spearmanAll >= 0.8)} |`,
);

for (const [title, list, show] of [
  ["Off-topic answers scored relevant (> 2.0)", offTopicFailures, "relevance"],
  ["Strong answers under 3.8", strongFailures, "overall"],
] as const) {
  if (list.length === 0) continue;
  console.info(`\n${title}:`);
  for (const row of list)
    console.info(
      `  ${show} ${row.feedback.scores[show]} (overall ${row.feedback.scores.overall}, clarity ${row.feedback.scores.clarity}, ` +
        `timing ${row.feedback.scores.timing}) ${label(row)}\n    heard: ${row.feedback.transcript}`,
    );
}
const failed = rows.filter((row) => row.error);
if (failed.length) {
  console.info(`\nNo feedback for ${failed.length} recording(s):`);
  for (const row of failed) console.info(`  ${label(row)}: ${row.error}`);
}
const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(0);
console.info(
  rescore
    ? `\n${rows.length} recordings scored again from ${path.relative(root, reportFile)}`
    : `\n${rows.length} recordings, ${(audioSeconds / 60).toFixed(1)} min of audio; recording ${seconds(started, recordedAt)} s ` +
        `(cached or made), feedback ${seconds(recordedAt, decodedAt)} s ` +
        `(${((decodedAt - recordedAt) / 1000 / audioSeconds).toFixed(2)} s per second of audio, ${PARALLEL} workers), ` +
        `total ${seconds(started, performance.now())} s`,
);
writeFileSync(
  reportFile,
  `${JSON.stringify(
    {
      quick,
      voices: VOICES,
      summary: {
        spearmanClean,
        spearmanAll,
        wer: werOf(scored),
        wpmWithin10Percent: wpmWithin / wpmErrors.length,
        fillerDetection,
        failures: { offTopic: offTopicFailures.length, strong: strongFailures.length },
      },
      rows: rows.map(({ feedback, ...row }) => ({
        ...row,
        transcript: feedback?.transcript,
        scores: feedback?.scores,
        delivery: feedback?.delivery,
        approximate: feedback?.approximate,
      })),
    },
    null,
    2,
  )}\n`,
);
console.info(`report: ${path.relative(root, reportFile)}`);
