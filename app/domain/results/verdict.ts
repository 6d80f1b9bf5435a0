// Which verdict the primary goal supports, by the rules in docs/results.md; verdict-words.ts puts it into words.
// Conversion rate proposes; revenue per visitor and the guardrails must agree before anything is decided.
import type { ArmResult, DecisionMetric, GoalResult, HeldBack, ResultsView } from "./view";

/** Below this many visitors in every arm, the page says it is still collecting rather than judging. */
export const MIN_VISITORS_PER_ARM = 100;

export type VerdictDecision =
  | { kind: "srm"; pValue: number | null }
  | { kind: "too-early"; minVisitorsPerArm: number }
  | {
      kind: "variant-ahead";
      goal: string;
      /** The called arm's id (names may repeat). */
      armId?: string;
      armName: string;
      chanceToWin?: number;
      lift: number;
      /** Absent when the relative interval is unbounded (the control's rate is still unsettled). */
      ciLow?: number;
      ciHigh?: number;
      /** Called before the planned sample: the first lift to cross the boundary tends to overstate the truth. */
      early: boolean;
    }
  | { kind: "control-ahead"; goal: string; armId?: string; armName?: string }
  | { kind: "not-comparable"; goal: string; armNames: string[]; remainingUsers: number | null; days: number | null }
  | { kind: "no-difference"; goal: string; minDetectableEffect: number }
  | { kind: "no-winner-yet"; remainingUsers: number | null; days: number | null; largestLift?: number; heldBack?: HeldBack };

export interface VerdictFacts {
  srm: ResultsView["srm"];
  primary: GoalResult | undefined;
  remaining: ResultsView["remaining"];
  alpha: number;
  minDetectableEffect: number;
  /** The goals marked "must not get worse", other than the primary; none when absent. */
  guardrails?: readonly GoalResult[];
  /** What proposes on the primary goal; conversion rate when absent. */
  metric?: DecisionMetric;
}

/**
 * The arm as the decision reads it on `metric`: itself on conversion rate; on profit per visitor, with profit's
 * comparison (profit-comparison.ts) in the fields the rate's fill, and no chance to win (that is the rate's).
 */
export function asProposed(arm: ArmResult, metric: DecisionMetric = "conversion rate"): ArmResult {
  if (metric === "conversion rate") return arm;
  const { lift: _lift, pValue: _p, ciLow: _low, ciHigh: _high, intervalUnbounded: _unbounded, outage: _outage, chanceToWin: _chance, ...rest } = arm;
  return {
    ...rest,
    ...(arm.profitLift !== undefined && { lift: arm.profitLift }),
    ...(arm.profitPValue !== undefined && { pValue: arm.profitPValue }),
    ...(arm.profitCiLow !== undefined && { ciLow: arm.profitCiLow }),
    ...(arm.profitCiHigh !== undefined && { ciHigh: arm.profitCiHigh }),
    ...(arm.profitIntervalUnbounded && { intervalUnbounded: true as const }),
  };
}

type Interval = { low?: number | undefined; high?: number | undefined; unbounded?: true | undefined };
const rateOf = (a: ArmResult): Interval => ({ low: a.ciLow, high: a.ciHigh, unbounded: a.intervalUnbounded });
const revenueOf = (a: ArmResult): Interval => ({ low: a.revenueCiLow, high: a.revenueCiHigh, unbounded: a.revenueIntervalUnbounded });
const bounded = (i: Interval): i is { low: number; high: number } => i.low !== undefined && i.high !== undefined && !i.unbounded;
const hasRevenue = (goal: GoalResult) => goal.arms.some((a) => a.revenue !== 0);
const hasConversions = (goal: GoalResult) => goal.arms.some((a) => a.convertingVisitors > 0);

function held(would: HeldBack["would"], metric: HeldBack["metric"], goal: GoalResult, arm: ArmResult, interval: Interval, margin: number): HeldBack {
  return { would, metric, goal: goal.goal, armId: arm.armId, armName: arm.name, ...(bounded(interval) && { ciLow: interval.low, ciHigh: interval.high }), margin };
}

/**
 * What stops a ship or a "no difference" from standing on the money and the guardrails: every one of these must
 * be shown non-inferior within the MDE (its always-valid interval's low end above −MDE), revenue per visitor on
 * the primary goal too and, for "no difference", within ±MDE (a variant that earns more is a difference).
 * `revenueChecked` false: profit per visitor proposes (a price test), and profit is the money already.
 */
function moneyOrGuardrail(
  would: "ship" | "no-difference",
  primary: GoalResult,
  arms: readonly ArmResult[],
  guardrails: readonly GoalResult[],
  mde: number,
  revenueChecked: boolean,
): HeldBack | null {
  for (const arm of arms) {
    if (revenueChecked) {
      const r = revenueOf(primary.arms.find((a) => a.armId === arm.armId) ?? arm);
      if (!bounded(r) || r.low <= -mde || (would === "no-difference" && r.high >= mde)) return held(would, "revenue per visitor", primary, arm, r, mde);
    }
    for (const goal of guardrails) {
      const guarded = goal.arms.find((a) => a.armId === arm.armId);
      if (!guarded || goal.goal === primary.goal) continue;
      const rate = rateOf(guarded);
      if (hasConversions(goal) && (!bounded(rate) || rate.low <= -mde)) return held(would, "conversion rate", goal, guarded, rate, mde);
      const revenue = revenueOf(guarded);
      if (hasRevenue(goal) && (!bounded(revenue) || revenue.low <= -mde)) return held(would, "revenue per visitor", goal, guarded, revenue, mde);
    }
  }
  return null;
}

export function decideVerdict({ srm, primary, remaining, alpha, minDetectableEffect, guardrails = [], metric = "conversion rate" }: VerdictFacts): VerdictDecision {
  // A broken split makes every other number meaningless, so it outranks a winner.
  if (srm.mismatch) return { kind: "srm", pValue: srm.pValue };
  const arms = primary?.arms ?? [];
  if (!primary || arms.some((a) => a.visitors < MIN_VISITORS_PER_ARM) || arms.every((a) => a.conversions === 0)) {
    return { kind: "too-early", minVisitorsPerArm: MIN_VISITORS_PER_ARM };
  }
  const variants = arms.slice(1);
  // A variant without numbers (its comparison came back with an error) is neither ahead nor behind: unknown.
  // On profit per visitor, the arm's profit comparison stands where its rate's would.
  const compared = variants.flatMap((arm) => {
    const a = asProposed(arm, metric);
    return a.pValue !== undefined && a.lift !== undefined ? [{ ...a, pValue: a.pValue, lift: a.lift }] : [];
  });
  // On profit per visitor, profit is the money: revenue per visitor's check would hold back a lower price that earns more.
  const revenueChecked = metric === "conversion rate" && hasRevenue(primary);
  // The p-values are always-valid and Holm-adjusted across the variants (stats.ts), so "below alpha" may be
  // read at any look; the sign is the absolute difference's, which the relative lift shares.
  // A variant where every visitor converted (an outage the other way) is far likelier a counting bug than a
  // winner: it is never shipped on that alone (the page's outage notice says what happened).
  const winners = compared.filter((a) => a.pValue < alpha && a.lift > 0 && !a.outage);
  // Several significant winners: the strongest evidence first, then the larger lift.
  const best = winners.sort((a, b) => a.pValue - b.pValue || b.lift - a.lift)[0];
  const notYet = (heldBack: HeldBack): VerdictDecision => ({ kind: "no-winner-yet", remainingUsers: remaining.remainingUsers, days: remaining.days, heldBack });
  if (best) {
    const disagrees = moneyOrGuardrail("ship", primary, [best], guardrails, minDetectableEffect, revenueChecked);
    if (disagrees) return notYet(disagrees);
    return {
      kind: "variant-ahead",
      goal: primary.goal,
      armId: best.armId,
      armName: best.name,
      ...(best.chanceToWin !== undefined && { chanceToWin: best.chanceToWin }),
      lift: best.lift,
      ...(best.ciLow !== undefined && best.ciHigh !== undefined && { ciLow: best.ciLow, ciHigh: best.ciHigh }),
      early: (remaining.remainingUsers ?? 1) > 0,
    };
  }
  const losers = compared.filter((a) => a.pValue < alpha && a.lift < 0);
  if (losers.length === variants.length && losers.length > 0) {
    // Keeping the control is safe whatever the guardrails say, but not if a variant is shown to earn more.
    const earner = revenueChecked ? losers.find((a) => { const r = revenueOf(a); return bounded(r) && r.low > 0; }) : undefined;
    if (earner) return notYet(held("keep-control", "revenue per visitor", primary, earner, revenueOf(earner), minDetectableEffect));
    const control = arms[0];
    return { kind: "control-ahead", goal: primary.goal, ...(control && { armId: control.armId, armName: control.name }) };
  }
  if (compared.length < variants.length) {
    // "No detectable difference" would claim a comparison that was never made.
    const unknown = variants.filter((a) => !compared.some((c) => c.armId === a.armId)).map((a) => a.name);
    return { kind: "not-comparable", goal: primary.goal, armNames: unknown, remainingUsers: remaining.remainingUsers, days: remaining.days };
  }
  // An equivalence statement: every variant's interval lies inside ± the MDE, so no difference that large is
  // left, whenever it is read (the intervals are always-valid).
  const equivalent = compared.every(
    (a) => a.ciLow !== undefined && a.ciHigh !== undefined && a.ciLow > -minDetectableEffect && a.ciHigh < minDetectableEffect,
  );
  if (equivalent) {
    const disagrees = moneyOrGuardrail("no-difference", primary, compared, guardrails, minDetectableEffect, revenueChecked);
    return disagrees ? notYet(disagrees) : { kind: "no-difference", goal: primary.goal, minDetectableEffect };
  }
  return { kind: "no-winner-yet", remainingUsers: remaining.remainingUsers, days: remaining.days };
}
