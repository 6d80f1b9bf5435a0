// Chi-square CDF and survival function, for the sample-ratio-mismatch test.
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
