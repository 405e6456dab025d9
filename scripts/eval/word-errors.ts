// Word error rate, shared by the evaluations that hear speech (eval:answer-recognition,
// eval:feedback).

/** Word-level Levenshtein distance, and which hypothesis words an optimal alignment matches. */
export function align(
  reference: string[],
  hypothesis: string[],
): { errors: number; matched: boolean[] } {
  const table = [Array.from({ length: hypothesis.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = table[i - 1]![j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, table[i - 1]![j]! + 1, row[j - 1]! + 1));
    }
    table.push(row);
  }
  const matched = hypothesis.map(() => false);
  let [i, j] = [reference.length, hypothesis.length];
  while (i > 0 && j > 0) {
    const same = reference[i - 1] === hypothesis[j - 1];
    if (table[i]![j] === table[i - 1]![j - 1]! + (same ? 0 : 1)) {
      matched[j - 1] = same;
      i--;
      j--;
    } else if (table[i]![j] === table[i - 1]![j]! + 1) i--;
    else j--;
  }
  return { errors: table[reference.length]![hypothesis.length]!, matched };
}
