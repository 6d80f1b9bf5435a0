// Per-arm sample mean and per-user variance from a rollup's users, sum and sum of squares.
import type { MetricKind } from "./types";

export interface ArmMoments {
  users: number;
  mean: number;
  /**
   * Variance of one user's value (not of the mean); 0 when it cannot be estimated from fewer than 2 users, and
   * exactly 0 when every user has the same value, which the engine reports as `zero-variance`.
   */
  variance: number;
}

/**
 * sum and sumSquares each carry a few ulps of rounding (more when days of rollups are added up in doubles), so an
 * arm whose users all have the same value can leave sumSquares − sum²/n a hair above or below 0 instead of 0.
 * Below this share of sumSquares the difference is rounding, not spread (measured rounding is about 1e-14 after
 * hundreds of daily rows; a real spread this small, a coefficient of variation under 1e-5, is no spread either).
 */
export const CONSTANT_ARM_TOLERANCE = 1e-10;

export interface ArmTotals {
  users: number;
  sum: number;
  sumSquares: number;
}

/** Null when the arm has no users: there is no mean. */
export function armMoments(metric: MetricKind, arm: ArmTotals): ArmMoments | null {
  const { users, sum, sumSquares } = arm;
  if (users <= 0) return null;
  const mean = sum / users;
  if (metric === "binomial") return { users, mean, variance: mean * (1 - mean) };
  if (users < 2) return { users, mean, variance: 0 };
  const spread = sumSquares - (sum * sum) / users;
  const variance = spread <= CONSTANT_ARM_TOLERANCE * sumSquares ? 0 : spread / (users - 1);
  return { users, mean, variance };
}
