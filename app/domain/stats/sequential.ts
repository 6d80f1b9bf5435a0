// Always-valid confidence sequences and p-values, so results can be checked every day without inflating alpha.
import type { IntervalResult } from "./welch";
import type { EffectEstimate } from "./lift";

export const DEFAULT_SEQUENTIAL_TUNING = 5000;

export function sequentialRho(alpha: number, tuning: number): number {
  const minusTwoLogAlpha = -2 * Math.log(alpha);
  return Math.sqrt((minusTwoLogAlpha + Math.log(1 + minusTwoLogAlpha)) / tuning);
}

/**
 * Half-width of the 1 − alpha confidence sequence for an effect with standard error SE at n users.
 *
 * Asymptotic confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas, "Time-uniform central
 * limit theory and asymptotic confidence sequences" (arXiv:2103.06476, v7 2023; Annals of Statistics 2024),
 * in the two-sided form GrowthBook's gbstats uses (SequentialTwoSidedTTest, sequential_rho,
 * sequential_interval_halfwidth). With n the users in both arms and σ² = n·SE² the per-user variance of
 * the effect:
 *   half-width = σ·√( ((nρ² + 1)/(n²ρ²)) · ln((nρ² + 1)/α²) )
 *   ρ = √( (−2 ln α + ln(1 − 2 ln α)) / N* )
 * ρ makes the sequence narrowest near n = N* users (the tuning parameter, default 5000).
 */
export function sequentialHalfWidth(standardError: number, users: number, alpha: number, tuning: number): number {
  return standardError * sequentialMultiplier(users, alpha, tuning);
}

/**
 * The half-width in standard errors, m = √( ((nρ² + 1)/(nρ²)) · ln((nρ² + 1)/α²) ): what a t- or z-quantile
 * is to a fixed-horizon interval. It depends on n only through nρ², so at the tuned sample (n = N*) it is the
 * same for every N*: ≈ 3.04 at α = 0.05 (`plannedSequentialMultiplier`).
 */
export function sequentialMultiplier(users: number, alpha: number, tuning: number): number {
  const nRho2 = users * sequentialRho(alpha, tuning) ** 2;
  return Math.sqrt(((nRho2 + 1) / nRho2) * Math.log((nRho2 + 1) / (alpha * alpha)));
}

/** The multiplier at the sample the sequence is tuned to, for planning: nρ² = −2 ln α + ln(1 − 2 ln α). */
export function plannedSequentialMultiplier(alpha: number): number {
  return sequentialMultiplier(1, alpha, 1);
}

/**
 * The smallest level at which the sequence excludes 0, holding ρ at the value chosen from the configured
 * alpha (as GrowthBook does). Solving |estimate| = half-width for α gives
 *   p = min(1, √(nρ² + 1) · exp(−nρ²·z² / (2(nρ² + 1)))),  z = estimate / SE.
 */
export function sequentialPValue(
  effect: EffectEstimate,
  users: number,
  alpha: number,
  tuning: number,
): number {
  const nRho2 = users * sequentialRho(alpha, tuning) ** 2;
  const z2 = (effect.estimate * effect.estimate) / effect.variance;
  const logP = 0.5 * Math.log(nRho2 + 1) - (nRho2 * z2) / (2 * (nRho2 + 1));
  return Math.min(1, Math.exp(logP));
}

export function sequentialTest(effect: EffectEstimate, users: number, alpha: number, tuning: number): IntervalResult {
  const halfWidth = sequentialHalfWidth(Math.sqrt(effect.variance), users, alpha, tuning);
  return {
    ciLow: effect.estimate - halfWidth,
    ciHigh: effect.estimate + halfWidth,
    pValue: sequentialPValue(effect, users, alpha, tuning),
  };
}
