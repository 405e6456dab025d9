import { loadQuestionBank } from "./answer-library";
import {
  buildAnswerLanguageModel,
  dictionaryWords,
  type AnswerLanguageModel,
  type AnswerLanguageModelOptions,
} from "./answer-language-model";
import { GENERAL_WORDS } from "./general-words";
import { createDecoder, entryWords, setWordGraph } from "./graph-loader";
import { RECOGNISER_SAMPLE_RATE } from "./recognizer";

/**
 * The offline recogniser for a spoken interview ANSWER (free speech, 30 s – 3 min): SoundSwallower
 * searching a bigram language model of the answer library written as a word graph
 * (answer-language-model.ts). Meant to be given one pause-delimited segment at a time
 * (splitAtPauses in audio/pauses.ts), so segments are decoded while the user still speaks and in
 * parallel workers. Why: docs/decisions/0065-offline-answer-recogniser.md.
 */

export type AnswerWord = {
  word: string;
  startSeconds: number;
  endSeconds: number;
  /** Posterior probability of the word on the lattice, 0..1. */
  confidence: number;
};

export type AnswerRecognition = {
  /** What was heard, lower-case words separated by spaces ("" for nothing). */
  text: string;
  words: AnswerWord[];
  /** Mean word posterior, 0..1 (0 when no word was heard). */
  confidence: number;
  /** Seconds of audio analysed. */
  seconds: number;
};

export type AnswerRecogniser = {
  readonly sampleRate: number;
  readonly model: AnswerLanguageModel;
  /**
   * Recognises one segment. `extraWords` (the question, role and company the user typed) are
   * added to the vocabulary with a boost; a set different from the last call's rebuilds the
   * grammar first (see lastBuildMs for what that costs).
   */
  recognise(pcm: Float32Array, extraWords?: readonly string[]): AnswerRecognition;
  /** Milliseconds the last grammar build took (language model + loading it into the decoder). */
  readonly lastBuildMs: number;
  close(): void;
};

export type AnswerRecogniserOptions = {
  /** Text the language model learns from; by default the answer library's answers and tips. */
  corpus?: readonly string[];
  /** Language-model settings other than the dictionary and the extra words. */
  languageModel?: Omit<AnswerLanguageModelOptions, "hasWord" | "extraWords">;
  /** Decoder settings over ANSWER_SEARCH (PocketSphinx names: lw, wip, beam …). */
  search?: Record<string, number | boolean | string>;
  sampleRate?: number;
};

/**
 * Search settings, measured with `npm run eval:answer-recognition` (docs/decisions/0065).
 * `lw` weighs the language model against the acoustics; `wip` is the price of each word.
 */
export const ANSWER_SEARCH: Record<string, number | boolean | string> = {
  lw: 6.5,
  wip: 0.65,
  beam: 1e-48,
  pbeam: 1e-48,
  wbeam: 7e-29,
  maxhmmpf: 3000,
  fsgusealtpron: false,
  fsgusefiller: true,
};

/** The answer library as language-model text: model answers, and the tips about answering. */
export function answerCorpus(): string[] {
  return loadQuestionBank().flatMap((entry) => [entry.answer, ...entry.tips]);
}

export async function createAnswerRecogniser({
  corpus = answerCorpus(),
  languageModel = {},
  search = {},
  sampleRate = RECOGNISER_SAMPLE_RATE,
}: AnswerRecogniserOptions = {}): Promise<AnswerRecogniser> {
  const { module, decoder } = await createDecoder({
    samprate: sampleRate,
    ...ANSWER_SEARCH,
    ...search,
  });
  const hasWord = (word: string) => decoder.lookup_word(word) !== null;
  let model: AnswerLanguageModel;
  let lastBuildMs = 0;
  let extraKey = "";
  const build = (extraWords: readonly string[]) => {
    const started = performance.now();
    model = buildAnswerLanguageModel(corpus, {
      hasWord,
      generalWords: GENERAL_WORDS,
      ...languageModel,
      extraWords,
    });
    setWordGraph(module, decoder, model.graph, { name: "answer" });
    lastBuildMs = performance.now() - started;
    extraKey = extraWords.join(" ");
  };
  build([]);

  return {
    sampleRate,
    get model() {
      return model;
    },
    get lastBuildMs() {
      return lastBuildMs;
    },
    recognise(pcm, extraWords = []) {
      const extra = dictionaryWords(extraWords, hasWord);
      if (extra.join(" ") !== extraKey) build(extra);
      decoder.start();
      decoder.process_audio(pcm, false, true);
      decoder.stop();
      const words: AnswerWord[] = (decoder.get_alignment().w ?? [])
        .filter((segment) => !/^[<[(]/.test(segment.t))
        .flatMap((segment) =>
          entryWords(segment.t).map((word) => ({
            word,
            startSeconds: segment.b,
            endSeconds: segment.b + segment.d,
            confidence: Math.min(1, Math.max(0, segment.p)),
          })),
        );
      const confidence =
        words.length === 0
          ? 0
          : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
      return {
        text: words.map((word) => word.word).join(" "),
        words,
        confidence,
        seconds: pcm.length / sampleRate,
      };
    },
    close() {
      decoder.delete();
    },
  };
}

/**
 * One answer from its segments' recognitions (decoded in any order, in any worker): words in
 * time order on the answer's clock, confidence the mean over all words.
 */
export function joinSegments(
  parts: readonly { offsetSeconds: number; recognition: AnswerRecognition }[],
): AnswerRecognition {
  const ordered = [...parts].sort((a, b) => a.offsetSeconds - b.offsetSeconds);
  const words = ordered.flatMap(({ offsetSeconds, recognition }) =>
    recognition.words.map((word) => ({
      ...word,
      startSeconds: word.startSeconds + offsetSeconds,
      endSeconds: word.endSeconds + offsetSeconds,
    })),
  );
  const confidence =
    words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
  return {
    text: words.map((word) => word.word).join(" "),
    words,
    confidence,
    seconds: ordered.reduce((sum, part) => sum + part.recognition.seconds, 0),
  };
}
