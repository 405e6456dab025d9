// npm run eval:answer-recognition — how well the offline answer recogniser hears a spoken answer.
// flite speaks each answer (duration_stretch 1.3: ~150 words a minute), sox makes it 16 kHz mono,
// the speech is split at pauses as the product will split it, and each segment is recognised on
// its own. Needs Debian's `flite` and `sox`; synthesised audio is cached in .cache/ (gitignored).
//
// Two sets, reported apart:
// - tuning: passages of the answer library's own answers (in the language model's corpus, so
//   optimistic), spoken by the tuning voices;
// - held-out: scripts/eval/answers/held-out.txt, answers written for this evaluation and never in
//   the corpus, spoken by the tuning voices and by voices never tuned with (kal16).
//
// Prints per set and voice: word error rate (fillers "um"/"uh" left out on both sides), the error
// of the words-per-minute figure (word count heard vs said), and the real-time factor.
// Environment, for experiments: SETS=tuning,held-out  VOICES=slt,rms  LIMIT=4 (answers per set)
// CORPUS=library,everyday (default: all)  LM='{"vocabularySize":3000}'  SEARCH='{"lw":8}'
// PAUSES='{"maxSegmentSeconds":8}'  VERBOSE=1
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { writtenCorpus } from "@/server/library/answer-corpus";
import { loadQuestionBank } from "@/server/library/answer-library";
import { answerCorpus, createAnswerRecogniser } from "@/server/ai/offline/answer-recognizer";
import { dictionaryForm, normaliseText } from "@/server/ai/offline/grammar";
import { RECOGNISER_SAMPLE_RATE } from "@/server/ai/offline/recognizer";
import { detectSpeech, splitAtPauses, trimSilence } from "@/server/audio/speech";
import { evalAnswers } from "@tests/data/eval-answers";
import { readWav, requireSpeechTools, synthesise } from "@tests/support/speech";
import { align } from "./word-errors";

const TUNING_VOICES = ["slt", "rms", "awb"];
const HELD_OUT_VOICES = [...TUNING_VOICES, "kal16"];
const FILLERS = new Set(["um", "uh", "er", "hmm"]);
const STRETCH = 1.3;

const root = path.resolve(import.meta.dirname, "../..");
const cacheDir = path.join(root, ".cache/answer-recognition");
const env = (name: string) => process.env[name]?.trim() || undefined;
const json = <T>(name: string, fallback: T): T => (env(name) ? JSON.parse(env(name)!) : fallback);
const list = (name: string, fallback: string[]) => env(name)?.split(",") ?? fallback;

requireSpeechTools("eval:answer-recognition");

/** Library answers as they would be said: "[…, e.g. X]" → X; paragraphs with other brackets dropped. */
function tuningAnswers(limit: number): string[] {
  const passages: string[] = [];
  let current = "";
  const bank = loadQuestionBank();
  // Every 7th entry, so the passages come from across the categories.
  for (let k = 0; k < bank.length && passages.length < limit; k += 7) {
    for (const paragraph of bank[k]!.answer.split(/\n+/)) {
      const filled = paragraph.replace(/\[[^\]]*?\be\.g\.\s*([^\]]*)\]/g, "$1");
      if (/[[\]]/.test(filled)) continue;
      current = `${current} ${filled}`.trim();
    }
    if (current.split(" ").length >= 60) {
      passages.push(current);
      current = "";
    }
  }
  return passages;
}

/** flite → sox → 16-bit 16 kHz mono WAV in the cache; returns its samples. */
function speak(text: string, voice: string): Float32Array {
  mkdirSync(cacheDir, { recursive: true });
  const key = createHash("sha256").update(`${voice}\n${STRETCH}\n${text}`).digest("hex");
  const wav = path.join(cacheDir, `${key.slice(0, 16)}.${voice}.wav`);
  if (!existsSync(wav)) {
    synthesise({ text, voice, stretch: STRETCH }, `${wav}.tmp.wav`);
    renameSync(`${wav}.tmp.wav`, wav);
  }
  return readWav(wav);
}

/** CORPUS=library,everyday: the sources, checked, so a typo names the choices. */
function corpusSources(): Parameters<typeof answerCorpus>[0] {
  const known = ["library", ...Object.keys(writtenCorpus)];
  const chosen = env("CORPUS")?.split(",");
  const unknown = chosen?.filter((name) => !known.includes(name)) ?? [];
  if (unknown.length > 0) {
    console.error(`CORPUS: no source ${unknown.join(", ")}; choose from ${known.join(", ")}`);
    process.exit(1);
  }
  return chosen as Parameters<typeof answerCorpus>[0];
}

const rssBefore = process.memoryUsage().rss;
const recogniser = await createAnswerRecogniser({
  corpus: answerCorpus(corpusSources()),
  languageModel: json("LM", {}),
  search: json("SEARCH", {}),
});
const inVocabulary = (word: string) => recogniser.model.vocabulary.has(word);
/** Words as the recogniser spells them ("co-worker" → "coworker" when the dictionary has it). */
const words = (text: string) =>
  normaliseText(text).flatMap((word) => dictionaryForm(word, inVocabulary) ?? [word]);
const withoutFillers = (sequence: string[]) => sequence.filter((word) => !FILLERS.has(word));

type Tally = {
  errors: number;
  referenceWords: number;
  heardWords: number;
  oov: number;
  audioSeconds: number;
  decodeSeconds: number;
  wpmErrors: number[];
  segmentRtf: number[];
  segmentSeconds: number[];
  /** Seconds to decode each answer's last segment: the wait after the upload ends. */
  lastSegmentSeconds: number[];
  confidence: { value: number; accuracy: number }[];
  words: { value: number; accuracy: number }[];
};

const newTally = (): Tally => ({
  errors: 0,
  referenceWords: 0,
  heardWords: 0,
  oov: 0,
  audioSeconds: 0,
  decodeSeconds: 0,
  wpmErrors: [],
  segmentRtf: [],
  segmentSeconds: [],
  lastSegmentSeconds: [],
  confidence: [],
  words: [],
});

function evaluate(text: string, voice: string, tally: Tally): void {
  const speech = trimSilence(speak(text, voice), RECOGNISER_SAMPLE_RATE);
  const heard: string[] = [];
  const wordConfidences: number[] = [];
  const confidences: number[] = [];
  let last = 0;
  const found = detectSpeech(speech, RECOGNISER_SAMPLE_RATE);
  for (const segment of splitAtPauses(found, json("PAUSES", {}))) {
    const pcm = speech.subarray(segment.startSample, segment.endSample);
    const started = performance.now();
    const result = recogniser.recognise(pcm);
    const seconds = (performance.now() - started) / 1000;
    tally.decodeSeconds += seconds;
    tally.segmentRtf.push(seconds / result.seconds);
    tally.segmentSeconds.push(result.seconds);
    last = seconds;
    for (const word of result.words.filter((w) => !FILLERS.has(w.word))) {
      heard.push(word.word);
      wordConfidences.push(word.posterior);
    }
    confidences.push(result.confidence);
  }
  tally.lastSegmentSeconds.push(last);
  const said = words(text);
  const { errors, matched } = align(withoutFillers(said), heard);
  matched.forEach((right, k) =>
    tally.words.push({ value: wordConfidences[k]!, accuracy: right ? 1 : 0 }),
  );
  tally.errors += errors;
  tally.referenceWords += withoutFillers(said).length;
  tally.heardWords += heard.length;
  tally.oov += said.filter((word) => !inVocabulary(word)).length;
  tally.audioSeconds += speech.length / RECOGNISER_SAMPLE_RATE;
  tally.wpmErrors.push((heard.length - said.length) / said.length);
  const accuracy = 1 - errors / withoutFillers(said).length;
  const mean = confidences.reduce((sum, c) => sum + c, 0) / Math.max(1, confidences.length);
  tally.confidence.push({ value: mean, accuracy });
  if (env("VERBOSE")) {
    console.info(
      `  ${voice} WER ${(1 - accuracy).toFixed(3)}\n    said:  ${said.join(" ")}\n    heard: ${heard.join(" ")}`,
    );
  }
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ??
  0;

function report(label: string, tally: Tally): void {
  const wer = tally.errors / tally.referenceWords;
  const wpm = (tally.referenceWords / tally.audioSeconds) * 60;
  const meanAbsWpm =
    tally.wpmErrors.reduce((sum, e) => sum + Math.abs(e), 0) / tally.wpmErrors.length;
  console.info(
    `${label.padEnd(18)} WER ${percent(wer).padStart(6)}  OOV ${percent(tally.oov / tally.referenceWords).padStart(5)}` +
      `  wpm err mean|abs| ${percent(meanAbsWpm)} max|abs| ${percent(Math.max(...tally.wpmErrors.map(Math.abs)))}` +
      ` within ±10% ${percent(tally.wpmErrors.filter((e) => Math.abs(e) <= 0.1).length / tally.wpmErrors.length)}` +
      `  RTF ${(tally.decodeSeconds / tally.audioSeconds).toFixed(3)}` +
      ` (segment p50 ${quantile(tally.segmentRtf, 0.5).toFixed(3)} p90 ${quantile(tally.segmentRtf, 0.9).toFixed(3)})` +
      `  segments p50 ${quantile(tally.segmentSeconds, 0.5).toFixed(1)} s max ${Math.max(...tally.segmentSeconds).toFixed(1)} s` +
      `, last one decoded in p50 ${quantile(tally.lastSegmentSeconds, 0.5).toFixed(2)} s max ${Math.max(...tally.lastSegmentSeconds).toFixed(2)} s` +
      `  ${(tally.audioSeconds / 60).toFixed(1)} min at ${wpm.toFixed(0)} wpm` +
      `  confidence ${(tally.confidence.reduce((sum, c) => sum + c.value, 0) / tally.confidence.length).toFixed(2)}`,
  );
}

console.info(
  `vocabulary ${recogniser.model.vocabulary.size}, history states ${recogniser.model.historyStates},` +
    ` bigrams ${recogniser.model.bigrams}, grammar load ${recogniser.lastBuildMs.toFixed(0)} ms,` +
    ` recogniser memory (RSS growth) ${((process.memoryUsage().rss - rssBefore) / 2 ** 20).toFixed(0)} MB`,
);
// What request-time words cost: a grammar rebuild with them, then one back without them.
const rebuilds = [["Zephyrine Logistics", "warehouse operations coordinator"], []].map((extra) => {
  recogniser.recognise(new Float32Array(RECOGNISER_SAMPLE_RATE / 2), extra);
  return recogniser.lastBuildMs.toFixed(0);
});
console.info(`grammar rebuild for request-time words: ${rebuilds.join(" ms, ")} ms`);
const limit = Number(env("LIMIT") ?? 8);
const sets: Record<string, { answers: string[]; voices: string[] }> = {
  tuning: { answers: tuningAnswers(limit), voices: TUNING_VOICES },
  "held-out": { answers: evalAnswers("held-out").slice(0, limit), voices: HELD_OUT_VOICES },
  blind: { answers: evalAnswers("blind").slice(0, limit), voices: HELD_OUT_VOICES },
};
const allConfidences: Tally["confidence"] = [];
const allWords: Tally["words"] = [];
for (const name of list("SETS", Object.keys(sets))) {
  const set = sets[name]!;
  const all = newTally();
  for (const voice of list("VOICES", set.voices)) {
    const tally = newTally();
    for (const answer of set.answers) evaluate(answer, voice, tally);
    report(`${name} ${voice}`, tally);
    for (const key of Object.keys(all) as (keyof Tally)[]) {
      const value = tally[key];
      if (Array.isArray(value)) (all[key] as unknown[]).push(...value);
      else (all[key] as number) += value;
    }
  }
  report(`${name} all`, all);
  allConfidences.push(...all.confidence);
  allWords.push(...all.words);
}
const n = allConfidences.length;
const meanOf = (pick: (c: { value: number; accuracy: number }) => number) =>
  allConfidences.reduce((sum, c) => sum + pick(c), 0) / n;
const [mc, ma] = [meanOf((c) => c.value), meanOf((c) => c.accuracy)];
const covariance = meanOf((c) => (c.value - mc) * (c.accuracy - ma));
const correlation =
  covariance /
  Math.sqrt(meanOf((c) => (c.value - mc) ** 2) * meanOf((c) => (c.accuracy - ma) ** 2));
console.info(
  `answer confidence (calibrated): mean ${mc.toFixed(3)} vs word accuracy ${ma.toFixed(3)}; correlation ${correlation.toFixed(2)} over ${n} answers` +
    `; RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
);
recogniser.close();

// Per-word lattice posteriors (before calibration): how often a word heard with one was right.
for (const [low, high] of [
  [0, 0.5],
  [0.5, 0.8],
  [0.8, 0.95],
  [0.95, 1.01],
]) {
  const bin = allWords.filter((word) => word.value >= low! && word.value < high!);
  const right = bin.filter((word) => word.accuracy === 1).length;
  console.info(
    `word posterior [${low}, ${Math.min(1, high!)}): ${bin.length} words, ${percent(right / Math.max(1, bin.length))} right`,
  );
}
