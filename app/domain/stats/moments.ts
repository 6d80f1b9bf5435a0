// Per-arm sample mean and per-user variance from a rollup's users, sum and sum of squares.
import type { MetricKind } from "./types";

export interface ArmMoments {
  users: number;
  mean: number;
  /** Variance of one user's value (not of the mean); 0 when it cannot be estimated from fewer than 2 users. */
  variance: number;
}

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
  // Rounding can push a true zero slightly negative when every user has the same value.
  const variance = Math.max(0, (sumSquares - (sum * sum) / users) / (users - 1));
  return { users, mean, variance };
}
