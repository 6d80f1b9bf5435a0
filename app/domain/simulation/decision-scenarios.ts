// The validity simulation's decision scenarios (issue 34): a decision must read the money, and with several
// variants a variant the page marks "Decided" must have an interval that excludes 0.
import type { PathClaims } from "./claims";
import { DEFAULT_VISITOR } from "./generators";
import { everyVisitors } from "./runner";
import { pageScenario, plannedVisitors, type Scenario } from "./scenario";
import type { Target } from "./table";

const rate = (x: boolean) => (x ? 1 : 0);
const INFO: Target = { info: true };
const count = (n: number) => n.toLocaleString("en-US");

/** The smaller-orders test's MDE: the issue measured it at 10%. */
export const SMALLER_ORDERS_MDE = 0.1;
/** Its orders' size against control's: 10% smaller, so revenue per visitor is 10% lower at the same rate. */
export const SMALLER_ORDERS = 0.9;
/** Visitors between two reads of the page in these scenarios: a day of a mid-sized shop. */
export const READ_EVERY = 1000;

/**
 * Conversion unchanged, orders 10% smaller: "No difference as large as 10%" would hide a 10% loss of revenue
 * per visitor. Read every READ_EVERY visitors up to the plan at a 10% MDE; the first decided verdict is what the
 * schedule would act on (stop when decided).
 */
function smallerOrdersScenario(): Scenario<PathClaims> {
  const horizon = plannedVisitors([1, 1], DEFAULT_VISITOR.conversionRate, SMALLER_ORDERS_MDE);
  const setting = `orders 10% smaller, conversion unchanged (revenue per visitor −10%), MDE 10%, 50/50, read every ${count(READ_EVERY)} visitors up to the plan (${count(horizon)})`;
  return pageScenario({
    key: "smaller-orders",
    weights: [1, 1],
    assignment: [1, 1],
    looks: everyVisitors(READ_EVERY, horizon),
    minDetectableEffect: SMALLER_ORDERS_MDE,
    arms: () => [DEFAULT_VISITOR, { ...DEFAULT_VISITOR, order: { ...DEFAULT_VISITOR.order, mean: DEFAULT_VISITOR.order.mean * SMALLER_ORDERS } }],
    trueLifts: () => [SMALLER_ORDERS - 1],
    lines: [
      { id: "smaller-no-difference", claim: "decided \"No difference as large as the MDE\" though revenue per visitor is 10% lower", setting, kind: "rate", target: { at: "most", value: 0.05 }, value: (c) => rate(c.firstDecided === "no-difference") },
      { id: "smaller-ship", claim: "decided \"Ship\" though revenue per visitor is 10% lower", setting, kind: "rate", target: { at: "most", value: 0.05 }, value: (c) => rate(c.firstDecided === "variant-ahead") },
      { id: "smaller-held", claim: "at the plan, the page names revenue per visitor as what holds the decision back", setting, kind: "rate", target: INFO, value: (c) => rate(c.finalHeldBack === "revenue per visitor") },
    ],
  });
}

/** Four arms with real lifts of 5%, 10% and 20%: the marks beside the intervals, and what the page finds. */
function fourArmLiftsScenario(): Scenario<PathClaims> {
  const weights = [1, 1, 1, 1];
  const horizon = plannedVisitors(weights);
  const setting = `conversion lifts +5%, +10%, +20%, 25/25/25/25, read every 500 visitors up to the plan (${count(horizon)})`;
  return pageScenario({
    key: "lifts-4",
    weights,
    assignment: weights,
    looks: everyVisitors(500, horizon),
    trueLifts: () => [0.05, 0.1, 0.2],
    lines: [
      { id: "lifts4-decided-zero", claim: "4 arms: a variant marked \"Decided\" beside an interval that holds 0, at some read", setting, kind: "rate", target: { at: "most", value: 0 }, value: (c) => rate(c.decidedBesideZero) },
      { id: "lifts4-power", claim: "4 arms: the +20% variant called \"variant ahead\" by the plan", setting, kind: "rate", target: INFO, value: (c) => rate(c.firstCall?.side === "variant" && c.firstCall.variant === 2) },
    ],
  });
}

export function decisionScenarios(): Scenario[] {
  return [smallerOrdersScenario(), fourArmLiftsScenario()];
}
