import { createDecoder, entryWords, setWordGraph } from "./graph-loader";
import {
  buildGrammar,
  dictionaryForm,
  formatTranscript,
  normaliseText,
  type BuiltGrammar,
} from "./grammar";
import type { SpokenQuestion } from "@/server/library/answer-library";
import { compileWordGraph, joinChains } from "./word-graph";

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
  /** Mean posterior of the decoder's entries, 0..1 (0 when no word was recognised). */
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
 * Search settings (docs/decisions/0056-recogniser-search-settings.md). Beams wider than
 * PocketSphinx's defaults (1e-48 / 1e-48 / 7e-29): with a bank of several hundred phrasings the
 * default word-exit beam can prune every path that reaches the end of a sentence, and the
 * recogniser then hears nothing. They were wider still (1e-80 / 1e-80 / 1e-60) while the grammar
 * went through the JSGF compiler; on the word graph these are as accurate and ~15% faster. A cap
 * of active HMMs per frame keeps noise (where no path dominates and the beams stay full) from
 * costing several times real time. Alternative pronunciations are added by setWordGraph.
 */
const SEARCH = {
  beam: 1e-60,
  pbeam: 1e-60,
  wbeam: 1e-45,
  maxhmmpf: 3000,
  fsgusealtpron: false,
};

/**
 * Most words said as one dictionary entry where the grammar does not branch (see joinChains).
 * The search pays for every grammar state on every frame; 5 brings the bank's ~3,600 states to
 * ~700 (2: real-time factor 0.16, 4: ~0.10, 5: ~0.085, 8: no faster, slower start).
 */
const JOIN_WORDS = 5;

export async function createRecogniser(
  questions: readonly SpokenQuestion[],
  {
    sampleRate = RECOGNISER_SAMPLE_RATE,
    search = {},
    joinWords = JOIN_WORDS,
  }: { sampleRate?: number; search?: Record<string, number | boolean>; joinWords?: number } = {},
): Promise<Recogniser> {
  const { module, decoder } = await createDecoder({ samprate: sampleRate, ...SEARCH, ...search });
  const hasWord = (word: string) => decoder.lookup_word(word) !== null;
  // Words the dictionary lacks but can say ("analyse" as "analyze", "carers" as "car" + "ers")
  // join it in their own spelling, so a question is shown as the bank writes it. In one call: the
  // decoder rebuilds its phone tables after each.
  const spellings = new Map<string, string>();
  for (const question of questions) {
    for (const word of normaliseText([question.question, ...(question.variants ?? [])].join(" "))) {
      if (spellings.has(word) || hasWord(word)) continue;
      const said = dictionaryForm(word, hasWord);
      if (said) spellings.set(word, said.map((part) => decoder.lookup_word(part)).join(" "));
    }
  }
  if (spellings.size > 0) decoder.add_words(...spellings);
  const grammar = buildGrammar(questions, hasWord);
  const graph = joinChains(compileWordGraph(grammar.jsgf), joinWords);
  setWordGraph(module, decoder, graph, { name: "question" });

  return {
    sampleRate,
    grammar,
    recognise(pcm) {
      decoder.start();
      decoder.process_audio(pcm, false, true);
      decoder.stop();
      const alignment = decoder.get_alignment();
      const entries = (alignment.w ?? [])
        .filter((segment) => !/^[<[(]/.test(segment.t))
        .map((segment) => ({ ...segment, p: Math.min(1, Math.max(0, segment.p)) }));
      const words: RecognisedWord[] = entries.flatMap((segment) => {
        // A joined run ("pulling_their_weight") is one entry: split it, sharing its time.
        const run = entryWords(segment.t);
        const each = segment.d / run.length;
        return run.map((word, k) => ({
          word,
          confidence: segment.p,
          startSeconds: segment.b + k * each,
          endSeconds: segment.b + (k + 1) * each,
        }));
      });
      // Over the decoder's entries, not the words: a joined run is one decision with one
      // posterior, and counted once per word it made long questions look less sure than short.
      const confidence =
        entries.length === 0
          ? 0
          : entries.reduce((sum, segment) => sum + segment.p, 0) / entries.length;
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
