// Guardrails: goals a merchant marks as "must not get worse". A variant trips one when the always-valid
// interval of its change on that goal (conversion rate, or revenue per visitor when the goal carries revenue)
// lies wholly below zero at the test's confidence; svc then pauses the test (docs/results.md, "Guardrails").
import { oneLine } from "../events/misuse-notice";
import { intervalText } from "./decision-words";
import type { ResultsView } from "./view";

export type GuardrailMetric = "conversion rate" | "revenue per visitor";

export interface GuardrailBreach {
  goal: string;
  metric: GuardrailMetric;
  armId: string;
  armName: string;
  lift: number;
  ciLow: number;
  ciHigh: number;
}

/**
 * The breaches, worst first. None on a sample ratio mismatch (the numbers cannot be trusted either way: the
 * page asks the merchant instead) and none before the intervals exist. The intervals are the page's own:
 * always valid under continuous monitoring, and split across the variants (α/(k − 1)), so reading them at
 * every pass keeps a healthy variant's chance of a false pause at or under α per guardrail.
 */
export function guardrailBreaches(view: ResultsView, guardrailGoals: readonly string[]): GuardrailBreach[] {
  if (view.srm.mismatch) return [];
  const breaches: GuardrailBreach[] = [];
  for (const goal of view.goals) {
    if (!guardrailGoals.includes(goal.goal)) continue;
    for (const arm of goal.arms) {
      if (arm.isControl) continue;
      if (arm.lift !== undefined && arm.ciLow !== undefined && arm.ciHigh !== undefined && !arm.intervalUnbounded && arm.ciHigh < 0) {
        breaches.push({ goal: goal.goal, metric: "conversion rate", armId: arm.armId, armName: arm.name, lift: arm.lift, ciLow: arm.ciLow, ciHigh: arm.ciHigh });
      }
      const { revenueLift: lift, revenueCiLow: low, revenueCiHigh: high } = arm;
      if (lift !== undefined && low !== undefined && high !== undefined && !arm.revenueIntervalUnbounded && high < 0) {
        breaches.push({ goal: goal.goal, metric: "revenue per visitor", armId: arm.armId, armName: arm.name, lift, ciLow: low, ciHigh: high });
      }
    }
  }
  return breaches.sort((a, b) => a.ciHigh - b.ciHigh);
}

/** The reason the test's page and the owner's email give, from the worst breach; the others are counted. */
export function guardrailPauseReason(breaches: readonly GuardrailBreach[], alpha: number): string {
  const [worst] = breaches;
  if (!worst) return "";
  const more = breaches.length - 1;
  return (
    `Guardrail: "${oneLine(worst.armName, 80)}" lowers ${worst.metric} on "${oneLine(worst.goal, 64)}" by ${(Math.abs(worst.lift) * 100).toFixed(1)}% ` +
    `(interval ${intervalText(worst.ciLow, worst.ciHigh)}, always valid at ${Math.round((1 - alpha) * 1000) / 10}%), so svc paused the test and no more visitors see it.` +
    (more > 0 ? ` ${more} more guardrail${more === 1 ? " was" : "s were"} tripped.` : "") +
    ` Resume it only if that loss is acceptable: once resumed, svc does not pause it for its guardrails again.`
  );
}
