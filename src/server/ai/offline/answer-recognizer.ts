import { writtenCorpus, type WrittenCorpusName } from "@/server/library/answer-corpus";
import { loadQuestionBank } from "@/server/library/answer-library";
import {
  answerVocabulary,
  buildAnswerLanguageModel,
  countCorpus,
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
 * (splitAtPauses in audio/speech.ts), so segments are decoded while the user still speaks and in
 * parallel workers. Why: docs/decisions/0065-offline-answer-recogniser.md.
 */

type AnswerWord = {
  word: string;
  startSeconds: number;
  endSeconds: number;
  /** How likely the word is right, 0..1: the posterior mapped through POSTERIOR_CALIBRATION. */
  confidence: number;
  /** Posterior probability of the word on the lattice, 0..1 (over-confident on free speech). */
  posterior: number;
};

export type AnswerRecognition = {
  /** What was heard, lower-case words separated by spaces ("" for nothing). */
  text: string;
  words: AnswerWord[];
  /**
   * Expected share of the words heard that are right, 0..1: the mean calibrated word confidence
   * (0 when no word was heard). The transcript is approximate; show it as such.
   */
  confidence: number;
  /** Seconds of audio analysed. */
  seconds: number;
};

export type AnswerRecogniser = {
  readonly sampleRate: number;
  readonly model: AnswerLanguageModel;
  /**
   * Recognises one segment. Of `extraWords` (the question's, and a role's or company's the user
   * typed), those the vocabulary lacks are added to it with a boost, which rebuilds the grammar
   * first (see lastBuildMs for what that costs); the words of every library question are in the
   * vocabulary already, so answers to them share one grammar.
   */
  recognise(pcm: Float32Array, extraWords?: readonly string[]): AnswerRecognition;
  /** Milliseconds the last grammar build took (language model + loading it into the decoder). */
  readonly lastBuildMs: number;
  /** Bytes of WASM memory the decoder holds (it never gives any back). */
  readonly memoryBytes: number;
  close(): void;
};

type AnswerRecogniserOptions = {
  /** Text the language model learns from; by default the answer library's answers and tips. */
  corpus?: readonly string[];
  /** Language-model settings other than the dictionary and the extra words. */
  languageModel?: Omit<AnswerLanguageModelOptions, "hasWord" | "extraWords">;
  /** Decoder settings over ANSWER_SEARCH (PocketSphinx names: lw, wip, beam …). */
  search?: Record<string, number | boolean | string>;
  sampleRate?: number;
};

/**
 * Search settings, measured with `npm run eval:answer-recognition` and `eval:feedback`
 * (docs/decisions/0065, 0073, 0076).
 * `lw` weighs the language model against the acoustics; `wip` is the price of each word.
 */
const ANSWER_SEARCH: Record<string, number | boolean | string> = {
  lw: 5.5,
  wip: 0.02,
  beam: 1e-48,
  pbeam: 1e-48,
  wbeam: 7e-29,
  maxhmmpf: 3000,
  fsgusealtpron: false,
  fsgusefiller: true,
};

/**
 * Lattice posteriors → how often a word heard with that posterior was right, measured by
 * eval:answer-recognition on unseen answers (docs/decisions/0065): the posteriors of a word-loop
 * grammar cluster at 0.8–0.95 whether the word is right or not, and only above 0.95 do they say
 * much. Linear between the points.
 */
const POSTERIOR_CALIBRATION: readonly [posterior: number, rightShare: number][] = [
  [0, 0.35],
  [0.5, 0.55],
  [0.8, 0.65],
  [0.95, 0.75],
  [1, 0.92],
];

function calibratedConfidence(posterior: number): number {
  const table = POSTERIOR_CALIBRATION;
  for (let k = 1; k < table.length; k++) {
    const [x1, y1] = table[k]!;
    const [x0, y0] = table[k - 1]!;
    if (posterior <= x1) return y0 + ((Math.max(posterior, x0) - x0) / (x1 - x0)) * (y1 - y0);
  }
  return table.at(-1)![1];
}

/**
 * Language-model text: the library's model answers and tips about answering, and the answers and
 * everyday talk written for the recogniser (answer-corpus/). `sources` picks them, for experiments.
 */
export function answerCorpus(
  sources: readonly ("library" | WrittenCorpusName)[] = [
    "library",
    ...(Object.keys(writtenCorpus) as WrittenCorpusName[]),
  ],
): string[] {
  return sources.flatMap((source) =>
    source === "library"
      ? loadQuestionBank().flatMap((entry) => [entry.answer, ...entry.tips])
      : writtenCorpus[source],
  );
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
  const counts = countCorpus(corpus, hasWord);
  const options = { hasWord, generalWords: GENERAL_WORDS, ...languageModel };
  const modelWith = (extraWords: readonly string[]) =>
    buildAnswerLanguageModel(counts, { ...options, extraWords });
  // The library's questions' words the corpus leaves out are in every grammar. A grammar built
  // for each question's words cost a rebuild (~0.7 s of a worker's CPU) whenever a worker went
  // from one user's question to another's, for no measurable gain in accuracy when the words
  // were already in the vocabulary (docs/decisions/0065).
  const corpusVocabulary = answerVocabulary(counts, options).vocabulary;
  const libraryWords = dictionaryWords(
    loadQuestionBank().map((entry) => entry.question),
    hasWord,
  ).filter((word) => !corpusVocabulary.has(word));
  let model: AnswerLanguageModel;
  let lastBuildMs = 0;
  let extraKey = "";
  const build = (extraWords: readonly string[]) => {
    const started = performance.now();
    model = modelWith([...libraryWords, ...extraWords]);
    setWordGraph(module, decoder, model.graph, { name: "answer" });
    lastBuildMs = performance.now() - started;
    extraKey = extraWords.join(" ");
  };
  build([]);
  const baseVocabulary = model!.vocabulary;

  return {
    sampleRate,
    get model() {
      return model;
    },
    get lastBuildMs() {
      return lastBuildMs;
    },
    get memoryBytes() {
      return module.HEAPU8.length;
    },
    recognise(pcm, extraWords = []) {
      const extra = dictionaryWords(extraWords, hasWord).filter(
        (word) => !baseVocabulary.has(word),
      );
      if (extra.join(" ") !== extraKey) build(extra);
      decoder.start();
      decoder.process_audio(pcm, false, true);
      decoder.stop();
      const words: AnswerWord[] = (decoder.get_alignment().w ?? [])
        .filter((segment) => !/^[<[(]/.test(segment.t))
        .flatMap((segment) => {
          const posterior = Math.min(1, Math.max(0, segment.p));
          return entryWords(segment.t).map((word) => ({
            word,
            startSeconds: segment.b,
            endSeconds: segment.b + segment.d,
            confidence: calibratedConfidence(posterior),
            posterior,
          }));
        });
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
