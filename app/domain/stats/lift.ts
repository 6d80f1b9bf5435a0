// Effect of a variant against control (relative lift or absolute difference) and its delta-method variance.
import type { ArmMoments } from "./moments";
import type { DifferenceKind } from "./types";

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
 * (t − c)/|c|. First-order delta method with independent arms: the gradient of g(t, c) = (t − c)/|c| is
 * (1/|c|, −t/(c·|c|)), so Var ≈ Var(t̄)/c² + t²·Var(c̄)/c⁴. The caller must rule out c = 0.
 */
export function relativeLift(control: ArmMoments, variant: ArmMoments): EffectEstimate {
  const c = control.mean;
  const t = variant.mean;
  const c2 = c * c;
  return {
    estimate: (t - c) / Math.abs(c),
    variance: variant.variance / (variant.users * c2) + (control.variance * t * t) / (control.users * c2 * c2),
  };
}

export function estimateEffect(kind: DifferenceKind, control: ArmMoments, variant: ArmMoments): EffectEstimate {
  return kind === "relative" ? relativeLift(control, variant) : absoluteDifference(control, variant);
}
