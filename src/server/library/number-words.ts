/** Numbers spelled out as the speech dictionary and the retrieval index both need them. */

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** 0..999999 as English words ("90" → "ninety", "2024" → "two thousand twenty four"). */
export function numberToWords(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > 999_999) return String(value);
  if (value < 20) return ONES[value]!;
  if (value < 100) {
    const rest = value % 10;
    return `${TENS[Math.floor(value / 10)]}${rest ? ` ${ONES[rest]}` : ""}`;
  }
  if (value < 1000) {
    const rest = value % 100;
    return `${ONES[Math.floor(value / 100)]} hundred${rest ? ` ${numberToWords(rest)}` : ""}`;
  }
  const rest = value % 1000;
  return `${numberToWords(Math.floor(value / 1000))} thousand${rest ? ` ${numberToWords(rest)}` : ""}`;
}

const ORDINALS: Record<string, string> = {
  one: "first",
  two: "second",
  three: "third",
  five: "fifth",
  eight: "eighth",
  nine: "ninth",
  twelve: "twelfth",
};

/** 1 → "first", 21 → "twenty first", 90 → "ninetieth". */
export function ordinalToWords(value: number): string {
  const words = numberToWords(value).split(" ");
  const last = words.pop()!;
  const ordinal = ORDINALS[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words, ordinal].join(" ");
}
