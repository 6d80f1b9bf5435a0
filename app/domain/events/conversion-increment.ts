// The rollup increment one attributed conversion adds, given what its visitor had converted before.

/** The day's rollup row an increment adds to (DailyRollup's key; a segment's adds its dimension and value). */
export interface RollupDayKey {
  siteId: string;
  testId: string;
  armId: string;
  /** "" for the arm's exposed visitors. */
  goal: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  currency: string;
}

export interface ConversionIncrement {
  conversions: number;
  convertingVisitors: number;
  revenue: number;
  revenueSquares: number;
  /** Σ over visitors of min(revenue, cap), and of its square: revenue per visitor that one order cannot swing. */
  cappedRevenue: number;
  cappedRevenueSquares: number;
  /** Σ over visitors of min(revenue, cap)³: the skewness rule's third moment (stats/skewness.ts). */
  cappedRevenueCubes: number;
  /** Σ over visitors of conversions² and of revenue × conversions (this currency): what AOV's delta method needs. */
  conversionSquares: number;
  revenueConversions: number;
  cappedRevenueConversions: number;
  refunded: number;
  /** 1 when the conversion's order was already refunded or cancelled when it was counted. */
  refundedOrders: number;
}

/**
 * What the visitor had before this conversion on the same goal in the same test: `conversions` in any
 * currency (are they a new converting visitor?), `currencyConversions` and `revenue` in this conversion's
 * currency (the per-visitor sums are kept per currency, as the rollup rows are). A conversion without a
 * visitor has no prior.
 */
export interface VisitorPrior {
  conversions: number;
  currencyConversions: number;
  revenue: number;
}

/**
 * `cap` is the test's revenue cap (null: none) and applies to the visitor's cumulative revenue, so the
 * capped figures move by min(r + v, cap) − min(r, cap): a visitor already at the cap adds nothing more,
 * one crossing it adds the part up to it. Every figure is a difference of a per-visitor function before
 * and after, so any order of a visitor's conversions sums to the same totals.
 */
export function conversionIncrement(prior: VisitorPrior, value: number | null, refunded = 0, cap: number | null = null): ConversionIncrement {
  const v = value ?? 0;
  const r = prior.revenue;
  const x = prior.currencyConversions;
  const capped = (amount: number) => (cap === null ? amount : Math.min(amount, cap));
  const before = capped(r);
  const after = capped(r + v);
  return {
    conversions: 1,
    convertingVisitors: prior.conversions === 0 ? 1 : 0,
    revenue: v,
    // The visitor's revenue goes from r to r + v, so their square grows by 2rv + v².
    revenueSquares: 2 * r * v + v * v,
    cappedRevenue: after - before,
    cappedRevenueSquares: after * after - before * before,
    cappedRevenueCubes: after * after * after - before * before * before,
    // Conversions go from x to x + 1.
    conversionSquares: 2 * x + 1,
    revenueConversions: (x + 1) * (r + v) - x * r,
    cappedRevenueConversions: (x + 1) * after - x * before,
    refunded,
    refundedOrders: refunded > 0 ? 1 : 0,
  };
}
