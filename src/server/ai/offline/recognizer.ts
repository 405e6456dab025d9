import { createRequire } from "node:module";
import path from "node:path";
import createModule, { type Decoder } from "soundswallower";
import { buildGrammar, formatTranscript, type BuiltGrammar, type GrammarInput } from "./grammar";
import { compileWordGraph, joinChains, type WordGraph } from "./word-graph";

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
const JOINER = "_";
/** Alternative pronunciations of a joined run kept before pauses are added (each × 2 per gap). */
const MAX_RUN_PRONUNCIATIONS = 4;

/** The parts of the SoundSwallower module that load a grammar given as a graph (exported C). */
type SearchModule = {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  _decoder_logmath(decoder: number): number;
  _decoder_set_fsg(decoder: number, fsg: number): number;
  _fsg_model_init(name: number, logmath: number, lw: number, states: number): number;
  _fsg_set_states(fsg: number, start: number, final: number): void;
  _fsg_model_word_add(fsg: number, word: number): number;
  _fsg_model_trans_add(fsg: number, from: number, to: number, logp: number, word: number): void;
  _fsg_model_null_trans_add(fsg: number, from: number, to: number, logp: number): number;
};

/**
 * Loads the grammar as a word graph through the C functions SoundSwallower exports (its JS API
 * only takes JSGF, whose compiler makes five times the states). Each pronunciation of a word is
 * its own arc: the decoder's own alternative-pronunciation pass scans every arc per alternative,
 * which takes seconds on this graph. A joined run becomes a dictionary entry ("have_any") with
 * one pronunciation per way of saying it, with or without a pause between its words.
 */
function setWordGraph(module: SearchModule, decoder: Decoder, graph: WordGraph): void {
  const cdecoder = (decoder as unknown as { cdecoder: number }).cdecoder;
  const withString = <T>(text: string, use: (pointer: number) => T): T => {
    const bytes = new TextEncoder().encode(`${text}\0`);
    const pointer = module._malloc(bytes.length);
    module.HEAPU8.set(bytes, pointer);
    try {
      return use(pointer);
    } finally {
      module._free(pointer);
    }
  };
  const variants = new Map<string, string[]>();
  const entries: [string, string][] = [];
  const variantsOf = (words: string[]): string[] => {
    const entry = words.join(JOINER);
    let names = variants.get(entry);
    if (!names) {
      const spoken =
        words.length === 1 ? pronunciationsOf(decoder, entry) : runPronunciations(decoder, words);
      names = spoken.map((_, k) => variantName(entry, k));
      if (words.length > 1) spoken.forEach((said, k) => entries.push([names![k]!, said]));
      variants.set(entry, names);
    }
    return names;
  };
  const fsg = withString("question", (name) =>
    module._fsg_model_init(
      name,
      module._decoder_logmath(cdecoder),
      Number(decoder.get_config("lw")),
      graph.stateCount,
    ),
  );
  module._fsg_set_states(fsg, graph.start, graph.final);
  for (const arc of graph.arcs) {
    for (const name of variantsOf(arc.words)) {
      const word = withString(name, (pointer) => module._fsg_model_word_add(fsg, pointer));
      module._fsg_model_trans_add(fsg, arc.from, arc.to, 0, word);
    }
  }
  for (const end of graph.ends) module._fsg_model_null_trans_add(fsg, end, graph.final, 0);
  // In one call: the decoder rebuilds its phone tables after each.
  if (entries.length > 0) decoder.add_words(...entries);
  if (module._decoder_set_fsg(cdecoder, fsg) < 0) throw new Error("Failed to set the grammar");
}

/**
 * A joined run's pronunciations: its words' in order, each word's alternatives while there are at
 * most MAX_RUN_PRONUNCIATIONS combinations, each with or without a pause (SIL) between words —
 * the pause the grammar's states would otherwise allow there.
 */
function runPronunciations(decoder: Decoder, words: string[]): string[] {
  let spoken: string[][] = [[]];
  for (const word of words) {
    const own = pronunciationsOf(decoder, word);
    const choices = spoken.length * own.length <= MAX_RUN_PRONUNCIATIONS ? own : own.slice(0, 1);
    spoken = spoken.flatMap((head) => choices.map((tail) => [...head, tail]));
  }
  return spoken.flatMap(([first, ...rest]) =>
    rest.reduce(
      (heads, part) => heads.flatMap((head) => [`${head} ${part}`, `${head} SIL ${part}`]),
      [first!],
    ),
  );
}

const variantName = (word: string, k: number) => (k === 0 ? word : `${word}(${k + 1})`);

/** A word's pronunciations in the dictionary ("the", "the(2)", …). */
function pronunciationsOf(decoder: Decoder, word: string): string[] {
  const found: string[] = [];
  for (;;) {
    const pronunciation = decoder.lookup_word(variantName(word, found.length));
    if (pronunciation === null) return found;
    found.push(pronunciation);
  }
}

function modelBase(): string {
  const require = createRequire(import.meta.url);
  return `${path.join(path.dirname(require.resolve("soundswallower")), "model")}/`;
}

export async function createRecogniser(
  questions: readonly GrammarInput[],
  {
    sampleRate = RECOGNISER_SAMPLE_RATE,
    search = {},
    joinWords = JOIN_WORDS,
  }: { sampleRate?: number; search?: Record<string, number | boolean>; joinWords?: number } = {},
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
  const graph = joinChains(compileWordGraph(grammar.jsgf), joinWords);
  setWordGraph(module as unknown as SearchModule, decoder, graph);

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
        .flatMap((segment) => {
          // A joined run ("pulling_their_weight") is one entry: split it, sharing its time.
          const run = segment.t.replace(/\(\d+\)$/, "").split(JOINER);
          const each = segment.d / run.length;
          return run.map((word, k) => ({
            word,
            confidence: Math.min(1, Math.max(0, segment.p)),
            startSeconds: segment.b + k * each,
            endSeconds: segment.b + (k + 1) * each,
          }));
        });
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
