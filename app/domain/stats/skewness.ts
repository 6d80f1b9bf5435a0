// Kohavi's skewness rule, for the difference of two arms' means: is a normal interval for it trustworthy yet?

/** Per-arm sums of one metric's per-user values: n, Σx, Σx², Σx³. */
export interface ArmSums {
  users: number;
  sum: number;
  sumSquares: number;
  sumCubes: number;
}

/**
 * Kohavi's rule asks n > 355·s² for the mean of a metric with skewness s (Kohavi, Deng, Longbotham & Xu,
 * "Seven rules of thumb for web site experimenters", KDD 2014, rule 7): the skewness of the mean, s/√n, is then
 * below 1/√355 ≈ 0.053, where a 95% normal interval's tails are each within 10% of their nominal 2.5%.
 */
export const MAX_MEAN_SKEWNESS = 1 / Math.sqrt(355);

/**
 * Skewness of the difference of two independent means, t̄ − c̄:
 *   (κ₃ₜ/nₜ² − κ₃꜀/n꜀²) / (σₜ²/nₜ + σ꜀²/n꜀)^{3/2}
 * with κ₃ the third central moment (cumulants add over independent sums and scale by the cube of 1/n). With
 * equal arms of one distribution the two skews cancel, which is why a 50/50 revenue test is near-normal long
 * before either arm's mean is; at 90/10 they do not, and the small arm's rare big orders make the interval
 * lean to one side. Null when an arm has fewer than 2 users or no spread.
 */
export function differenceSkewness(control: ArmSums, variant: ArmSums): number | null {
  const parts = [control, variant].map(({ users: n, sum, sumSquares, sumCubes }) => {
    if (n < 2) return null;
    const mean = sum / n;
    const variance = Math.max(0, sumSquares / n - mean * mean);
    const third = sumCubes / n - 3 * mean * (sumSquares / n) + 2 * mean * mean * mean;
    return { n, variance, third };
  });
  const [c, t] = parts;
  if (!c || !t) return null;
  const spread = t.variance / t.n + c.variance / c.n;
  if (!(spread > 0)) return null;
  return (t.third / (t.n * t.n) - c.third / (c.n * c.n)) / spread ** 1.5;
}

/** The rule for a comparison: the difference's skewness is no worse than that of a mean meeting Kohavi's rule. */
export function nearNormal(control: ArmSums, variant: ArmSums): boolean {
  const skew = differenceSkewness(control, variant);
  return skew !== null && Math.abs(skew) <= MAX_MEAN_SKEWNESS;
}
