/**
 * The overall score's bands: the verdict a report's summary opens with, and the word low-anxiety
 * mode shows instead of the number. One table, so the two always agree with the score.
 */
const BANDS = [
  { from: 4, verdict: "A strong answer", word: "Strong" },
  { from: 3, verdict: "A solid answer", word: "Solid" },
  { from: 2, verdict: "An answer that needs work", word: "Needs work" },
  { from: -Infinity, verdict: "This misses the question", word: "Needs work" },
] as const;

export const bandOf = (overall: number) => BANDS.find((band) => overall >= band.from)!;
