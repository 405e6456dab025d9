import { createRequire } from "node:module";
import path from "node:path";
import createModule, { type Decoder } from "soundswallower";
import { buildGrammar, formatTranscript, type BuiltGrammar, type GrammarInput } from "./grammar";

/**
 * The offline speech recogniser: SoundSwallower (PocketSphinx compiled to WASM, with its bundled
 * US-English acoustic model and dictionary) constrained by the question-bank grammar. One
 * instance holds ~90 MB and is meant to live for the life of a worker thread.
 */

export type RecognisedWord = {
  word: string;
  /** Posterior probability of the word on the lattice, 0..1. */
  confidence: number;
  startSeconds: number;
  endSeconds: number;
};

export type Recognition = {
  /** What was heard, formatted for display ("" when nothing in the grammar matched). */
  text: string;
  words: RecognisedWord[];
  /** Mean word posterior, 0..1 (0 when no word was recognised). */
  confidence: number;
  /** Seconds of audio analysed. */
  seconds: number;
};

export type Recogniser = {
  readonly sampleRate: number;
  readonly grammar: BuiltGrammar;
  recognise(pcm: Float32Array): Recognition;
  close(): void;
};

export const RECOGNISER_SAMPLE_RATE = 16_000;

/**
 * Search settings. Beams wider than PocketSphinx's defaults (1e-48 / 1e-48 / 7e-29): with a bank
 * of a few hundred phrasings the default word-exit beam can prune every path that reaches the
 * end of a sentence, and the recogniser then hears nothing. A cap of active HMMs per frame keeps
 * noise (where no path dominates and the beams stay full) from costing several times real time.
 */
const SEARCH = { beam: 1e-80, pbeam: 1e-80, wbeam: 1e-60, maxhmmpf: 3000 };

function modelBase(): string {
  const require = createRequire(import.meta.url);
  return `${path.join(path.dirname(require.resolve("soundswallower")), "model")}/`;
}

export async function createRecogniser(
  questions: readonly GrammarInput[],
  {
    sampleRate = RECOGNISER_SAMPLE_RATE,
    search = {},
  }: { sampleRate?: number; search?: Record<string, number> } = {},
): Promise<Recogniser> {
  const module = await createModule({ modelBase: modelBase() } as Parameters<
    typeof createModule
  >[0]);
  const decoder: Decoder = new module.Decoder({
    samprate: sampleRate,
    loglevel: "FATAL",
    ...SEARCH,
    ...search,
  });
  await decoder.initialize();
  const grammar = buildGrammar(questions, (word) => decoder.lookup_word(word) !== null);
  decoder.set_grammar(grammar.jsgf);

  return {
    sampleRate,
    grammar,
    recognise(pcm) {
      decoder.start();
      decoder.process_audio(pcm, false, true);
      decoder.stop();
      const alignment = decoder.get_alignment();
      const words: RecognisedWord[] = (alignment.w ?? [])
        .filter((segment) => !/^[<[(]/.test(segment.t))
        .map((segment) => ({
          word: segment.t.replace(/\(\d+\)$/, ""),
          confidence: Math.min(1, Math.max(0, segment.p)),
          startSeconds: segment.b,
          endSeconds: segment.b + segment.d,
        }));
      const confidence =
        words.length === 0
          ? 0
          : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
      return {
        text: formatTranscript(words.map((word) => word.word)),
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
