// CUPED: a mean metric adjusted by a pre-exposure covariate, so that what visitors were already going to do
// does not count as noise.
import type { ArmMoments } from "./moments";

/** One arm's sums of the metric Y and the covariate X over its users. */
export interface CovariateSums {
  users: number;
  sumY: number;
  sumY2: number;
  sumX: number;
  sumX2: number;
  sumXY: number;
}

export interface CupedAdjustment {
  /** The adjusted arms' moments, in the order given: what the comparisons then read. */
  arms: ArmMoments[];
  theta: number;
  /** 1 − Var(adjusted)/Var(unadjusted), pooled within arms: the share of the metric's variance removed. */
  varianceReduction: number;
}

/**
 * Y' = Y − θ(X − x̄), θ = Cov(X, Y)/Var(X) pooled within arms (Deng, Xu, Kohavi & Walker, "Improving the
 * sensitivity of online controlled experiments by utilizing pre-experiment data", WSDM 2013). X is measured
 * before exposure, so the assignment cannot move it and the adjusted difference stays unbiased; its variance
 * is Var(Y)(1 − ρ²). Each arm's adjusted mean is ȳ − θ(x̄ − x̄_all) and its per-user variance
 * s²_Y − 2θ·s_XY + θ²·s²_X. Null when the covariate has no spread (nothing to adjust by) or an arm has
 * fewer than 2 users.
 */
export function cupedAdjust(sums: readonly CovariateSums[]): CupedAdjustment | null {
  if (sums.length < 2 || sums.some((s) => s.users < 2)) return null;
  const within = sums.map((s) => {
    const n = s.users;
    const my = s.sumY / n;
    const mx = s.sumX / n;
    return {
      n,
      my,
      mx,
      vy: Math.max(0, (s.sumY2 - n * my * my) / (n - 1)),
      vx: Math.max(0, (s.sumX2 - n * mx * mx) / (n - 1)),
      cxy: (s.sumXY - n * mx * my) / (n - 1),
    };
  });
  // Pooled within-arm (co)variances, weighted by degrees of freedom.
  const df = within.reduce((a, w) => a + (w.n - 1), 0);
  const vx = within.reduce((a, w) => a + (w.n - 1) * w.vx, 0) / df;
  const vy = within.reduce((a, w) => a + (w.n - 1) * w.vy, 0) / df;
  const cxy = within.reduce((a, w) => a + (w.n - 1) * w.cxy, 0) / df;
  if (!(vx > 0) || !(vy > 0)) return null;
  const theta = cxy / vx;
  const users = within.reduce((a, w) => a + w.n, 0);
  const meanX = within.reduce((a, w) => a + w.n * w.mx, 0) / users;
  const arms = within.map((w) => ({
    users: w.n,
    mean: w.my - theta * (w.mx - meanX),
    variance: Math.max(0, w.vy - 2 * theta * w.cxy + theta * theta * w.vx),
  }));
  const adjusted = vy - 2 * theta * cxy + theta * theta * vx;
  return { arms, theta, varianceReduction: Math.min(1, Math.max(0, 1 - adjusted / vy)) };
}
