import type { BankEntry } from "./answer-library";
import { analyse } from "./retrieval-text";

/**
 * Finds the library entry a question asks for: BM25 over every phrasing of every entry (the
 * canonical question and its variants), an entry scoring as its best phrasing. The raw BM25
 * score is turned into a 0..1 confidence — how much of the question's information the phrasing
 * covers and how much of the phrasing the question covers (their harmonic mean) — so one
 * threshold works for short and long questions alike. See docs/decisions/0036-answer-retrieval.md.
 */

export type RetrievalHit = {
  entry: BankEntry;
  /** 0..1: 1 when the question and the phrasing say the same thing. */
  score: number;
  /** The phrasing (question or variant) that matched best. */
  matchedPhrasing: string;
};

export type RetrieverOptions = {
  /** BM25 term-frequency saturation. */
  k1?: number;
  /** BM25 length normalisation; phrasings are short and similar in length, so it is mild. */
  b?: number;
};

/** Below this confidence a question gets a framework answer rather than a library answer. */
export const DEFAULT_MATCH_THRESHOLD = 0.5;

/** Score factor when the question and the phrasing are about different people. */
const PEOPLE_MISMATCH = 0.8;

/**
 * Who a question is about. A question about a colleague is not answered by one about a manager
 * or a customer, however many other words they share.
 */
const people = new Set(["colleague", "manager", "customer"]);

function peopleIn(terms: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const term of terms) if (people.has(term)) found.add(term);
  return found;
}

type Phrasing = {
  entryIndex: number;
  text: string;
  termFrequencies: Map<string, number>;
  length: number;
  /** Sum of the idf of the phrasing's distinct terms: its information content. */
  mass: number;
};

export type Retriever = {
  /** The best entries for the question, best first, at most `limit`, one hit per entry. */
  search(question: string, limit?: number): RetrievalHit[];
};

export function createRetriever(
  entries: readonly BankEntry[],
  options: RetrieverOptions = {},
): Retriever {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.3;

  const phrasings: Phrasing[] = [];
  const entryFrequency = new Map<string, number>();
  /** The people each entry's phrasings mention, together. */
  const entryPeople: Set<string>[] = [];
  entries.forEach((entry, entryIndex) => {
    const entryTerms = new Set<string>();
    for (const text of [entry.question, ...entry.variants]) {
      const terms = analyse(text);
      const termFrequencies = new Map<string, number>();
      for (const term of terms) {
        termFrequencies.set(term, (termFrequencies.get(term) ?? 0) + 1);
        entryTerms.add(term);
      }
      phrasings.push({ entryIndex, text, termFrequencies, length: terms.length, mass: 0 });
    }
    for (const term of entryTerms) entryFrequency.set(term, (entryFrequency.get(term) ?? 0) + 1);
    entryPeople.push(peopleIn(entryTerms));
  });

  // Document frequency counts entries, not phrasings: a word repeated across one entry's
  // variants is that entry's signature, not a common word.
  const entryCount = entries.length;
  const idf = new Map<string, number>();
  for (const [term, df] of entryFrequency) {
    idf.set(term, Math.log(1 + (entryCount - df + 0.5) / (df + 0.5)));
  }
  const idfValues = [...idf.values()].sort((x, y) => x - y);
  // A word the library never uses (a company name, a technology) still carries meaning the
  // library cannot answer; it counts against the match at a middling weight.
  const unknownTermWeight = idfValues[Math.floor(idfValues.length * 0.75)] ?? 1;
  const averageLength = phrasings.reduce((sum, p) => sum + p.length, 0) / (phrasings.length || 1);

  const postings = new Map<string, Phrasing[]>();
  for (const phrasing of phrasings) {
    for (const term of phrasing.termFrequencies.keys()) {
      phrasing.mass += idf.get(term) ?? 0;
      const list = postings.get(term);
      if (list) list.push(phrasing);
      else postings.set(term, [phrasing]);
    }
  }

  function search(question: string, limit = 3): RetrievalHit[] {
    const queryTerms = [...new Set(analyse(question.slice(0, 2000)))];
    if (queryTerms.length === 0) return [];
    const queryPeople = peopleIn(queryTerms);
    let queryMass = 0;
    for (const term of queryTerms) queryMass += idf.get(term) ?? unknownTermWeight;

    const bm25 = new Map<Phrasing, number>();
    const overlapMass = new Map<Phrasing, number>();
    for (const term of queryTerms) {
      const termIdf = idf.get(term);
      if (termIdf === undefined) continue;
      for (const phrasing of postings.get(term) ?? []) {
        const tf = phrasing.termFrequencies.get(term)!;
        const norm = tf + k1 * (1 - b + (b * phrasing.length) / averageLength);
        bm25.set(phrasing, (bm25.get(phrasing) ?? 0) + (termIdf * tf * (k1 + 1)) / norm);
        overlapMass.set(phrasing, (overlapMass.get(phrasing) ?? 0) + termIdf);
      }
    }

    const best = new Map<number, RetrievalHit>();
    for (const [phrasing, raw] of bm25) {
      const queryCoverage = Math.min(1, raw / queryMass);
      const phrasingCoverage = phrasing.mass > 0 ? overlapMass.get(phrasing)! / phrasing.mass : 0;
      const aboutPeople = entryPeople[phrasing.entryIndex]!;
      const samePeople =
        queryPeople.size === 0 ||
        aboutPeople.size === 0 ||
        [...queryPeople].some((person) => aboutPeople.has(person));
      const score =
        (queryCoverage + phrasingCoverage > 0
          ? (2 * queryCoverage * phrasingCoverage) / (queryCoverage + phrasingCoverage)
          : 0) * (samePeople ? 1 : PEOPLE_MISMATCH);
      const current = best.get(phrasing.entryIndex);
      if (!current || score > current.score) {
        best.set(phrasing.entryIndex, {
          entry: entries[phrasing.entryIndex]!,
          score,
          matchedPhrasing: phrasing.text,
        });
      }
    }
    return [...best.values()]
      .sort((x, y) => y.score - x.score || x.entry.id.localeCompare(y.entry.id))
      .slice(0, Math.max(0, limit));
  }

  return { search };
}
