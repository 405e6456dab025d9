import { createRequire } from "node:module";
import path from "node:path";
import createModule, { type Decoder } from "soundswallower";
import type { WordArc, WordGraph } from "./word-graph";

/**
 * Loads a word graph into a SoundSwallower decoder through the C functions it exports (its JS
 * API only takes JSGF, whose compiler makes five times the states). Shared by the question
 * recogniser (recognizer.ts) and the answer recogniser (answer-recognizer.ts).
 * Why a graph and not JSGF: docs/decisions/0056-recogniser-search-settings.md.
 */

/** A graph with weights: arcs and null arcs may carry a natural-log probability (default 0). */
export type WeightedWordGraph = Omit<WordGraph, "arcs"> & {
  arcs: readonly (WordArc & { logProbability?: number })[];
  /** Transitions that say nothing (a language model's backoff), with their log-probability. */
  nullArcs?: readonly { from: number; to: number; logProbability: number }[];
};

/** Between the words of a joined run ("have_any") in its dictionary entry. */
const JOINER = "_";

/** The parts of the SoundSwallower module that load a grammar given as a graph (exported C). */
type SearchModule = {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  _decoder_logmath(decoder: number): number;
  _logmath_log(logmath: number, probability: number): number;
  _decoder_set_fsg(decoder: number, fsg: number): number;
  _fsg_model_init(name: number, logmath: number, lw: number, states: number): number;
  _fsg_set_states(fsg: number, start: number, final: number): void;
  _fsg_model_word_add(fsg: number, word: number): number;
  _fsg_model_trans_add(fsg: number, from: number, to: number, logp: number, word: number): void;
  _fsg_model_null_trans_add(fsg: number, from: number, to: number, logp: number): number;
};

export type SoundSwallower = Awaited<ReturnType<typeof createModule>>;

/** SoundSwallower with its bundled US-English model, and a decoder with these settings. */
export async function createDecoder(
  config: Record<string, string | number | boolean>,
): Promise<{ module: SoundSwallower; decoder: Decoder }> {
  const module = await createModule({ modelBase: modelBase() } as Parameters<
    typeof createModule
  >[0]);
  const decoder: Decoder = new module.Decoder({ loglevel: "FATAL", ...config });
  await decoder.initialize();
  return { module, decoder };
}

function modelBase(): string {
  const require = createRequire(import.meta.url);
  return `${path.join(path.dirname(require.resolve("soundswallower")), "model")}/`;
}

/** Decoders that hold a grammar of ours, whose search is freed before a new one is built. */
const withGrammar = new WeakSet<Decoder>();

/** A grammar of one word, which costs next to nothing to search or to build. */
const PLACEHOLDER: WeightedWordGraph = {
  stateCount: 2,
  start: 0,
  final: 1,
  ends: [0],
  arcs: [{ from: 0, to: 0, words: ["a"] }],
};

/**
 * Sets `graph` as the decoder's grammar. Each pronunciation of a word is its own arc: the
 * decoder's own alternative-pronunciation pass (`fsgusealtpron`) scans every arc per
 * alternative, which takes seconds on a large graph. A joined run becomes a dictionary entry
 * ("have_any") with one pronunciation per way of saying it, with or without a pause between its
 * words (at most `maxRunPronunciations` word combinations before pauses are added).
 *
 * Log-probabilities are scaled by the decoder's language weight (`lw`) here, as PocketSphinx's
 * own FSG reader does: the search adds them to acoustic scores as they are.
 */
export function setWordGraph(
  module: SoundSwallower,
  decoder: Decoder,
  graph: WeightedWordGraph,
  {
    name = "grammar",
    maxRunPronunciations = 4,
  }: { name?: string; maxRunPronunciations?: number } = {},
): void {
  // The decoder frees a grammar's search (hundreds of MB for the answer model) only once the
  // next one is built, and WASM memory never shrinks: both at once would stay resident for the
  // worker's life. A placeholder in between lets the new search reuse the old one's memory
  // (and makes the dictionary additions below cheap: each rebuilds the current search).
  if (withGrammar.has(decoder)) loadWordGraph(module, decoder, PLACEHOLDER, "placeholder", 1);
  loadWordGraph(module, decoder, graph, name, maxRunPronunciations);
  withGrammar.add(decoder);
}

function loadWordGraph(
  module: SoundSwallower,
  decoder: Decoder,
  graph: WeightedWordGraph,
  name: string,
  maxRunPronunciations: number,
): void {
  const search = module as unknown as SearchModule;
  const cdecoder = (decoder as unknown as { cdecoder: number }).cdecoder;
  const withString = <T>(text: string, use: (pointer: number) => T): T => {
    const bytes = new TextEncoder().encode(`${text}\0`);
    const pointer = search._malloc(bytes.length);
    search.HEAPU8.set(bytes, pointer);
    try {
      return use(pointer);
    } finally {
      search._free(pointer);
    }
  };
  const logmath = search._decoder_logmath(cdecoder);
  const lw = Number(decoder.get_config("lw"));
  const scaled = (logProbability = 0) =>
    logProbability === 0
      ? 0
      : Math.round(search._logmath_log(logmath, Math.exp(logProbability)) * lw);
  const variants = new Map<string, string[]>();
  const wordIds = new Map<string, number>();
  const entries: [string, string][] = [];
  const fsg = withString(name, (pointer) =>
    search._fsg_model_init(pointer, logmath, lw, graph.stateCount),
  );
  const variantsOf = (words: readonly string[]): string[] => {
    const entry = words.join(JOINER);
    let names = variants.get(entry);
    if (!names) {
      const spoken =
        words.length === 1
          ? pronunciationsOf(decoder, entry)
          : runPronunciations(decoder, words, maxRunPronunciations);
      names = spoken.map((_, k) => variantName(entry, k));
      if (words.length > 1) spoken.forEach((said, k) => entries.push([names![k]!, said]));
      variants.set(entry, names);
    }
    return names;
  };
  const wordId = (word: string) => {
    let id = wordIds.get(word);
    if (id === undefined) {
      id = withString(word, (pointer) => search._fsg_model_word_add(fsg, pointer));
      wordIds.set(word, id);
    }
    return id;
  };
  search._fsg_set_states(fsg, graph.start, graph.final);
  for (const arc of graph.arcs) {
    const logp = scaled(arc.logProbability);
    for (const variant of variantsOf(arc.words)) {
      search._fsg_model_trans_add(fsg, arc.from, arc.to, logp, wordId(variant));
    }
  }
  for (const end of graph.ends) search._fsg_model_null_trans_add(fsg, end, graph.final, 0);
  for (const arc of graph.nullArcs ?? []) {
    search._fsg_model_null_trans_add(fsg, arc.from, arc.to, scaled(arc.logProbability));
  }
  // In one call: the decoder rebuilds its phone tables after each.
  if (entries.length > 0) decoder.add_words(...entries);
  if (search._decoder_set_fsg(cdecoder, fsg) < 0) throw new Error("Failed to set the grammar");
}

/**
 * A joined run's pronunciations: its words' in order, each word's alternatives while there are
 * at most `most` combinations, each with or without a pause (SIL) between words — the pause the
 * grammar's states would otherwise allow there.
 */
function runPronunciations(decoder: Decoder, words: readonly string[], most: number): string[] {
  let spoken: string[][] = [[]];
  for (const word of words) {
    const own = pronunciationsOf(decoder, word);
    const choices = spoken.length * own.length <= most ? own : own.slice(0, 1);
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

/** A recognised entry's words: "pulling_their_weight(2)" → pulling, their, weight. */
export const entryWords = (entry: string): string[] => entry.replace(/\(\d+\)$/, "").split(JOINER);
