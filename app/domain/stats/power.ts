// Sample size for a target minimum detectable effect, and how many days of traffic that still needs.
import { normalQuantile } from "./distributions/normal";
import { plannedSequentialMultiplier } from "./sequential";

export interface PowerOptions {
  /** Two-sided significance level; 0.05 by default. */
  alpha?: number;
  /** Probability of detecting the effect when it is real; 0.8 by default. */
  power?: number;
  /**
   * Plan for the always-valid sequence the verdict reads (tuned to the planned sample) instead of a
   * fixed-horizon test: its boundary at the plan is ≈ 3.04 standard errors at α = 0.05, not 1.96.
   */
  sequential?: boolean;
}

/**
 * Boundary plus the power's quantile, in standard errors. For the sequence this is GrowthBook's sequential
 * power rule (its docs, "Power analysis" → "Sequential testing"): the fixed-horizon formula with the
 * standard error inflated by the ratio of the sequence's half-width to the fixed interval's at the planned
 * sample, i.e. z_{1−α/2} replaced by the sequence's multiplier there.
 */
function zSum({ alpha = 0.05, power = 0.8, sequential = false }: PowerOptions): number {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be in (0, 1), got ${power}`);
  const boundary = sequential ? plannedSequentialMultiplier(alpha) : normalQuantile(1 - alpha / 2);
  return boundary + normalQuantile(power);
}

/**
 * Users per arm for a two-sided two-sample z-test of means μ_c and μ_t = μ_c(1 + mde):
 *   n = (z_{1−α/2} + z_{power})² · (σ_c² + σ_t²) / (μ_t − μ_c)²
 * rounded up. This is the usual normal-approximation formula; with equal variances at α = 0.05 and 80% power
 * it is Lehr's rule n ≈ 16σ²/δ² (van Belle, "Statistical Rules of Thumb", 2nd ed. 2008).
 */
function usersPerArm(controlVariance: number, variantVariance: number, delta: number, options: PowerOptions): number {
  if (!(delta !== 0 && Number.isFinite(delta))) throw new RangeError("the minimum detectable effect must be non-zero");
  return Math.ceil((zSum(options) ** 2 * (controlVariance + variantVariance)) / (delta * delta));
}

/** Binomial metric: σ² = p(1 − p) in each arm, with the variant's rate p(1 + mde). */
export function usersPerArmForRate(baselineRate: number, relativeMde: number, options: PowerOptions = {}): number {
  if (!(baselineRate > 0 && baselineRate < 1)) throw new RangeError(`baseline rate must be in (0, 1), got ${baselineRate}`);
  const variantRate = baselineRate * (1 + relativeMde);
  if (!(variantRate > 0 && variantRate < 1)) {
    throw new RangeError(`baseline rate × (1 + mde) must stay in (0, 1), got ${variantRate}`);
  }
  return usersPerArm(
    baselineRate * (1 - baselineRate),
    variantRate * (1 - variantRate),
    variantRate - baselineRate,
    options,
  );
}

/** Mean metric (e.g. revenue per visitor): the same per-user variance assumed in both arms. */
export function usersPerArmForMean(
  baselineMean: number,
  variance: number,
  relativeMde: number,
  options: PowerOptions = {},
): number {
  if (!(variance > 0 && Number.isFinite(variance))) throw new RangeError(`variance must be positive, got ${variance}`);
  if (!Number.isFinite(baselineMean)) throw new RangeError(`baseline mean must be finite, got ${baselineMean}`);
  return usersPerArm(variance, variance, Math.abs(baselineMean) * relativeMde, options);
}

export interface DaysToGoInput {
  usersPerArm: number;
  /** Users exposed so far, all arms together. */
  usersSoFar: number;
  /** Users exposed per day, all arms together. */
  dailyUsers: number;
  /** Configured split; the smallest arm sets the pace. Equal split over `arms` arms when absent. */
  weights?: readonly number[];
  arms?: number;
}

export interface DaysToGo {
  usersNeeded: number;
  remainingUsers: number;
  /** Null when traffic is zero and users are still needed: the wait has no end to report. */
  days: number | null;
}

/** days = remaining users / daily users, where the test needs usersPerArm in its smallest arm. */
export function daysToGo(input: DaysToGoInput): DaysToGo {
  const weights = input.weights ?? Array.from({ length: input.arms ?? 2 }, () => 1);
  if (weights.length < 2 || weights.some((w) => !(w > 0))) throw new RangeError("need at least 2 positive weights");
  const smallestShare = Math.min(...weights) / weights.reduce((a, b) => a + b, 0);
  const usersNeeded = Math.ceil(input.usersPerArm / smallestShare);
  const remainingUsers = Math.max(0, usersNeeded - input.usersSoFar);
  if (remainingUsers === 0) return { usersNeeded, remainingUsers, days: 0 };
  return { usersNeeded, remainingUsers, days: input.dailyUsers > 0 ? remainingUsers / input.dailyUsers : null };
}
