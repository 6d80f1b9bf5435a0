// Binomial draws for simulated tests whose visitors are counted a day at a time rather than one by one: how many
// of a day's visitors land in an arm, and how many of them convert.
import { logGamma } from "../stats";
import type { Rng } from "../random/prng";

/** ln P(X = k) for X ~ Binomial(n, p), 0 < p < 1. */
export function binomialLogPmf(n: number, p: number, k: number): number {
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p);
}

/**
 * One Binomial(n, p) draw, exact up to rounding: inversion by a chop-down search that starts at the mode and
 * steps outward alternately, subtracting each probability from one uniform until it is used up (Kemp, "A modal
 * method for generating binomial variables", Commun. Statist. Theory Meth. 15:805–813, 1986; Devroye,
 * "Non-Uniform Random Variate Generation", 1986, ch. X.4). The pmf's ratios give each next term, so a draw
 * costs O(√(np(1 − p))) steps: ~50 for a day of 2,500 visitors converting at 5%, not the 2,500 of counting
 * them one by one.
 */
export function binomial(rng: Rng, n: number, p: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`binomial needs a whole n ≥ 0, got ${n}`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomial needs 0 ≤ p ≤ 1, got ${p}`);
  if (n === 0 || p === 0) return 0;
  if (p === 1) return n;
  const mode = Math.min(n, Math.floor((n + 1) * p));
  const odds = p / (1 - p);
  let u = rng.next();
  const atMode = Math.exp(binomialLogPmf(n, p, mode));
  if (u < atMode) return mode;
  u -= atMode;
  let low = mode;
  let high = mode;
  let lowPmf = atMode;
  let highPmf = atMode;
  while (low > 0 || high < n) {
    if (low > 0) {
      // P(k − 1)/P(k) = k/(n − k + 1) · (1 − p)/p
      lowPmf *= low / ((n - low + 1) * odds);
      low--;
      if (u < lowPmf) return low;
      u -= lowPmf;
    }
    if (high < n) {
      // P(k + 1)/P(k) = (n − k)/(k + 1) · p/(1 − p)
      highPmf *= ((n - high) * odds) / (high + 1);
      high++;
      if (u < highPmf) return high;
      u -= highPmf;
    }
  }
  // The probabilities summed to a hair under 1 in floating point and u fell in that hair: the mode is as good as any.
  return mode;
}
