/**
 * How well scores follow reference grades, for the feedback rubric's test and
 * `npm run eval:feedback`.
 */

/** Spearman's rank correlation: Pearson's on ranks, ties given their mean rank. */
export function spearman(xs: number[], ys: number[]): number {
  const ranks = (values: number[]) => {
    const order = values.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
    const result = new Array<number>(values.length);
    for (let start = 0; start < order.length;) {
      let end = start;
      while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
      for (let k = start; k <= end; k++) result[order[k]!.i] = (start + end) / 2 + 1;
      start = end + 1;
    }
    return result;
  };
  const [rx, ry] = [ranks(xs), ranks(ys)];
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const [mx, my] = [mean(rx), mean(ry)];
  let [sxy, sxx, syy] = [0, 0, 0];
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}
