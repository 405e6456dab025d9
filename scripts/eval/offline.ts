// npm run eval:offline [-- [--only] folder…] — recognition quality of the offline transcriber over
// recorded questions.
// Every WebM in tests/fixtures/audio and in each folder given as an argument (each with a
// manifest.json of the same shape) goes through the real transcriber: worker pool, WebM/Opus
// decoding, grammar built from the question bank. Prints a table and a summary; exits 1 when a
// target is missed. Targets: in-bank exact match 100% clean and ≥ 95% noisy; off-topic refused
// or flagged ≥ 80%; in-bank flagged ≤ 5%.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { EngineError } from "@/server/ai/engine";
import { americanSpellings, LEADING_FILLERS, normaliseText } from "@/server/ai/offline/grammar";
import { loadQuestionBank, spokenQuestions } from "@/server/library/answer-library";
import { createOfflineTranscriber } from "@/server/ai/offline/transcriber";

type Recording = {
  id: string;
  text: string;
  voice: string;
  noise_snr_db: number | null;
  in_bank: boolean;
  /** A spoken answer (for the answer recogniser), not a question: not evaluated here. */
  spoken_answer?: boolean;
  /** The recording's file in its folder, when it is not `{id}.webm`. */
  file?: string;
};

// The repository's own recordings and any folder given as an argument; `--only folder…` measures
// those folders alone (eval:role-questions).
const only = process.argv.includes("--only");
const extra = process.argv.slice(2).filter((arg) => arg !== "--only");
const dirs = [
  ...(only ? [] : [path.resolve("tests/fixtures/audio")]),
  ...extra.map((dir) => path.resolve(dir)),
];
const workers = Number(process.env.TRANSCRIBE_WORKERS ?? 2);
// The grammar the server builds: the general bank and every role set.
const transcriber = createOfflineTranscriber({
  questions: spokenQuestions(loadQuestionBank()),
  workers,
});
await transcriber.ready;

type Row = Recording & { heard: string; confidence: number | null; outcome: string; ms: number };
const rows: Row[] = [];
/** Words compared without the leading fillers the transcript trims ("so", "okay", "um"). */
const fillers = new Set<string>(LEADING_FILLERS);
const words = (text: string) => {
  const list = normaliseText(text);
  while (list.length > 1 && fillers.has(list[0]!)) list.shift();
  return list.join(" ");
};
/** The same words, whichever spelling: a British phrasing may be heard as its American homophone. */
const spelled = (text: string) =>
  words(text)
    .split(" ")
    .map((word) => americanSpellings(word)[0] ?? word)
    .join(" ");
const same = (a: string, b: string) => spelled(a) === spelled(b);

/** Runs `task` over `items` with at most `limit` in flight (the pool queues the rest itself). */
async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

for (const dir of dirs) {
  const manifestFile = path.join(dir, "manifest.json");
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} not found`);
  const { recordings } = JSON.parse(readFileSync(manifestFile, "utf8")) as {
    recordings: Recording[];
  };
  const questions = recordings.filter((recording) => !recording.spoken_answer);
  const results = await mapLimited(questions, workers * 2, async (recording) => {
    const file = recording.file ?? `${recording.id}.webm`;
    const bytes = new Uint8Array(readFileSync(path.join(dir, file)));
    const started = performance.now();
    try {
      const transcript = await transcriber.transcribe({ bytes, mimeType: "audio/webm" });
      const ms = performance.now() - started;
      const outcome = transcript.uncertain
        ? "flagged"
        : same(transcript.text, recording.text)
          ? "exact"
          : "wrong";
      return {
        ...recording,
        heard: transcript.text,
        confidence: transcript.confidence ?? null,
        outcome,
        ms,
      };
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      return {
        ...recording,
        heard: `(${error.kind})`,
        confidence: null,
        outcome: error.kind === "unrecognised" ? "refused" : error.kind,
        ms: performance.now() - started,
      };
    }
  });
  rows.push(...results);
}
await transcriber.close();

const pad = (text: string, width: number) =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
console.info(
  `${pad("recording", 40)} ${pad("bank", 4)} ${pad("conf", 5)} ${pad("outcome", 8)} heard`,
);
for (const row of rows) {
  const confidence = row.confidence === null ? "-" : row.confidence.toFixed(3);
  console.info(
    `${pad(row.id, 40)} ${pad(row.in_bank ? "yes" : "no", 4)} ${pad(confidence, 5)} ${pad(row.outcome, 8)} ${row.heard}`,
  );
}

const rate = (part: Row[], whole: Row[]) => (whole.length === 0 ? 1 : part.length / whole.length);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const clean = rows.filter((row) => row.in_bank && row.noise_snr_db === null);
const noisy = rows.filter((row) => row.in_bank && row.noise_snr_db !== null);
const inBank = rows.filter((row) => row.in_bank);
const offTopic = rows.filter((row) => !row.in_bank);
// An in-bank recording counts as exact only when transcribed right and not flagged.
const checks = [
  {
    name: "in-bank exact, clean",
    value: rate(
      clean.filter((r) => r.outcome === "exact"),
      clean,
    ),
    target: 1,
  },
  {
    name: "in-bank exact, noisy",
    value: rate(
      noisy.filter((r) => r.outcome === "exact"),
      noisy,
    ),
    target: 0.95,
  },
  {
    name: "off-topic refused or flagged",
    value: rate(
      offTopic.filter((r) => r.outcome !== "wrong" && r.outcome !== "exact"),
      offTopic,
    ),
    target: 0.8,
  },
  {
    name: "in-bank flagged (≤ 5%)",
    value: rate(
      inBank.filter((r) => r.outcome === "flagged"),
      inBank,
    ),
    target: 0.05,
    atMost: true,
  },
];
console.info("");
let failed = false;
for (const check of checks) {
  const ok = check.atMost ? check.value <= check.target : check.value >= check.target;
  failed ||= !ok;
  console.info(
    `${ok ? "ok  " : "MISS"} ${pad(check.name, 32)} ${percent(check.value).padStart(7)}  (target ${check.atMost ? "≤" : "≥"} ${percent(check.target)})`,
  );
}
const confidences = (list: Row[]) =>
  list
    .map((r) => r.confidence)
    .filter((c): c is number => c !== null)
    .sort();
console.info(
  `\nconfidence, in-bank:   min ${confidences(inBank)[0]?.toFixed(3)}  lowest five ${confidences(
    inBank,
  )
    .slice(0, 5)
    .map((c) => c.toFixed(3))
    .join(" ")}`,
);
console.info(
  `confidence, off-topic heard as a question: ${
    confidences(offTopic)
      .map((c) => c.toFixed(3))
      .join(" ") || "none"
  }`,
);
console.info(
  `${rows.length} recordings, ${(rows.reduce((s, r) => s + r.ms, 0) / rows.length).toFixed(0)} ms mean latency with ${workers} workers`,
);
process.exitCode = failed ? 1 : 0;
