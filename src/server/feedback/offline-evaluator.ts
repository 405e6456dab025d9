import type { Evaluator } from "@/server/ai/engine";
import { scoreAnswer } from "./rubric";

/** The offline default: the deterministic rubric (rubric.ts), no network. */
export function createOfflineEvaluator(): Evaluator {
  return { source: "offline", evaluate: async (input) => scoreAnswer(input) };
}
