import winkNLP, { type ItemEntity, type ItemToken, type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";

/**
 * The one text toolkit (docs/decisions/0090): sentences, tokens with their part of speech and
 * lemma, stop words and number/date entities, from wink-nlp's English lite model. Everything in
 * the server that reads an answer's words goes through `readText`, so "a word", "the same word"
 * and "a word that carries content" mean one thing everywhere.
 */

/** Universal part-of-speech tags, as the model gives them. */
export type PartOfSpeech =
  | "ADJ"
  | "ADP"
  | "ADV"
  | "AUX"
  | "CCONJ"
  | "DET"
  | "INTJ"
  | "NOUN"
  | "NUM"
  | "PART"
  | "PRON"
  | "PROPN"
  | "PUNCT"
  | "SCONJ"
  | "SYM"
  | "VERB"
  | "X"
  | "SPACE";

export type Token = {
  /** As written. */
  text: string;
  /** Lower-case, curly apostrophes straightened. */
  lower: string;
  lemma: string;
  pos: PartOfSpeech;
  /** Character offsets into the text read: `text.slice(start, end) === token.text`. */
  start: number;
  end: number;
  /** Index of the sentence it is in. */
  sentence: number;
  /** A function word ("the", "was", "i"): the model's stop-word list. */
  stop: boolean;
};

export type Sentence = { start: number; end: number; firstToken: number; lastToken: number };

/** A number, date, percent or amount the model found, with its token range. */
export type Entity = { type: string; value: string; firstToken: number; lastToken: number };

export type TextDoc = {
  text: string;
  tokens: Token[];
  sentences: Sentence[];
  entities: Entity[];
};

let nlp: WinkMethods | undefined;
/** Loading the model takes ~50 ms and ~20 MB: once per process, on first use. */
const load = () => (nlp ??= winkNLP(model));

export function readText(text: string): TextDoc {
  const wink = load();
  const its = wink.its;
  const doc = wink.readDoc(text);
  const tokens: Token[] = [];
  let cursor = 0;
  doc.tokens().each((token: ItemToken) => {
    const written = token.out();
    // The model keeps each token's text as written; find it from where the last one ended, so
    // offsets stay true whatever spacing or characters lie between.
    const at = text.indexOf(written, cursor);
    const start = at < 0 ? cursor : at;
    const end = at < 0 ? cursor : at + written.length;
    cursor = end;
    tokens.push({
      text: written,
      lower: written.toLowerCase().replace(/[\u2018\u2019]/g, "'"),
      // The typings declare `lemma` with an extra argument the method supplies itself.
      lemma: String(token.out(its.lemma as never)).toLowerCase(),
      pos: token.out(its.pos) as PartOfSpeech,
      start,
      end,
      sentence: 0,
      stop: Boolean(token.out(its.stopWordFlag)),
    });
  });
  const sentences: Sentence[] = [];
  doc.sentences().each((sentence, index) => {
    const [first, last] = sentence.out(its.span) as unknown as [number, number];
    for (let i = first; i <= last; i++) tokens[i]!.sentence = index;
    sentences.push({
      start: tokens[first]?.start ?? 0,
      end: tokens[last]?.end ?? 0,
      firstToken: first,
      lastToken: last,
    });
  });
  const entities: Entity[] = [];
  doc.entities().each((entity: ItemEntity) => {
    const [first, last] = entity.out(its.span) as unknown as [number, number];
    entities.push({
      type: String(entity.out(its.type)),
      value: entity.out(),
      firstToken: first,
      lastToken: last,
    });
  });
  return { text, tokens, sentences, entities };
}

/** Words: tokens that are not punctuation, symbols or spaces. */
export const isWord = (token: Token) =>
  token.pos !== "PUNCT" && token.pos !== "SYM" && token.pos !== "SPACE" && /\w/.test(token.text);

/** The lemmas of the words that carry content, in order, repeats kept. */
function contentLemmas(doc: TextDoc): string[] {
  return doc.tokens
    .filter((token) => isWord(token) && !token.stop && token.lemma.length > 2)
    .map((token) => token.lemma);
}

/** `contentLemmas` of a plain string, template places left out. */
export function contentTerms(text: string): string[] {
  return contentLemmas(readText(text.replace(/\[[^\]]*\]/g, " ")));
}
