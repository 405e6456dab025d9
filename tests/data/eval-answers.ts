import { readFileSync } from "node:fs";
import path from "node:path";
import { rootDir } from "@/server/paths";

/**
 * Answers written for `npm run eval:answer-recognition` (scripts/eval/answers/*.txt, one per line,
 * `#` for comments): never in the recogniser's corpus, which answer-corpus.test.ts checks.
 */
export function evalAnswers(set: "held-out" | "blind"): string[] {
  return readFileSync(path.join(rootDir, "scripts/eval/answers", `${set}.txt`), "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"));
}
