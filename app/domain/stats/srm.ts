// Sample-ratio-mismatch check: chi-square goodness of fit of exposed users against the configured split.
import { chiSquareSurvival } from "./distributions/chi-square";

/**
 * Flag only below 0.001: the check runs on every test at every look, so at 0.05 one healthy test in twenty
 * would be flagged; a real assignment bug produces p-values far smaller than this once traffic accumulates.
 */
export const SRM_P_VALUE_THRESHOLD = 0.001;

export interface SrmResult {
  statistic: number;
  degreesOfFreedom: number;
  pValue: number;
}

/** χ² = Σ (observed − expected)²/expected, expected_i = N·w_i/Σw, with k − 1 degrees of freedom. */
export function sampleRatioTest(users: readonly number[], weights?: readonly number[]): SrmResult {
  const k = users.length;
  if (k < 2) throw new RangeError("sample ratio test needs at least 2 arms");
  const w = weights ?? users.map(() => 1);
  if (w.length !== k) throw new RangeError("weights must have one entry per arm");
  const total = users.reduce((a, b) => a + b, 0);
  const weightTotal = w.reduce((a, b) => a + b, 0);
  const degreesOfFreedom = k - 1;
  // With nobody exposed there is no evidence of a mismatch.
  if (total === 0) return { statistic: 0, degreesOfFreedom, pValue: 1 };
  let statistic = 0;
  for (let i = 0; i < k; i++) {
    const expected = (total * (w[i] ?? 0)) / weightTotal;
    const diff = (users[i] ?? 0) - expected;
    statistic += (diff * diff) / expected;
  }
  return { statistic, degreesOfFreedom, pValue: chiSquareSurvival(statistic, degreesOfFreedom) };
}

export function isSampleRatioMismatch(pValue: number): boolean {
  return pValue < SRM_P_VALUE_THRESHOLD;
}
