// Guardrails: goals a merchant marks as "must not get worse". A variant trips one when the always-valid
// interval of its change on that goal (conversion rate, or revenue per visitor when the goal carries revenue)
// lies wholly below zero at the test's confidence, or, for orders that can be refunded, when its refund
// share's interval lies wholly above control's; svc then pauses the test (docs/results.md, "Guardrails").
import { oneLine } from "../events/misuse-notice";
import { intervalText } from "./decision-words";
import { refundShareDifference } from "./refund-share";
import type { ArmResult, ResultsView } from "./view";

export type GuardrailMetric = "conversion rate" | "revenue per visitor" | "refund share";

export interface GuardrailBreach {
  goal: string;
  metric: GuardrailMetric;
  armId: string;
  armName: string;
  /** Relative change against control; for the refund share, the difference in proportion points. */
  lift: number;
  ciLow: number;
  ciHigh: number;
}

/** How far the interval lies on the losing side: the worst breach is the one furthest from no change. */
const severity = (b: GuardrailBreach) => (b.metric === "refund share" ? b.ciLow : -b.ciHigh);

/**
 * The breaches, worst first. None on a sample ratio mismatch (the numbers cannot be trusted either way: the
 * page asks the merchant instead) and none before the intervals exist. The intervals are the page's own:
 * always valid under continuous monitoring, and split across the variants (α/(k − 1)), so reading them at
 * every pass keeps a healthy variant's chance of a false pause at or under α per guardrail.
 */
export function guardrailBreaches(view: ResultsView, guardrailGoals: readonly string[]): GuardrailBreach[] {
  if (view.srm.mismatch) return [];
  const breaches: GuardrailBreach[] = [];
  const variants = Math.max(1, view.arms.length - 1);
  for (const goal of view.goals) {
    if (!guardrailGoals.includes(goal.goal)) continue;
    const control = goal.arms.find((a) => a.isControl);
    for (const arm of goal.arms) {
      if (arm.isControl) continue;
      if (arm.lift !== undefined && arm.ciLow !== undefined && arm.ciHigh !== undefined && !arm.intervalUnbounded && arm.ciHigh < 0) {
        breaches.push({ goal: goal.goal, metric: "conversion rate", armId: arm.armId, armName: arm.name, lift: arm.lift, ciLow: arm.ciLow, ciHigh: arm.ciHigh });
      }
      const { revenueLift: lift, revenueCiLow: low, revenueCiHigh: high } = arm;
      if (lift !== undefined && low !== undefined && high !== undefined && !arm.revenueIntervalUnbounded && high < 0) {
        breaches.push({ goal: goal.goal, metric: "revenue per visitor", armId: arm.armId, armName: arm.name, lift, ciLow: low, ciHigh: high });
      }
      const refunds = control && refundShareBreach(control, arm, view.alpha / variants);
      if (refunds) breaches.push({ goal: goal.goal, metric: "refund share", armId: arm.armId, armName: arm.name, ...refunds });
    }
  }
  return breaches.sort((a, b) => severity(b) - severity(a));
}

/**
 * A variant whose orders are refunded more often than control's: only on goals whose orders can be refunded
 * (Shopify purchases, where some order of the test was), with its share of alpha.
 */
function refundShareBreach(control: ArmResult, variant: ArmResult, alpha: number): Pick<GuardrailBreach, "lift" | "ciLow" | "ciHigh"> | null {
  if (control.refundedOrders + variant.refundedOrders === 0) return null;
  const d = refundShareDifference(
    { orders: control.siteCurrencyConversions, refunded: control.refundedOrders },
    { orders: variant.siteCurrencyConversions, refunded: variant.refundedOrders },
    alpha,
  );
  return d && d.ciLow > 0 ? { lift: d.difference, ciLow: d.ciLow, ciHigh: d.ciHigh } : null;
}

const points = (x: number) => `${x >= 0 ? "+" : "−"}${(Math.abs(x) * 100).toFixed(1)}`;

/** The reason the test's page and the owner's email give, from the worst breach; the others are counted. */
export function guardrailPauseReason(breaches: readonly GuardrailBreach[], alpha: number): string {
  const [worst] = breaches;
  if (!worst) return "";
  const more = breaches.length - 1;
  const confidence = `always valid at ${Math.round((1 - alpha) * 1000) / 10}%`;
  const what =
    worst.metric === "refund share"
      ? `raises the refund share of "${oneLine(worst.goal, 64)}" orders by ${(Math.abs(worst.lift) * 100).toFixed(1)} points ` +
        `(interval ${points(worst.ciLow)} to ${points(worst.ciHigh)} points, ${confidence})`
      : `lowers ${worst.metric} on "${oneLine(worst.goal, 64)}" by ${(Math.abs(worst.lift) * 100).toFixed(1)}% ` +
        `(interval ${intervalText(worst.ciLow, worst.ciHigh)}, ${confidence})`;
  return (
    `Guardrail: "${oneLine(worst.armName, 80)}" ${what}, so svc paused the test and no more visitors see it.` +
    (more > 0 ? ` ${more} more guardrail${more === 1 ? " was" : "s were"} tripped.` : "") +
    ` Resume it only if that loss is acceptable: once resumed, svc judges its guardrails on the traffic from the next day on: this loss does not pause it again, a new one does.`
  );
}
