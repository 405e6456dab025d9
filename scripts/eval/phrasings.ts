// npm run eval:phrasings — how the offline transcriber copes with the listed questions asked in
// other words. Each sentence in scripts/eval/phrasings/*.txt is spoken by four flite voices,
// padded as the fixtures are, and recognised with the grammar the product builds. Needs Debian's
// `flite` and `sox` (apt-get install -y flite sox); they are for this evaluation only.
//
// - blind.txt was written after the grammar's last tuning and never tuned against. Keep it blind:
//   when you tune against it, rename it tuned-N.txt and write a new blind list.
// - tuned-*.txt have been tuned against, so their figures show only that nothing regressed.
//
// Per list it prints how often the transcript is exactly what was said, how often it is refused
// or flagged uncertain, and, of the confident transcripts, how many lead retrieval to the same
// library entry as the words actually said (a wrong entry means the wrong sample answer).
// VERBOSE=1 lists every transcript that is not exact.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadQuestionBank, spokenQuestions } from "@/server/library/answer-library";
import { dictionaryForm, LEADING_FILLERS, normaliseText } from "@/server/ai/offline/grammar";
import { createRecogniser, RECOGNISER_SAMPLE_RATE } from "@/server/ai/offline/recognizer";
import { createRetriever } from "@/server/library/retrieval";
import { UNCERTAIN_BELOW } from "@/server/ai/offline/transcriber";
import { trimSilence } from "@/server/audio/speech";

const voices = ["slt", "rms", "awb", "kal"];
const verbose = Boolean(process.env.VERBOSE);

for (const tool of ["flite", "sox"]) {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
  } catch {
    console.error(`eval:phrasings needs ${tool}: apt-get install -y flite sox`);
    process.exit(1);
  }
}

const bank = loadQuestionBank();
const recogniser = await createRecogniser(spokenQuestions(bank));
const retriever = createRetriever(bank);
const entryFor = (text: string) => retriever.search(text, 1)[0]?.entry.id;
const fillers = new Set<string>(LEADING_FILLERS);
/** Words as the grammar spells them ("co-worker" is said "coworker"), leading fillers dropped. */
const spoken = (text: string) => {
  const words = normaliseText(text.replace(/\bco-(?=work)/gi, "co")).flatMap(
    (word) => dictionaryForm(word, (w) => recogniser.grammar.words.has(w)) ?? [word],
  );
  while (words.length > 1 && fillers.has(words[0]!)) words.shift();
  return words.join(" ");
};

/** One sentence in one voice, as 16 kHz mono PCM with the fixtures' padding. */
function speak(text: string, voice: string, dir: string): Float32Array {
  const raw = path.join(dir, "raw.wav");
  const wav = path.join(dir, "out.wav");
  execFileSync("flite", ["-voice", voice, "-t", text, "-o", raw]);
  const format = ["-r", String(RECOGNISER_SAMPLE_RATE), "-c", "1", "-b", "16"];
  execFileSync("sox", [raw, ...format, wav, "pad", "0.4", "1.0"]);
  const samples = readFileSync(wav).subarray(44); // canonical 44-byte WAV header from sox
  const pcm = new Float32Array(samples.length / 2);
  for (let i = 0; i < pcm.length; i++) pcm[i] = samples.readInt16LE(i * 2) / 32768;
  return pcm;
}

const listDir = path.join(import.meta.dirname, "phrasings");
const scratch = mkdtempSync(path.join(os.tmpdir(), "ic-phrasings-"));
try {
  for (const file of readdirSync(listDir).filter((name) => name.endsWith(".txt"))) {
    const sentences = readFileSync(path.join(listDir, file), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    const tally = { n: 0, exact: 0, flagged: 0, refused: 0, sameEntry: 0, wrongEntry: 0 };
    for (const sentence of sentences) {
      const said = { words: spoken(sentence), entry: entryFor(sentence) };
      for (const voice of voices) {
        const speech = trimSilence(speak(sentence, voice, scratch), RECOGNISER_SAMPLE_RATE);
        const heard =
          speech.length > 0 ? recogniser.recognise(speech) : { text: "", confidence: 0 };
        tally.n++;
        const exact = heard.text !== "" && spoken(heard.text) === said.words;
        if (exact) tally.exact++;
        if (heard.text === "") tally.refused++;
        else if (heard.confidence < UNCERTAIN_BELOW) tally.flagged++;
        else if (entryFor(heard.text) === said.entry) tally.sameEntry++;
        else tally.wrongEntry++;
        if (verbose && !exact) {
          const text = heard.text || "(refused)";
          console.info(`  ${voice}\t${heard.confidence.toFixed(3)}\t${sentence}\t→ ${text}`);
        }
      }
    }
    const pct = (k: number) => `${((k / tally.n) * 100).toFixed(1)}%`;
    console.info(
      `${file}: ${sentences.length} sentences × ${voices.length} voices = ${tally.n} recordings\n` +
        `  exact transcript ${pct(tally.exact)}; refused ${pct(tally.refused)}; ` +
        `flagged uncertain ${pct(tally.flagged)}\n` +
        `  confident and leading to the same entry ${pct(tally.sameEntry)}; ` +
        `confident but a different entry ${pct(tally.wrongEntry)}`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
  recogniser.close();
}
