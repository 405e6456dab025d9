import type { Delivery } from "./feedback";

/**
 * Filler words and phrases, as spoken — one lexicon for the server's count (delivery figures)
 * and the page's highlighting of the transcript. Each pattern matches the filler itself and
 * nothing around it; "like" counts only where it cannot be the verb or a comparison.
 */
const FILLERS: { name: string; pattern: RegExp }[] = [
  { name: "um", pattern: /\b(?:um+|umm+|erm+)\b/giu },
  { name: "uh", pattern: /\b(?:uh+|er+|ah+|hmm+)\b/giu },
  {
    name: "you know",
    pattern: /\byou know\b(?!\s+(?:what|how|when|where|why|that|if|the|a|an)\b)/giu,
  },
  { name: "i mean", pattern: /\bi mean\b(?!\s+(?:that|it|to|what)\b)/giu },
  { name: "basically", pattern: /\bbasically\b/giu },
  { name: "literally", pattern: /\bliterally\b/giu },
  {
    name: "kind of",
    pattern: /\b(?:kind|sort) of\b(?=\s+(?:like|um|uh|you know|i|we|just|really)\b)/giu,
  },
  // "like" set off by commas, or next to another filler: "…, like, …", "um like", "like um".
  {
    name: "like",
    pattern: /(?<=,\s*)like(?=\s*,)|(?<=\b(?:um|uh)\s+)like\b|\blike(?=\s+(?:um|uh)\b)/giu,
  },
];

export type FillerSpan = { name: string; start: number; end: number };

/** Where the fillers are in `transcript`, in order and never overlapping. */
export function findFillers(transcript: string): FillerSpan[] {
  const spans: FillerSpan[] = [];
  for (const { name, pattern } of FILLERS) {
    for (const match of transcript.matchAll(pattern)) {
      spans.push({ name, start: match.index, end: match.index + match[0].length });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  return spans.filter((span, i) => i === 0 || span.start >= spans[i - 1]!.end);
}

export function countFillers(transcript: string): Delivery["fillerWords"] {
  const words: Record<string, number> = {};
  const spans = findFillers(transcript);
  for (const { name } of spans) words[name] = (words[name] ?? 0) + 1;
  return { count: spans.length, words };
}
