// Which verdict the primary goal supports, by the rules in docs/results.md; verdict-words.ts puts it into words.
import type { GoalResult, ResultsView } from "./view";

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
  | { kind: "no-winner-yet"; remainingUsers: number | null; days: number | null; largestLift?: number };

export interface VerdictFacts {
  srm: ResultsView["srm"];
  primary: GoalResult | undefined;
  remaining: ResultsView["remaining"];
  alpha: number;
  minDetectableEffect: number;
}

export function decideVerdict({ srm, primary, remaining, alpha, minDetectableEffect }: VerdictFacts): VerdictDecision {
  // A broken split makes every other number meaningless, so it outranks a winner.
  if (srm.mismatch) return { kind: "srm", pValue: srm.pValue };
  const arms = primary?.arms ?? [];
  if (!primary || arms.some((a) => a.visitors < MIN_VISITORS_PER_ARM) || arms.every((a) => a.conversions === 0)) {
    return { kind: "too-early", minVisitorsPerArm: MIN_VISITORS_PER_ARM };
  }
  const variants = arms.slice(1);
  // A variant without numbers (its comparison came back with an error) is neither ahead nor behind: unknown.
  const compared = variants.flatMap((a) => (a.pValue !== undefined && a.lift !== undefined ? [{ ...a, pValue: a.pValue, lift: a.lift }] : []));
  // The p-values are always-valid and Holm-adjusted across the variants (stats.ts), so "below alpha" may be
  // read at any look; the sign is the absolute difference's, which the relative lift shares.
  const winners = compared.filter((a) => a.pValue < alpha && a.lift > 0);
  // Several significant winners: the strongest evidence first, then the larger lift.
  const best = winners.sort((a, b) => a.pValue - b.pValue || b.lift - a.lift)[0];
  if (best) {
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
  if (equivalent) return { kind: "no-difference", goal: primary.goal, minDetectableEffect };
  return { kind: "no-winner-yet", remainingUsers: remaining.remainingUsers, days: remaining.days };
}
