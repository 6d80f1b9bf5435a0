// The rollup increment one attributed conversion adds, given what its visitor had converted before.

export interface ConversionIncrement {
  conversions: number;
  convertingVisitors: number;
  revenue: number;
  revenueSquares: number;
  refunded: number;
}

/**
 * `prior` is the visitor's earlier conversions on the same goal in the same test (their count in any
 * currency, their revenue in this conversion's currency). A conversion without a visitor has no prior.
 */
export function conversionIncrement(
  prior: { conversions: number; revenue: number },
  value: number | null,
  refunded = 0,
): ConversionIncrement {
  const v = value ?? 0;
  return {
    conversions: 1,
    convertingVisitors: prior.conversions === 0 ? 1 : 0,
    revenue: v,
    // The visitor's revenue goes from r to r + v, so their square grows by 2rv + v².
    revenueSquares: 2 * prior.revenue * v + v * v,
    refunded,
  };
}
