// Effect of a variant against control (absolute difference, or log of the ratio of means) and its variance.
import type { ArmMoments } from "./moments";

export interface EffectEstimate {
  estimate: number;
  /** Variance of the estimate itself (its squared standard error). */
  variance: number;
}

/** t − c, with Var = s_t²/n_t + s_c²/n_c. */
export function absoluteDifference(control: ArmMoments, variant: ArmMoments): EffectEstimate {
  return {
    estimate: variant.mean - control.mean,
    variance: variant.variance / variant.users + control.variance / control.users,
  };
}

/**
 * ln(t/c), with Var ≈ Var(t̄)/t² + Var(c̄)/c² (delta method). Symmetric in the arms (swapping them negates the
 * estimate and keeps the variance), unlike (t − c)/|c|, whose control term is scaled by (t/c)². Both means
 * must be positive.
 */
export function logRatio(control: ArmMoments, variant: ArmMoments): EffectEstimate {
  const c = control.mean;
  const t = variant.mean;
  return {
    estimate: Math.log(t / c),
    variance: variant.variance / (variant.users * t * t) + control.variance / (control.users * c * c),
  };
}
