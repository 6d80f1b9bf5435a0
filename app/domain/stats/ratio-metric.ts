// A ratio of per-visitor sums (average order value = Σ revenue / Σ orders over an arm's visitors) with its
// variance by the delta method, and the difference of two arms' ratios: Deng, Knoblich & Lu, "Applying the
// Delta Method in Metric Analytics: A Practical Guide with Novel Ideas", KDD 2018 (arXiv:1803.06336).

/**
 * One arm's sums over its n visitors (the randomization unit) of Y (numerator, e.g. revenue) and X
 * (denominator, e.g. orders), each per visitor: visitors without orders count in n with X = Y = 0.
 */
export interface RatioSums {
  n: number;
  sumX: number;
  sumY: number;
  sumX2: number;
  sumY2: number;
  sumXY: number;
}

export interface RatioEstimate {
  /** ΣY / ΣX. */
  ratio: number;
  /** Delta-method variance of the ratio. */
  variance: number;
}

/** What makes an interval from an estimate's standard error: a multiplier (z), or any half-width rule. */
export type HalfWidth = number | ((standardError: number) => number);

export interface Interval {
  estimate: number;
  variance: number;
  low: number;
  high: number;
}

/**
 * R = Ȳ / X̄ and, with μx = X̄, R as above and the sample (co)variances of one visitor's X and Y,
 * Var(R) ≈ (s²_Y − 2R·s_XY + R²·s²_X) / (n·μx²), the first-order Taylor expansion of Ȳ/X̄ about the
 * means (Deng et al. 2018, the ratio of two means). Visitors, not orders, are independent: orders of one visitor are not,
 * which is why the naive variance of order values (n = orders) is wrong for AOV. Null without two
 * visitors or without any X (no orders: no ratio).
 */
export function ratioEstimate(s: RatioSums): RatioEstimate | null {
  if (!(s.n >= 2) || !(s.sumX > 0)) return null;
  const { n } = s;
  const meanX = s.sumX / n;
  const meanY = s.sumY / n;
  const ratio = s.sumY / s.sumX;
  // Sums of products about the means, clamped at 0 where rounding could make a true 0 slightly negative.
  const varX = Math.max(0, (s.sumX2 - n * meanX * meanX) / (n - 1));
  const varY = Math.max(0, (s.sumY2 - n * meanY * meanY) / (n - 1));
  const covXY = (s.sumXY - n * meanX * meanY) / (n - 1);
  const variance = Math.max(0, (varY - 2 * ratio * covXY + ratio * ratio * varX) / (n * meanX * meanX));
  return { ratio, variance };
}

/** The absolute difference of two independent arms' ratios (variant − control) and its variance. */
export function ratioDifference(control: RatioSums, variant: RatioSums): RatioEstimate | null {
  const c = ratioEstimate(control);
  const v = ratioEstimate(variant);
  if (!c || !v) return null;
  return { ratio: v.ratio - c.ratio, variance: c.variance + v.variance };
}

/** estimate ± half-width(√variance): a fixed-horizon z, or a sequential boundary's half-width, given by the caller. */
export function intervalOf(estimate: RatioEstimate, halfWidth: HalfWidth): Interval {
  const se = Math.sqrt(estimate.variance);
  const h = typeof halfWidth === "number" ? halfWidth * se : halfWidth(se);
  return { estimate: estimate.ratio, variance: estimate.variance, low: estimate.ratio - h, high: estimate.ratio + h };
}
