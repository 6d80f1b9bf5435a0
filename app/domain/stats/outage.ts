// The outage test: two conversion rates compared when one arm has no conversions (or converted every user), where
// Welch's variance is 0 for that arm and says nothing, but the pooled variance under "same rate" still does.
import type { EffectEstimate } from "./lift";
import type { ArmMoments } from "./moments";

/**
 * Below this expected count in any cell of the 2×2 table (converted or not, per arm) under the null, the
 * normal approximation is not trusted: Cochran's rule for χ² tests (W. G. Cochran, "Some methods for
 * strengthening the common χ² tests", Biometrics 10:417–451, 1954, §2). It keeps a tiny arm's 3 of 3 from
 * reading as proof: the approximation is poor there, and the zero-variance rule still applies.
 */
export const MIN_EXPECTED_COUNT = 5;

/**
 * t − c with the variance it has if both arms share one rate, estimated from both arms together:
 *   p̂ = (x_c + x_t) / (n_c + n_t),  Var = p̂(1 − p̂)(1/n_c + 1/n_t).
 * The score test of two proportions: its z² is Pearson's X² of the 2×2 table (A. Agresti, Categorical Data
 * Analysis, 3rd ed., Wiley 2013, §3.2). Unlike the unpooled variance it does not vanish when one arm is at
 * 0 or 1, and under the null it is a consistent estimate of the difference's variance, which is what the
 * asymptotic confidence sequence (sequential.ts: Waudby-Smith et al., Annals of Statistics 2024) rests on, so
 * its p-value stays valid however often it is read. It is a test only: the variance is the null's, so no
 * interval is built from it.
 *
 * Null when it does not apply: binomial arms where neither, or both, are constant, equal rates, or an
 * expected count below MIN_EXPECTED_COUNT.
 */
export function outageEffect(control: ArmMoments, variant: ArmMoments): EffectEstimate | null {
  const constant = (arm: ArmMoments) => arm.mean === 0 || arm.mean === 1;
  if (constant(control) === constant(variant) || control.mean === variant.mean) return null;
  const users = control.users + variant.users;
  const pooled = (control.mean * control.users + variant.mean * variant.users) / users;
  const smallest = Math.min(control.users, variant.users) * Math.min(pooled, 1 - pooled);
  if (!(smallest >= MIN_EXPECTED_COUNT)) return null;
  const variance = pooled * (1 - pooled) * (1 / control.users + 1 / variant.users);
  return variance > 0 && Number.isFinite(variance) ? { estimate: variant.mean - control.mean, variance } : null;
}
