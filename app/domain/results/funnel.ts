// Shopify's funnel per arm (product viewed → added to cart → checkout started → purchase), read from the
// goals' results the page already has: each step is a goal counted per visitor, so no new rollup or scan.
import { FUNNEL_LABELS } from "~/wire/rules/funnel";
import type { GoalResult } from "./view";

/** Each step's name on the page, by its goal label (app/wire/rules/funnel.ts). */
export const FUNNEL_STEP_NAMES: Record<(typeof FUNNEL_LABELS)[number], string> = {
  product_viewed: "Product viewed",
  added_to_cart: "Added to cart",
  checkout_started: "Checkout started",
  purchase: "Purchase",
};

export interface FunnelStep {
  label: string;
  name: string;
  /** Exposed visitors of this arm who reached the step (its goal's converting visitors). */
  visitors: number;
  /** visitors / the arm's exposed visitors; null without exposed visitors. */
  rate: number | null;
  /**
   * visitors / the previous step's visitors; null on the first step or when the previous step has none.
   * Steps are counted apart, so it may pass 100% (a purchase the pixel saw no product view of).
   */
  fromPrevious: number | null;
  /** The step's rate against control (variants): the goal's lift and always-valid interval, as on its own table. */
  lift?: number;
  ciLow?: number;
  ciHigh?: number;
  intervalUnbounded?: true;
}

export interface FunnelArm {
  armId: string;
  key: string;
  name: string;
  isControl: boolean;
  /** Visitors exposed to the test in this arm. */
  visitors: number;
  steps: FunnelStep[];
}

export interface Funnel {
  steps: Array<{ label: string; name: string }>;
  arms: FunnelArm[];
}

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
