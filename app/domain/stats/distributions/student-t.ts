// Student-t density, CDF and quantile, for Welch's test at any (fractional) degrees of freedom.
import { logBeta, regularizedBeta } from "./beta";
import { normalCdf, normalPdf, normalQuantile } from "./normal";

// Past this the incomplete-beta continued fraction needs ~√df terms and its rounding builds up (5e-11
// relative at df = 1e6, 1e-9 at 1e8), while the three-term expansion below is exact to ~1e-14 for |t| ≤ 8.
const EXPANSION_FROM_DF = 1e6;
const MAX_ITERATIONS = 200;

function checkDf(df: number): void {
  if (!(df > 0)) throw new RangeError(`Student t needs df > 0, got ${df}`);
}

export function studentTPdf(t: number, df: number): number {
  checkDf(df);
  if (df === Infinity) return normalPdf(t);
  return Math.exp(-logBeta(df / 2, 0.5) - 0.5 * Math.log(df) - ((df + 1) / 2) * Math.log1p((t * t) / df));
}

/**
 * Lower tail P(T ≤ u) for u ≤ 0 and huge df, from the expansion in powers of 1/df begun by Fisher (1926,
 * "Expansion of Student's integral in powers of n⁻¹", Metron 5:109–112):
 *   P(T ≤ u) = Φ(u) − φ(u)[g₁(u)/df + g₂(u)/df² + g₃(u)/df³] + O(df⁻⁴), with
 *   g₁ = u(u²+1)/4, g₂ = u(u²−3)(3u⁴+2u²+1)/96, g₃ = u(u¹⁰−11u⁸+14u⁶+6u⁴−3u²−15)/384
 * (g₂, g₃ rederived by expanding the density in 1/df; checked against mpmath's incomplete beta).
 */
function fisherLowerTail(u: number, df: number): number {
  const u2 = u * u;
  const g1 = (u * (u2 + 1)) / 4;
  const g2 = (u * (u2 - 3) * (3 * u2 * u2 + 2 * u2 + 1)) / 96;
  const g3 = (u * (((((u2 - 11) * u2 + 14) * u2 + 6) * u2 - 3) * u2 - 15)) / 384;
  return normalCdf(u) - normalPdf(u) * (g1 / df + g2 / (df * df) + g3 / (df * df * df));
}

/** P(T > |t|), through P(|T| > t) = I_{df/(df+t²)}(df/2, ½). */
function upperTail(t: number, df: number): number {
  if (df >= EXPANSION_FROM_DF) return fisherLowerTail(-Math.abs(t), df);
  const t2 = t * t;
  const x = df / (df + t2);
  const y = t2 / (df + t2);
  return 0.5 * regularizedBeta(x, df / 2, 0.5, y);
}

export function studentTCdf(t: number, df: number): number {
  checkDf(df);
  if (Number.isNaN(t)) throw new RangeError("studentTCdf got NaN");
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const tail = upperTail(t, df);
  return t < 0 ? tail : 1 - tail;
}

/** Inverse CDF: Newton's method on the tail, kept inside a bisection bracket so it cannot diverge. */
export function studentTQuantile(p: number, df: number): number {
  checkDf(df);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`studentTQuantile needs 0 ≤ p ≤ 1, got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (df === Infinity) return normalQuantile(p);
  // Solve in the upper half by symmetry, aiming at the tail probability itself: 1 − (1 − 1e-10) has
  // already lost seven digits.
  const sign = p < 0.5 ? -1 : 1;
  const target = p < 0.5 ? p : 1 - p;

  // Cornish–Fisher expansion (Abramowitz & Stegun 26.7.5) as the starting point.
  const z = -normalQuantile(target);
  let t = z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
  let low = 0;
  let high = Math.max(1, t);
  while (upperTail(high, df) > target) {
    low = high;
    high *= 2;
  }
  if (!(t > low && t < high)) t = 0.5 * (low + high);

  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const excess = upperTail(t, df) - target;
    if (excess === 0) return sign * t;
    if (excess > 0) low = t;
    else high = t;
    let next = t + excess / studentTPdf(t, df);
    if (!(next > low && next < high)) next = 0.5 * (low + high);
    if (Math.abs(next - t) <= 1e-15 * Math.max(1, Math.abs(t))) return sign * next;
    t = next;
  }
  return sign * t;
}
