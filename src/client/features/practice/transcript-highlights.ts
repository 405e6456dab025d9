import type { Feedback } from "@/shared/feedback";
import { findFillers } from "@/shared/fillers";

/**
 * The transcript's two layers of highlighting as one tree: the words a line of feedback quotes
 * (its evidence, docs/decisions/0091) and the fillers. A quote is only ever the span the server
 * gave, and only when that span still reads as the quoted words; anything else is left unmarked
 * rather than guessed.
 */

export type PointKind = "strength" | "improvement";

/** A line of feedback: "strength-0" is the first of "What worked". */
export type PointKey = `${PointKind}-${number}`;

export type Highlight =
  | { kind: "filler"; start: number; end: number }
  | { kind: PointKind; start: number; end: number; key: PointKey };

export type TranscriptPart =
  | { text: string }
  /** `first`: the span's first piece (a quote crossed by another is cut in two). */
  | { highlight: Highlight; first: boolean; parts: TranscriptPart[] };

/** The quote of each strength and improvement that matches the transcript, keyed by line. */
export function quotedSpans(feedback: Feedback): Map<PointKey, Highlight> {
  const spans = new Map<PointKey, Highlight>();
  const { transcript, evidence } = feedback;
  if (!evidence) return spans;
  const add = (kind: PointKind, list: Feedback["strengths"], proofs: typeof evidence.strengths) =>
    list.forEach((_, index) => {
      const quote = proofs[index]?.quote;
      if (!quote || quote.start >= quote.end || quote.end > transcript.length) return;
      if (transcript.slice(quote.start, quote.end) !== quote.text) return;
      const key: PointKey = `${kind}-${index}`;
      spans.set(key, { kind, start: quote.start, end: quote.end, key });
    });
  add("strength", feedback.strengths, evidence.strengths);
  add("improvement", feedback.improvements, evidence.improvements);
  return spans;
}

type Piece = { highlight: Highlight; start: number; end: number; first: boolean };

/** Earlier first; at the same start a quote holds a filler, and a longer span a shorter one. */
const outerFirst = (a: Piece, b: Piece) =>
  a.start - b.start ||
  Number(a.highlight.kind === "filler") - Number(b.highlight.kind === "filler") ||
  b.end - a.end;

/** `transcript` cut into plain text and (possibly nested) highlights: quotes outside fillers. */
export function layerTranscript(transcript: string, quotes: Iterable<Highlight>): TranscriptPart[] {
  const pieces: Piece[] = [...quotes, ...findFillers(transcript).map(asFiller)].map(
    (highlight) => ({ highlight, start: highlight.start, end: highlight.end, first: true }),
  );
  return layer(transcript, 0, transcript.length, pieces);
}

const asFiller = ({ start, end }: { start: number; end: number }): Highlight => ({
  kind: "filler",
  start,
  end,
});

function layer(text: string, from: number, to: number, pieces: Piece[]): TranscriptPart[] {
  const parts: TranscriptPart[] = [];
  let at = from;
  let queue = [...pieces].sort(outerFirst);
  while (queue.length > 0) {
    const [outer, ...others] = queue as [Piece, ...Piece[]];
    if (outer.start > at) parts.push({ text: text.slice(at, outer.start) });
    const inside: Piece[] = [];
    const after: Piece[] = [];
    for (const piece of others) {
      if (piece.start >= outer.end) after.push(piece);
      else if (piece.end <= outer.end) inside.push(piece);
      else {
        // Crosses the outer span's end: the part inside nests, the rest carries on after it.
        inside.push({ ...piece, end: outer.end });
        after.push({ ...piece, start: outer.end, first: false });
      }
    }
    parts.push({
      highlight: outer.highlight,
      first: outer.first,
      parts: layer(text, outer.start, outer.end, inside),
    });
    at = outer.end;
    queue = after.sort(outerFirst);
  }
  if (at < to) parts.push({ text: text.slice(at, to) });
  return parts;
}
