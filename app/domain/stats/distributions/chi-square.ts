// Chi-square CDF, survival function and quantile: the sample-ratio-mismatch test, and the bound on how widely a
// shop's lifts spread (empirical-prior.ts).
import { regularizedGammaP, regularizedGammaQ } from "./gamma";

function check(x: number, df: number): void {
  if (!(df > 0)) throw new RangeError(`chi-square needs df > 0, got ${df}`);
  if (Number.isNaN(x)) throw new RangeError("chi-square got NaN");
}

export function chiSquareCdf(x: number, df: number): number {
  check(x, df);
  return x <= 0 ? 0 : regularizedGammaP(df / 2, x / 2);
}

/** P(X > x): the p-value of a chi-square statistic, computed directly to keep tiny p-values exact. */
export function chiSquareSurvival(x: number, df: number): number {
  check(x, df);
  return x <= 0 ? 1 : regularizedGammaQ(df / 2, x / 2);
}

/**
 * The p-quantile, x with P(X ≤ x) = p, by bisection on the CDF (monotone, so it converges; 200 halvings
 * reach the last ulp). The mean is df, and P(X > df + 40·√(2·df) + 100) is far below any p asked for here,
 * yet the bracket still doubles until it holds the answer.
 */
export function chiSquareQuantile(p: number, df: number): number {
  check(0, df);
  if (!(p > 0 && p < 1)) throw new RangeError(`chi-square quantile needs 0 < p < 1, got ${p}`);
  let low = 0;
  let high = df + 40 * Math.sqrt(2 * df) + 100;
  while (chiSquareCdf(high, df) < p) high *= 2;
  for (let i = 0; i < 200 && high - low > Number.EPSILON * high; i++) {
    const middle = (low + high) / 2;
    if (chiSquareCdf(middle, df) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
