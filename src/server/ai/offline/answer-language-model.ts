import type { WeightedWordGraph } from "./graph-loader";
import { dictionaryForm, normaliseText } from "./grammar";

/**
 * The answer recogniser's language model: a bigram model of how interview answers are worded,
 * written as a finite-state word graph, because SoundSwallower searches finite-state grammars
 * only (it has no n-gram support). Why this shape: docs/decisions/0065-offline-answer-recogniser.md.
 *
 * The graph is the standard backoff automaton of a bigram model:
 * - one state per history word `h` seen often enough in the corpus, entered by saying `h`;
 * - from `h`, an arc per seen bigram `h w` with the interpolated P(w | h), and a null arc to the
 *   backoff state with the mass absolute discounting set aside, λ(h);
 * - from the backoff state (also the start), an arc per vocabulary word with its unigram
 *   probability, to that word's history state, or back to the backoff state for a word without
 *   one (rare, general and request-time words: fewer states make the search cheaper, since it
 *   pays for every state on every frame);
 * - fillers ("um", "uh") loop on the backoff state: after a hesitation the speaker starts afresh.
 * Speech may stop after any word: every state may end.
 */

export type AnswerLanguageModelOptions = {
  /** The recogniser's dictionary: words it lacks are dropped. */
  hasWord: (word: string) => boolean;
  /** Everyday words, most frequent first, to fill the vocabulary up to `vocabularySize`. */
  generalWords?: readonly string[];
  /** Most words in the vocabulary (corpus words first, by count, then general words). */
  vocabularySize?: number;
  /** Share of the unigram mass given to general words the corpus lacks. */
  generalWeight?: number;
  /**
   * Share of the unigram mass for other forms of vocabulary words the dictionary has ("nurse" →
   * nurses, nursed, nursing), so an answer is not limited to the forms the corpus happens to use.
   * 0 adds none.
   */
  inflectionWeight?: number;
  /** Words this request makes likely (the question, role and company the user typed). */
  extraWords?: readonly string[];
  /** Each extra word's unigram probability (at least; a corpus word keeps a higher one). */
  extraWordProbability?: number;
  /** Absolute discount subtracted from every bigram count (0 < D < 1). */
  discount?: number;
  /** Histories seen fewer times than this get no state of their own (they back off at once). */
  minHistoryCount?: number;
  /** Hesitations that loop on the backoff state, and each one's probability there. */
  fillers?: readonly string[];
  fillerProbability?: number;
};

export type AnswerLanguageModel = {
  graph: WeightedWordGraph;
  /** Every word the graph can say, fillers included. */
  vocabulary: Set<string>;
  /** States given to history words (the search cost follows the state count). */
  historyStates: number;
  bigrams: number;
};

const ANSWER_FILLERS = ["um", "uh"] as const;

/**
 * Corpus text → runs of dictionary words. Bracketed template text ("[your profession]") is not
 * what anyone says in that place, so it splits the run there; its words are kept as a run of
 * their own (they describe what people say: "a project you led"). Words the dictionary lacks
 * also split a run, so no bigram spans a gap.
 */
export function corpusRuns(text: string, hasWord: (word: string) => boolean): string[][] {
  const pieces = text.split(/[[\]]/).flatMap((piece) => piece.split(/(?:\be\.g\.|\bi\.e\.)/i));
  const runs: string[][] = [];
  for (const piece of pieces) {
    let run: string[] = [];
    for (const raw of normaliseText(piece)) {
      const words = dictionaryForm(raw, hasWord);
      if (words) run.push(...words);
      else {
        if (run.length > 0) runs.push(run);
        run = [];
      }
    }
    if (run.length > 0) runs.push(run);
  }
  return runs;
}

/** Extra words as dictionary words ("Acme Corp." → acme, corp), without duplicates. */
export function dictionaryWords(texts: readonly string[], hasWord: (word: string) => boolean) {
  const words = new Set<string>();
  for (const text of texts) {
    for (const raw of normaliseText(text)) {
      for (const word of dictionaryForm(raw, hasWord) ?? []) words.add(word);
    }
  }
  return [...words];
}

/** Regular English forms of a word (whether each is a word is the dictionary's call). */
export function inflections(word: string): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [];
  const forms = [`${word}s`, `${word}ed`, `${word}ing`, `${word}er`, `${word}ly`];
  if (word.endsWith("e")) forms.push(`${word}d`, `${word.slice(0, -1)}ing`, `${word}r`);
  if (/[sxz]$|[cs]h$/.test(word)) forms.push(`${word}es`);
  if (/[^aeiou]y$/.test(word)) {
    const stem = word.slice(0, -1);
    forms.push(`${stem}ies`, `${stem}ied`, `${stem}ily`);
  }
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(word)) {
    const last = word.at(-1)!;
    forms.push(`${word}${last}ed`, `${word}${last}ing`);
  }
  // Back to the base form too: the corpus may only have "managed".
  for (const [suffix, bases] of [
    ["ing", ["", "e"]],
    ["ed", ["", "e"]],
    ["s", [""]],
  ] as const) {
    if (word.endsWith(suffix))
      for (const base of bases) forms.push(word.slice(0, -suffix.length) + base);
  }
  return forms.filter((form) => form !== word);
}

/** How often each word occurs in the corpus, and each word after another. */
export type CorpusCounts = {
  unigrams: ReadonlyMap<string, number>;
  bigrams: ReadonlyMap<string, ReadonlyMap<string, number>>;
};

/**
 * Counts the corpus once: it does not change with the request-time words, so a recogniser keeps
 * the counts and rebuilds only the model from them.
 */
export function countCorpus(
  corpus: readonly string[],
  hasWord: (word: string) => boolean,
): CorpusCounts {
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, Map<string, number>>();
  for (const text of corpus) {
    for (const run of corpusRuns(text, hasWord)) {
      run.forEach((word, k) => {
        unigrams.set(word, (unigrams.get(word) ?? 0) + 1);
        if (k === 0) return;
        const next = bigrams.get(run[k - 1]!) ?? new Map<string, number>();
        next.set(word, (next.get(word) ?? 0) + 1);
        bigrams.set(run[k - 1]!, next);
      });
    }
  }
  return { unigrams, bigrams };
}

/** The default share of the unigram mass for inflected forms (`inflectionWeight`). */
const INFLECTION_WEIGHT = 0.05;

/**
 * The words a model built from `counts` knows before any request-time word: corpus words by
 * count, then general words, then inflections of both, up to the size.
 */
export function answerVocabulary(
  { unigrams }: Pick<CorpusCounts, "unigrams">,
  {
    hasWord,
    generalWords = [],
    vocabularySize = 6500,
    inflectionWeight = INFLECTION_WEIGHT,
  }: Pick<
    AnswerLanguageModelOptions,
    "hasWord" | "generalWords" | "vocabularySize" | "inflectionWeight"
  >,
) {
  const byCount = [...unigrams].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  const vocabulary = new Set<string>(byCount.slice(0, vocabularySize));
  const general: string[] = [];
  for (const word of generalWords) {
    if (vocabulary.size >= vocabularySize) break;
    if (!vocabulary.has(word) && hasWord(word)) {
      vocabulary.add(word);
      general.push(word);
    }
  }
  const inflected: string[] = [];
  if (inflectionWeight > 0) {
    for (const word of [...vocabulary]) {
      for (const form of inflections(word)) {
        if (vocabulary.size >= vocabularySize) break;
        if (!vocabulary.has(form) && hasWord(form)) {
          vocabulary.add(form);
          inflected.push(form);
        }
      }
    }
  }
  return { byCount, vocabulary, general, inflected };
}

export function buildAnswerLanguageModel(
  { unigrams, bigrams }: CorpusCounts,
  options: AnswerLanguageModelOptions,
): AnswerLanguageModel {
  const {
    hasWord,
    generalWeight = 0.2,
    inflectionWeight = INFLECTION_WEIGHT,
    extraWords = [],
    extraWordProbability = 0.002,
    discount = 0.75,
    minHistoryCount = 2,
    fillers = ANSWER_FILLERS,
    fillerProbability = 0.01,
  } = options;
  // The vocabulary: corpus words by count, then general words, up to the size; extra words and
  // fillers always.
  const { byCount, vocabulary, general, inflected } = answerVocabulary({ unigrams }, options);
  const extra = extraWords.filter((word) => hasWord(word));
  for (const word of extra) vocabulary.add(word);

  // Unigram: corpus counts, general words by a Zipf law on their rank, extra words at least
  // extraWordProbability; then normalised.
  const corpusTokens = byCount
    .filter((word) => vocabulary.has(word))
    .reduce((sum, w) => sum + unigrams.get(w)!, 0);
  const zipf = general.map((_, rank) => 1 / (rank + 10));
  const zipfTotal = zipf.reduce((sum, value) => sum + value, 0) || 1;
  const unigram = new Map<string, number>();
  const corpusShare = general.length > 0 ? 1 - generalWeight : 1;
  for (const word of byCount) {
    if (vocabulary.has(word)) unigram.set(word, (corpusShare * unigrams.get(word)!) / corpusTokens);
  }
  general.forEach((word, rank) => unigram.set(word, (generalWeight * zipf[rank]!) / zipfTotal));
  // Inflected forms: the share spread evenly (their parents' counts say little about them).
  for (const word of inflected) unigram.set(word, inflectionWeight / inflected.length);
  for (const word of extra) {
    unigram.set(word, Math.max(unigram.get(word) ?? 0, extraWordProbability));
  }
  const unigramTotal = [...unigram.values()].reduce((sum, p) => sum + p, 0);
  const fillerMass = fillers.length * fillerProbability;
  for (const [word, p] of unigram) unigram.set(word, ((1 - fillerMass) * p) / unigramTotal);

  // States: 0 backoff (and start), 1 … H history words, H + 1 final.
  const BACKOFF = 0;
  const histories = byCount.filter(
    (word) => vocabulary.has(word) && unigrams.get(word)! >= minHistoryCount && bigrams.has(word),
  );
  const stateOf = new Map(histories.map((word, k) => [word, k + 1]));
  const final = histories.length + 1;
  const to = (word: string) => stateOf.get(word) ?? BACKOFF;
  const arcs: WeightedWordGraph["arcs"][number][] = [];
  const nullArcs: NonNullable<WeightedWordGraph["nullArcs"]>[number][] = [];
  for (const [word, p] of unigram) {
    arcs.push({ from: BACKOFF, to: to(word), words: [word], logProbability: Math.log(p) });
  }
  for (const filler of fillers) {
    if (!hasWord(filler)) continue;
    vocabulary.add(filler);
    arcs.push({
      from: BACKOFF,
      to: BACKOFF,
      words: [filler],
      logProbability: Math.log(fillerProbability),
    });
  }
  let bigramCount = 0;
  for (const history of histories) {
    const next = [...bigrams.get(history)!].filter(([word]) => vocabulary.has(word));
    const from = stateOf.get(history)!;
    const total = next.reduce((sum, [, count]) => sum + count, 0);
    // Interpolated absolute discounting: the discounted mass λ(h) is spread by the unigram.
    const lambda = total === 0 ? 1 : (discount * next.length) / total;
    let seenMass = 0;
    let seenUnigram = 0;
    for (const [word, count] of next) {
      const p = (count - discount) / total + lambda * unigram.get(word)!;
      arcs.push({ from, to: to(word), words: [word], logProbability: Math.log(p) });
      seenMass += p;
      seenUnigram += unigram.get(word)!;
      bigramCount++;
    }
    // As a backoff model: what the seen words leave, over what the unigram gives the unseen.
    const backoff = Math.max(1e-6, (1 - seenMass) / Math.max(1e-6, 1 - seenUnigram));
    nullArcs.push({ from, to: BACKOFF, logProbability: Math.log(backoff) });
  }
  return {
    graph: {
      stateCount: final + 1,
      start: BACKOFF,
      final,
      arcs,
      ends: [BACKOFF, ...histories.map((word) => stateOf.get(word)!)],
      nullArcs,
    },
    vocabulary,
    historyStates: histories.length,
    bigrams: bigramCount,
  };
}
