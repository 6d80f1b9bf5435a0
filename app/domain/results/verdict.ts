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
      armName: string;
      chanceToWin?: number;
      lift: number;
      ciLow: number;
      ciHigh: number;
    }
  | { kind: "control-ahead"; goal: string; armName?: string }
  | { kind: "not-comparable"; goal: string; armNames: string[]; remainingUsers: number | null; days: number | null }
  | { kind: "no-difference"; goal: string; minDetectableEffect: number }
  | { kind: "no-winner-yet"; remainingUsers: number | null; days: number | null };

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
  const compared = variants.flatMap((a) =>
    a.pValue !== undefined && a.lift !== undefined && a.ciLow !== undefined && a.ciHigh !== undefined
      ? [{ ...a, pValue: a.pValue, lift: a.lift, ciLow: a.ciLow, ciHigh: a.ciHigh }]
      : [],
  );
  const winners = compared.filter((a) => a.pValue < alpha && a.lift > 0);
  // Several significant winners: the one most likely to be best is the one to ship.
  const best = winners.sort((a, b) => (b.chanceToWin ?? 0) - (a.chanceToWin ?? 0))[0];
  if (best) {
    return {
      kind: "variant-ahead",
      goal: primary.goal,
      armName: best.name,
      ...(best.chanceToWin !== undefined && { chanceToWin: best.chanceToWin }),
      lift: best.lift,
      ciLow: best.ciLow,
      ciHigh: best.ciHigh,
    };
  }
  const losers = compared.filter((a) => a.pValue < alpha && a.lift < 0);
  if (losers.length === variants.length && losers.length > 0) {
    const control = arms[0];
    return { kind: "control-ahead", goal: primary.goal, ...(control && { armName: control.name }) };
  }
  if (compared.length < variants.length) {
    // "No detectable difference" would claim a comparison that was never made.
    const unknown = variants.filter((a) => !compared.some((c) => c.armId === a.armId)).map((a) => a.name);
    return { kind: "not-comparable", goal: primary.goal, armNames: unknown, remainingUsers: remaining.remainingUsers, days: remaining.days };
  }
  if (remaining.remainingUsers === 0) return { kind: "no-difference", goal: primary.goal, minDetectableEffect };
  return { kind: "no-winner-yet", remainingUsers: remaining.remainingUsers, days: remaining.days };
}
