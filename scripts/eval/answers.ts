// Retrieval quality of the offline answer library: how often a reworded interview question
// reaches the right model answer, and how often an unknown question is wrongly matched.
// Run: `npm run eval:answers` (add `-- --verbose` to list every miss).
import { loadQuestionBank } from "@/server/library/answer-library";
import { createOfflineAnswerer } from "@/server/ai/offline/answerer";
import {
  blindParaphrases,
  freshParaphrases,
  heldOutParaphrases,
  offBankQuestions,
  requiredQuestions,
} from "@tests/data/retrieval-paraphrases";
import { createRetriever, DEFAULT_MATCH_THRESHOLD } from "@/server/library/retrieval";

const verbose = process.argv.includes("--verbose");
const loadStarted = performance.now();
const bank = loadQuestionBank();
const retriever = createRetriever(bank);
const loadMs = performance.now() - loadStarted;
const answerer = createOfflineAnswerer({ bank });

type Case = { question: string; expected: string | null };
const paraphraseCases: Case[] = requiredQuestions.flatMap((q) =>
  q.paraphrases.map((question) => ({ question, expected: q.id })),
);
const heldOutCases: Case[] = heldOutParaphrases.map(({ id, question }) => ({
  question,
  expected: id,
}));
const freshCases: Case[] = freshParaphrases.map(({ id, question }) => ({ question, expected: id }));
const blindCases: Case[] = blindParaphrases.map(({ id, question }) => ({ question, expected: id }));
const offBankCases: Case[] = offBankQuestions.map((question) => ({ question, expected: null }));

function evaluate(cases: Case[], threshold: number) {
  let correct = 0;
  let top1 = 0;
  let top3 = 0;
  const misses: string[] = [];
  for (const { question, expected } of cases) {
    const hits = retriever.search(question, 3);
    const best = hits[0];
    const answered = best && best.score >= threshold ? best.entry.id : null;
    if (answered === expected) correct += 1;
    else {
      misses.push(
        `  ${JSON.stringify(question)} → ${answered ?? "framework"} (${best?.entry.id ?? "-"} ${best?.score.toFixed(2) ?? "0"}), wanted ${expected ?? "framework"}`,
      );
    }
    if (expected && best?.entry.id === expected) top1 += 1;
    if (expected && hits.some((hit) => hit.entry.id === expected)) top3 += 1;
  }
  return { correct, top1, top3, misses };
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;

console.info(`bank: ${bank.length} questions; threshold ${DEFAULT_MATCH_THRESHOLD}`);
const para = evaluate(paraphraseCases, DEFAULT_MATCH_THRESHOLD);
const held = evaluate(heldOutCases, DEFAULT_MATCH_THRESHOLD);
const fresh = evaluate(freshCases, DEFAULT_MATCH_THRESHOLD);
const blind = evaluate(blindCases, DEFAULT_MATCH_THRESHOLD);
const off = evaluate(offBankCases, DEFAULT_MATCH_THRESHOLD);
console.info(
  `paraphrases: ${para.correct}/${paraphraseCases.length} answered from the right entry (${pct(para.correct, paraphraseCases.length)}); ` +
    `top-1 ignoring threshold ${pct(para.top1, paraphraseCases.length)}, top-3 ${pct(para.top3, paraphraseCases.length)}`,
);
console.info(
  `held-out paraphrases: ${held.correct}/${heldOutCases.length} (${pct(held.correct, heldOutCases.length)}); ` +
    `top-3 ${pct(held.top3, heldOutCases.length)}`,
);
console.info(
  `fresh paraphrases: ${fresh.correct}/${freshCases.length} (${pct(fresh.correct, freshCases.length)}); ` +
    `wrong library answer ${fresh.misses.filter((m) => !m.includes("→ framework")).length}, framework instead ${fresh.misses.filter((m) => m.includes("→ framework")).length}`,
);
console.info(
  `blind paraphrases: ${blind.correct}/${blindCases.length} (${pct(blind.correct, blindCases.length)}); ` +
    `wrong library answer ${blind.misses.filter((m) => !m.includes("→ framework")).length}, framework instead ${blind.misses.filter((m) => m.includes("→ framework")).length}`,
);
console.info(
  `off-bank: ${off.correct}/${offBankCases.length} correctly given a framework answer (${pct(off.correct, offBankCases.length)})`,
);
if (verbose)
  for (const line of [
    ...para.misses,
    ...held.misses,
    ...fresh.misses,
    ...blind.misses,
    ...off.misses,
  ])
    console.info(line);

console.info("threshold sweep (tuning paraphrases / held-out / off-bank rejection):");
for (const threshold of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7]) {
  const p = evaluate(paraphraseCases, threshold);
  const h = evaluate(heldOutCases, threshold);
  const o = evaluate(offBankCases, threshold);
  console.info(
    `  ${threshold.toFixed(2)}: ${pct(p.correct, paraphraseCases.length)} / ${pct(h.correct, heldOutCases.length)} / ${pct(o.correct, offBankCases.length)}`,
  );
}

const started = performance.now();
for (const { question } of paraphraseCases) answerer.lookup(question);
const perLookup = (performance.now() - started) / paraphraseCases.length;
console.info(
  `load, validate and index the bank: ${loadMs.toFixed(0)} ms; lookup: ${perLookup.toFixed(3)} ms per question`,
);
const streamStarted = performance.now();
const stream = answerer.answer("Tell me about a time you had a conflict with a coworker");
let chunks = 0;
let firstChunkMs = 0;
for await (const _chunk of stream) {
  if (chunks === 0) firstChunkMs = performance.now() - streamStarted;
  chunks += 1;
}
console.info(
  `stream: first chunk after ${firstChunkMs.toFixed(1)} ms, ${chunks} chunks in ${(performance.now() - streamStarted).toFixed(0)} ms`,
);

if (para.correct / paraphraseCases.length < 0.95 || held.correct / heldOutCases.length < 0.8) {
  console.error("retrieval accuracy fell below its floor (95% tuning set, 80% held-out)");
  process.exitCode = 1;
}
