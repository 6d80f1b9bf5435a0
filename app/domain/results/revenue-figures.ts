// Per arm, the revenue figures the capped-revenue and AOV methods of issue 21 start from, apart from the
// engine's comparisons so that they can be wired into it later: capped revenue per visitor's mean with
// the sums its variance needs, and average order value with its delta-method interval.
import { intervalOf, ratioDifference, ratioEstimate, type Interval, type RatioSums } from "../stats";
import type { ArmTotals } from "./totals";

export interface ArmRevenueFigures {
  /** Capped revenue per visitor: the engine's mean-metric inputs (users, sum, sumSquares) and their mean and variance. */
  cappedRevenuePerVisitor: {
    users: number;
    sum: number;
    sumSquares: number;
    /** sum / users; null without visitors. */
    mean: number | null;
    /** Sample variance of one visitor's capped revenue; null under two visitors. */
    variance: number | null;
  };
  /** Revenue / conversions in the site's currency (as the page shows it) with its interval; null without an order. */
  aov: Interval | null;
  /** The same on capped revenue: what one heavy buyer cannot swing. */
  cappedAov: Interval | null;
  /** Variants only: AOV minus the control's, uncapped and capped, with their intervals. */
  aovDifference?: Interval | null;
  cappedAovDifference?: Interval | null;
}

/** AOV's sums over the arm's visitors: X = a visitor's conversions, Y = their revenue (capped or not). */
export function aovSums(t: ArmTotals, capped: boolean): RatioSums {
  return {
    n: t.visitors,
    sumX: t.siteCurrencyConversions,
    sumX2: t.conversionSquares,
    sumY: capped ? t.cappedRevenue : t.revenue,
    sumY2: capped ? t.cappedRevenueSquares : t.revenueSquares,
    sumXY: capped ? t.cappedRevenueConversions : t.revenueConversions,
  };
}

/** Per arm in the order of `totals` (the first is the control); `z` is the interval's multiplier (1.96 for 95%). */
export function revenueFigures(totals: readonly ArmTotals[], z: number): ArmRevenueFigures[] {
  const control = totals[0];
  return totals.map((t, i) => {
    const n = t.visitors;
    const interval = (capped: boolean) => {
      const est = ratioEstimate(aovSums(t, capped));
      return est && intervalOf(est, z);
    };
    const difference = (capped: boolean) => {
      const est = control ? ratioDifference(aovSums(control, capped), aovSums(t, capped)) : null;
      return est && intervalOf(est, z);
    };
    return {
      cappedRevenuePerVisitor: {
        users: n,
        sum: t.cappedRevenue,
        sumSquares: t.cappedRevenueSquares,
        mean: n > 0 ? t.cappedRevenue / n : null,
        variance: n > 1 ? Math.max(0, (t.cappedRevenueSquares - (t.cappedRevenue * t.cappedRevenue) / n) / (n - 1)) : null,
      },
      aov: interval(false),
      cappedAov: interval(true),
      ...(i > 0 && { aovDifference: difference(false), cappedAovDifference: difference(true) }),
    };
  });
}
