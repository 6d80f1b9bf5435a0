// What a daily rollup row holds (DailyRollup): the figures ingestion adds to and the results page adds up.

/** The figures a daily rollup row holds (DailyRollup): what ingestion adds to and results add up. */
export interface RollupFigures {
  exposures: number;
  exposedVisitors: number;
  convertingVisitors: number;
  conversions: number;
  revenue: number;
  revenueSquares: number;
  /** Revenue of these conversions later refunded or cancelled (Shopify orders); 0 elsewhere. */
  refunded: number;
  /** Of these conversions' orders, how many were refunded or cancelled; absent on rows from before it was kept. */
  refundedOrders?: number;
}

/**
 * The per-visitor sums for capped revenue and average order value's interval (conversion-increment.ts).
 * A row without them reads as a row stored before they existed, as the migration fills them: capped equal
 * to uncapped (no test was capped then), one conversion per visitor (Σx² = conversions, Σxy = revenue).
 */
export interface RevenueSums {
  cappedRevenue: number;
  cappedRevenueSquares: number;
  /**
   * Σ per-visitor capped revenue³, for the skewness rule. Null on rows stored before it was kept (unknown,
   * not derivable); an arm with such a row has it null, and then the rule cannot be checked.
   */
  cappedRevenueCubes: number | null;
  conversionSquares: number;
  revenueConversions: number;
  cappedRevenueConversions: number;
}

/**
 * CUPED's covariate, a visitor's capped revenue before their first exposure (docs/statistics.md, "CUPED"):
 * ΣX and ΣX² over the visitors on the exposure rows, ΣX·Y (Y the visitor's capped revenue in the test) on
 * the goal rows. Absent when not kept: then there is no adjustment.
 */
export interface CovariateSums {
  covariateSum: number;
  covariateSquares: number;
  covariateRevenueProducts: number;
}

/**
 * Profit per visitor's sums (docs/statistics.md, "Profit per visitor"), on the goal rows of Shopify orders: Σ and Σ³ of
 * each visitor's profit squared and cubed (the net revenue of their costed orders less those orders' cost), kept by
 * the order doors from the visitor's running profit (VisitorTotal.profit). NULL on rows that counted costed orders
 * before they were kept: unknown, so the arm's profit is then not compared.
 */
export interface ProfitSums {
  profitSquares: number | null;
  profitCubes: number | null;
}
