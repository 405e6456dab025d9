// npm run eval:claims-spoken — the claims eval (eval:claims) on the same labelled answers spoken:
// flite voices recorded through real Chromium's MediaRecorder with the practice page's settings
// (tests/support/speech.ts), heard by the offline answer recogniser, scored by the rubric with
// the recogniser's word confidences. Reports, beside each target, quotes of words the recogniser
// doubted (target 0) and STAR parts found right through the recogniser.
//
// Recordings are cached in .cache/eval-claims-spoken/ (a rerun skips flite and Chromium).
// Recording runs in real time, so by default it takes the behavioural answers of every third
// question (all four tellings): `LIMIT=n` questions, `VOICES=slt,rms,awb`.
// `--rescore` scores the last run's hearings again with the current rubric, in seconds;
// `--verbose` lists each recording's parts found against its labels, with what was heard.
// Needs Debian's flite, sox and chromium (not with --rescore).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { TimedWord } from "@/server/ai/engine";
import type { Delivery } from "@/shared/feedback";
import path from "node:path";
import pLimit from "p-limit";
import { closeEngines, createEngines } from "@/server/engines";
import { loadConfig } from "@/server/config";
import { detectSpeech, pauseSpans } from "@/server/audio/speech";
import { analyseDelivery } from "@/server/feedback/delivery";
import { QUOTABLE_CONFIDENCE } from "@/server/feedback/measure";
import { createQuestionReferences } from "@/server/feedback/reference";
import { judgeAnswer } from "@/server/feedback/rubric";
import { createLogger } from "@/server/logger";
import { recordSpeech, requireSpeechTools } from "@tests/support/speech";

type Labelled = {
  id: string;
  question: string;
  answer: string;
  star: Record<"situation" | "task" | "action" | "result", boolean> | null;
};

const rescore = process.argv.includes("--rescore");
const verbose = process.argv.includes("--verbose");
if (!rescore) requireSpeechTools("eval:claims-spoken");
const root = path.resolve(import.meta.dirname, "../..");
const cacheDir = path.join(root, ".cache/eval-claims-spoken");
const VOICES = (process.env.VOICES ?? "slt,rms,awb").split(",");
const LIMIT = Number(process.env.LIMIT ?? 7);
/** About 150 words a minute, as eval:feedback speaks. */
const STRETCH = 1.3;
const PARALLEL = 2;

const all = JSON.parse(
  readFileSync(path.join(root, "tests/data/claims/answers.json"), "utf8"),
) as Labelled[];
const questions = [...new Set(all.filter((a) => a.star).map((a) => a.question))]
  .filter((_, i) => i % 3 === 0)
  .slice(0, LIMIT);
const answers = all.filter((a) => a.star && questions.includes(a.question));
const cases = answers.flatMap((answer) => VOICES.map((voice) => ({ answer, voice })));

console.info(`eval:claims-spoken — ${answers.length} answers × ${VOICES.length} voices`);
const limit = pLimit(PARALLEL);
let made = 0;
const recorded = await Promise.all(
  cases.map((c) =>
    limit(async () => {
      if (rescore) return { ...c, webm: "" };
      const files = await recordSpeech(
        { text: c.answer.answer, voice: c.voice, stretch: STRETCH },
        cacheDir,
      );
      if (++made % 10 === 0 || made === cases.length)
        console.info(`  recorded ${made}/${cases.length} (cached ones are instant)`);
      return { ...c, webm: files.webm };
    }),
  ),
);

// Each recording as the recogniser heard it, so `--rescore` scores them again with the current
// rubric in seconds.
type Hearing = {
  text: string;
  words: TimedWord[];
  approximate: boolean;
  pauses: { startSeconds: number; endSeconds: number }[];
  delivery: Delivery;
};
const hearingsFile = path.join(cacheDir, "hearings.json");
const savedHearings: Record<string, Hearing> =
  rescore && existsSync(hearingsFile) ? JSON.parse(readFileSync(hearingsFile, "utf8")) : {};
const notes: string[] = [];
const engines = rescore
  ? undefined
  : await createEngines(
      loadConfig({
        AI_TRANSCRIBER: "offline",
        AI_ANSWERER: "offline",
        AI_EVALUATOR: "offline",
        TRANSCRIBE_WORKERS: String(PARALLEL),
        // A busy machine decodes slower than real time: measure what is heard, not the deadline.
        AI_TIMEOUT_MS: "600000",
      }),
      createLogger("warn"),
    );
const reference = createQuestionReferences();
const parts = ["situation", "task", "action", "result"] as const;
const right = Object.fromEntries(parts.map((part) => [part, 0])) as Record<string, number>;
let judged = 0;
const failed: string[] = [];
let quotes = 0;
let doubtedQuotes = 0;
let doubtedWords = 0;
let words = 0;
try {
  await Promise.all(
    recorded.map((c) =>
      limit(async () => {
        const key = `${c.answer.id}.${c.voice}`;
        let saved = rescore ? savedHearings[key] : undefined;
        if (!saved && rescore) {
          failed.push(`${key}: not in the last run's hearings`);
          return;
        }
        if (!saved) {
          const heard = await engines!.answerTranscriber
            .transcribe(
              { bytes: new Uint8Array(readFileSync(c.webm)), mimeType: "audio/webm" },
              c.answer.question,
            )
            .catch((error: unknown) => {
              failed.push(`${key}: ${String(error)}`);
              return undefined;
            });
          if (!heard) return;
          const speech = detectSpeech(heard.pcm, heard.sampleRate);
          saved = {
            text: heard.text,
            words: heard.words ?? [],
            approximate: heard.approximate,
            pauses: pauseSpans(speech),
            delivery: analyseDelivery({
              pcm: heard.pcm,
              sampleRate: heard.sampleRate,
              transcript: heard.text,
              words: heard.words,
              speech,
            }),
          };
          savedHearings[key] = saved;
        }
        const heard = saved;
        const { evaluation } = judgeAnswer({
          question: c.answer.question,
          transcript: heard.text,
          delivery: heard.delivery,
          reference: reference(c.answer.question),
          approximate: heard.approximate,
          words: heard.words,
          pauses: heard.pauses,
        });
        if (verbose)
          notes.push(
            `${key}: ${parts.map((part) => `${part[0]}${evaluation.structure?.[part] ? "+" : "-"}`).join(" ")} (labelled ${parts.map((part) => `${part[0]}${c.answer.star![part] ? "+" : "-"}`).join(" ")}) — ${heard.text}`,
          );
        judged++;
        // Where each heard word is in the transcript (its words joined by spaces).
        let cursor = 0;
        const doubted: { start: number; end: number }[] = [];
        for (const word of heard.words ?? []) {
          const at = heard.text.indexOf(word.word, cursor);
          if (at < 0) break;
          cursor = at + word.word.length;
          words++;
          if ((word.confidence ?? 1) < QUOTABLE_CONFIDENCE) {
            doubtedWords++;
            doubted.push({ start: at, end: cursor });
          }
        }
        for (const item of [
          ...(evaluation.evidence?.strengths ?? []),
          ...(evaluation.evidence?.improvements ?? []),
        ]) {
          if (!item.quote) continue;
          quotes++;
          const { start, end } = item.quote;
          if (doubted.some((d) => d.start < end && start < d.end)) doubtedQuotes++;
        }
        for (const part of parts)
          if (evaluation.structure?.[part] === c.answer.star![part]) right[part]!++;
      }),
    ),
  );
} finally {
  if (engines) await closeEngines(engines);
}
if (!rescore) writeFileSync(hearingsFile, JSON.stringify(savedHearings));

const pct = (n: number, d: number) => (d === 0 ? "—" : `${((100 * n) / d).toFixed(1)}%`);
const rows: [string, string, string][] = [
  [`quotes of words the recogniser doubted`, `${doubtedQuotes} of ${quotes}`, "0"],
  ...parts.map((part): [string, string, string] => [
    `STAR ${part} right through the recogniser (${judged})`,
    pct(right[part]!, judged),
    "—",
  ]),
  [`words heard with confidence under ${QUOTABLE_CONFIDENCE}`, pct(doubtedWords, words), "—"],
];
if (failed.length > 0)
  rows.push(["recordings not heard (errors below)", String(failed.length), "0"]);
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value, target] of rows)
  console.info(`${name.padEnd(width)}  ${value.padStart(12)}  ${target}`);
for (const line of failed) console.info(`  not heard: ${line}`);
for (const line of notes) console.info(`  ${line}`);
