// The refund-share guardrail's statistic: whether a variant's orders are refunded more often than control's,
// read every day without inflating the chance of a false alarm (docs/results.md, "Guardrails").
import { DEFAULT_SEQUENTIAL_TUNING, sequentialHalfWidth } from "../stats";

export interface OrderRefunds {
  /** Orders counted (conversions in the site's currency). */
  orders: number;
  /** Of those, the orders refunded in part or in full, or cancelled. */
  refunded: number;
}

export interface RefundShareDifference {
  /** Variant's refund share − control's, in proportion points (0.03 = 3 points). */
  difference: number;
  /** Always-valid interval of that difference at 1 − alpha. */
  ciLow: number;
  ciHigh: number;
}

/**
 * Too few orders for the asymptotic sequence to mean anything: with fewer, a single refund moves the share
 * by several points and the normal approximation the sequence rests on does not hold yet.
 */
export const MIN_ORDERS_PER_ARM = 30;

/**
 * The always-valid interval of the difference in refund share between a variant and control, or null
 * before each arm has MIN_ORDERS_PER_ARM orders.
 *
 * Orders are the units. The variance uses Agresti & Caffo's adjustment (one refunded and one kept order
 * added to each arm: "Simple and effective confidence intervals for proportions and differences of
 * proportions result from adding two successes and two failures", The American Statistician 54:280, 2000),
 * so an arm with no refund yet does not get a zero variance and a falsely narrow interval. The half-width is
 * the page's own asymptotic confidence sequence (sequential.ts: Waudby-Smith et al. 2024), valid however
 * often it is read; `alpha` is the share of it this comparison may spend (α/(k − 1) with several variants).
 */
export function refundShareDifference(
  control: OrderRefunds,
  variant: OrderRefunds,
  alpha: number,
  tuning = DEFAULT_SEQUENTIAL_TUNING,
): RefundShareDifference | null {
  if (control.orders < MIN_ORDERS_PER_ARM || variant.orders < MIN_ORDERS_PER_ARM) return null;
  const share = (arm: OrderRefunds) => arm.refunded / arm.orders;
  const adjusted = (arm: OrderRefunds) => (arm.refunded + 1) / (arm.orders + 2);
  const variance = (arm: OrderRefunds) => {
    const p = adjusted(arm);
    return (p * (1 - p)) / (arm.orders + 2);
  };
  const difference = share(variant) - share(control);
  const center = adjusted(variant) - adjusted(control);
  const half = sequentialHalfWidth(Math.sqrt(variance(control) + variance(variant)), control.orders + variant.orders, alpha, tuning);
  return { difference, ciLow: center - half, ciHigh: center + half };
}
