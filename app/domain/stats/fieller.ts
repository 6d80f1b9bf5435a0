// Fieller's interval for a ratio of two independent means: the relative lift's interval that agrees with the
// absolute-difference test and cannot pass below −100% for values that are never negative.
import type { ArmMoments } from "./moments";

/** A relative lift's interval; `bounded: false` when the control's mean is too unsettled to put a size on it. */
export type RatioInterval = { bounded: true; low: number; high: number } | { bounded: false };

/**
 * The set of ratios θ = μ_t/μ_c that the test "μ_t − θ·μ_c = 0" does not reject at `multiplier` standard errors:
 *   (t̄ − θc̄)² ≤ m²·(v_t + θ²v_c),  v = s²/n the variance of each arm's mean
 * (Fieller, "Some problems in interval estimation", JRSS B 16:175, 1954; Franz, "Ratios: a short guide to
 * confidence limits and proper use", arXiv:0710.2024, 2007). At θ = 1 the inequality is the absolute-difference
 * test itself, so the interval excludes a lift of 0 exactly when that test rejects, with any multiplier (a
 * t-quantile, or an always-valid sequence's). Swapping the arms maps the interval to its reciprocal, so neither
 * arm is favoured. With a = c̄² − m²v_c ≤ 0 the control's mean is not itself distinguishable from 0 and the set
 * is unbounded; we say so rather than print a number.
 *
 * Returned as the relative lift (θ − 1)·sign(c̄). `nonNegative` values (rates, gross revenue) make θ ≥ 0, so the
 * low end is clipped at −100%: intersecting with the parameter space keeps the coverage.
 */
export function fiellerLiftInterval(
  control: ArmMoments,
  variant: ArmMoments,
  multiplier: number,
  nonNegative: boolean,
): RatioInterval {
  const c = control.mean;
  const t = variant.mean;
  const vc = control.variance / control.users;
  const vt = variant.variance / variant.users;
  const m2 = multiplier * multiplier;
  const a = c * c - m2 * vc;
  if (!(a > 0)) return { bounded: false };
  // With a > 0 the discriminant is m²(v_c·t̄² + v_t·a) > 0, written so that it cannot round below 0.
  const root = Math.sqrt(m2 * (vc * t * t + vt * a));
  let low = (t * c - root) / a;
  let high = (t * c + root) / a;
  if (nonNegative) low = Math.max(0, low);
  if (c < 0) [low, high] = [-(high - 1) + 1, -(low - 1) + 1];
  return { bounded: true, low: low - 1, high: high - 1 };
}
