// A completed test's figures for the shop's prior: each variant's primary-goal conversion rate against control's,
// as ln(ratio) with its variance, exactly as chance to win's likelihood reads them.
import { armMoments, logRatio } from "../stats";
import { enoughForChance } from "./stats";
import { totalsPerArm, type RollupRow } from "./totals";

export interface CompletedLift {
  armId: string;
  logLift: number;
  variance: number;
}

export interface CompletedTest {
  /** Arm ids, control first. */
  armIds: readonly string[];
  /** The primary goal's label; null when the test has none (then there is nothing to record). */
  primaryGoal: string | null;
  currency: string;
  rollups: readonly RollupRow[];
}

/**
 * One figure per variant with enough data for a chance to win (results/stats.ts enoughForChance) and a rate
 * strictly between 0 and 1 in both arms: the binomial moments and the delta-method ln(t/c) of the engine's
 * Bayesian read-out (stats/lift.ts), so the history and the likelihood it is the prior for share one scale.
 */
export function completedLifts(test: CompletedTest): CompletedLift[] {
  if (test.primaryGoal === null || test.armIds.length < 2) return [];
  const totals = totalsPerArm(test.rollups, test.armIds, test.currency, test.primaryGoal);
  const control = totals[0];
  const moments = (visitors: number, converting: number) =>
    armMoments("binomial", { users: visitors, sum: Math.min(converting, visitors), sumSquares: Math.min(converting, visitors) });
  const c = control && moments(control.visitors, control.convertingVisitors);
  return test.armIds.slice(1).flatMap((armId, i): CompletedLift[] => {
    const arm = totals[i + 1];
    if (!c || !arm || !enoughForChance(control, arm)) return [];
    const t = moments(arm.visitors, arm.convertingVisitors);
    if (!t || !(c.variance > 0 && t.variance > 0)) return [];
    const effect = logRatio(c, t);
    return Number.isFinite(effect.estimate) && effect.variance > 0 && Number.isFinite(effect.variance)
      ? [{ armId, logLift: effect.estimate, variance: effect.variance }]
      : [];
  });
}
