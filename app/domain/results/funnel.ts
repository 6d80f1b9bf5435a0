// Shopify's funnel per arm (product viewed → added to cart → checkout started → purchase), read from the
// goals' results the page already has: each step is a goal counted per visitor, so no new rollup or scan.
import { FUNNEL_LABELS } from "~/wire/rules/funnel";
import type { Funnel, FunnelStep, GoalResult } from "./view";

/** Each step's name on the page, by its goal label (app/wire/rules/funnel.ts). */
export const FUNNEL_STEP_NAMES: Record<(typeof FUNNEL_LABELS)[number], string> = {
  product_viewed: "Product viewed",
  added_to_cart: "Added to cart",
  checkout_started: "Checkout started",
  purchase: "Purchase",
};

/**
 * The funnel of a test's goals, or null when none of the web pixel's steps has a goal or a conversion (a
 * site that is not a Shopify store, or a store whose pixel has reported nothing yet). A step with no goal
 * result (no conversions yet) counts 0 visitors.
 */
export function funnelOf(goals: readonly GoalResult[]): Funnel | null {
  const byLabel = new Map(goals.map((g) => [g.goal, g]));
  if (!FUNNEL_LABELS.some((label) => label !== "purchase" && byLabel.has(label))) return null;
  const armsOf = goals[0]?.arms ?? [];
  const steps = FUNNEL_LABELS.map((label) => ({ label, name: FUNNEL_STEP_NAMES[label] }));
  return {
    steps,
    arms: armsOf.map((arm) => {
      let previous: number | null = null;
      return {
        armId: arm.armId,
        key: arm.key,
        name: arm.name,
        isControl: arm.isControl,
        visitors: arm.visitors,
        steps: steps.map(({ label, name }): FunnelStep => {
          const result = byLabel.get(label)?.arms.find((a) => a.armId === arm.armId);
          const visitors = result?.convertingVisitors ?? 0;
          const step: FunnelStep = {
            label,
            name,
            visitors,
            rate: arm.visitors > 0 ? visitors / arm.visitors : null,
            fromPrevious: previous === null || previous === 0 ? null : visitors / previous,
            ...(result?.lift !== undefined && { lift: result.lift, ciLow: result.ciLow, ciHigh: result.ciHigh }),
            ...(result?.intervalUnbounded && { intervalUnbounded: true as const }),
          };
          previous = visitors;
          return step;
        }),
      };
    }),
  };
}
