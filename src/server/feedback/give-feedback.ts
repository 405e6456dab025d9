import type { Engines } from "@/server/engines";
import type { Feedback } from "@/shared/feedback";
import { detectSpeech, pauseSpans } from "@/server/audio/speech";
import { analyseDelivery } from "./delivery";

/**
 * The answer to score: typed text, or the bytes of a checked WebM/Opus recording (with the user
 * who may have sent it as a draft while speaking).
 */
export type AnswerInput = {
  question: string;
  /** More words the answer may use (a company session's name and skills), for the recogniser. */
  hints?: readonly string[];
} & ({ typed: string } | { recording: Uint8Array; owner?: string });

/**
 * The practice loop's core (docs/contracts/feedback.md): hear the answer (or take the typed text),
 * measure its delivery from the signal, and have the evaluator score it against what we know of
 * the question. Storage and HTTP are the caller's.
 */
export async function giveFeedback(
  ai: Pick<Engines, "answerTranscriber" | "evaluator" | "reference">,
  input: AnswerInput,
  signal?: AbortSignal,
): Promise<Omit<Feedback, "id">> {
  const reference = ai.reference(input.question);
  if ("typed" in input) {
    const evaluation = await ai.evaluator.evaluate(
      {
        question: input.question,
        transcript: input.typed,
        delivery: null,
        reference,
        approximate: false,
      },
      signal,
    );
    return {
      transcript: input.typed,
      source: { transcriber: "typed", evaluator: ai.evaluator.source },
      delivery: null,
      approximate: false,
      ...evaluation,
    };
  }
  const heard = await ai.answerTranscriber.transcribe(
    { bytes: input.recording, mimeType: "audio/webm" },
    [input.question, ...(input.hints ?? [])].join(" "),
    signal,
    input.owner,
  );
  // One reading of the signal for the pauses the report states and those the rubric splits on.
  const speech = detectSpeech(heard.pcm, heard.sampleRate);
  const delivery = analyseDelivery({
    pcm: heard.pcm,
    sampleRate: heard.sampleRate,
    transcript: heard.text,
    words: heard.words,
    speech,
  });
  const evaluation = await ai.evaluator.evaluate(
    {
      question: input.question,
      transcript: heard.text,
      delivery,
      reference,
      approximate: heard.approximate,
      ...(heard.words ? { words: heard.words } : {}),
      pauses: pauseSpans(speech),
    },
    signal,
  );
  return {
    transcript: heard.text,
    source: { transcriber: ai.answerTranscriber.source, evaluator: ai.evaluator.source },
    delivery,
    approximate: heard.approximate,
    ...evaluation,
  };
}
