// Welch's unequal-variance t-test: degrees of freedom, two-sided p-value and confidence interval.
import type { EffectEstimate } from "./lift";
import type { ArmMoments } from "./moments";
import { studentTCdf, studentTQuantile } from "./distributions/student-t";

export interface IntervalResult {
  ciLow: number;
  ciHigh: number;
  pValue: number;
}

/**
 * Welch–Satterthwaite: ν = (v_t + v_c)² / (v_t²/(n_t−1) + v_c²/(n_c−1)), where v = s²/n is the variance of
 * each arm's mean. Needs n ≥ 2 in both arms and at least one non-zero variance.
 */
export function welchDegreesOfFreedom(control: ArmMoments, variant: ArmMoments): number {
  const vc = control.variance / control.users;
  const vt = variant.variance / variant.users;
  // Written in shares of the total so that squaring tiny variances cannot underflow to 0/0.
  const total = vt + vc;
  const shareT = vt / total;
  const shareC = vc / total;
  return 1 / ((shareT * shareT) / (variant.users - 1) + (shareC * shareC) / (control.users - 1));
}

/** Two-sided test of "effect = 0" and the 1 − alpha interval, using the effect's own (delta-method) variance. */
export function welchTest(effect: EffectEstimate, degreesOfFreedom: number, alpha: number): IntervalResult {
  const standardError = Math.sqrt(effect.variance);
  const halfWidth = studentTQuantile(1 - alpha / 2, degreesOfFreedom) * standardError;
  const t = effect.estimate / standardError;
  return {
    ciLow: effect.estimate - halfWidth,
    ciHigh: effect.estimate + halfWidth,
    pValue: Math.min(1, 2 * studentTCdf(-Math.abs(t), degreesOfFreedom)),
  };
}
