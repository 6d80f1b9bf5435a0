// A visitor's running totals of attributed conversions per test and goal: the increments each conversion adds,
// and what a conversion's per-visitor sums start from (conversionIncrement's `prior`).

/** One key's increment, or its stored total: conversions and revenue in `currency` ("": conversions without a value). */
export interface VisitorTotalDelta {
  siteId: string;
  visitorId: string;
  testId: string;
  goal: string;
  currency: string;
  conversions: number;
  revenue: number;
  /** Profit from costed orders (net revenue less cost): moved by the order doors only, 0 (absent) elsewhere. */
  profit?: number;
}

/** The currency a conversion's totals are kept under: its own, or "" when it has no value (and so no currency). */
export const totalCurrency = (value: number | null, currency: string): string => (value === null ? "" : currency);

/**
 * What the visitor had converted on the goal before, from their totals' rows (one per currency): their count, their
 * count in `currency` (a conversion without a value counts in the site's currency, as its rollup row does) and their
 * revenue in it.
 */
export function priorConversions(
  rows: ReadonlyArray<{ currency: string; conversions: number; revenue: number; profit?: number }>,
  currency: string,
  siteCurrency: string,
): { conversions: number; currencyConversions: number; revenue: number; profit: number } {
  let conversions = 0;
  let currencyConversions = 0;
  let revenue = 0;
  let profit = 0;
  for (const r of rows) {
    conversions += r.conversions;
    if ((r.currency === "" ? siteCurrency : r.currency) === currency) currencyConversions += r.conversions;
    if (r.currency === currency) {
      revenue += r.revenue;
      profit += r.profit ?? 0;
    }
  }
  return { conversions, currencyConversions, revenue, profit };
}

/**
 * What a change of `delta` to the profit of a visitor who had `prior` (an order counted, a refund, a cancellation)
 * adds to profit per visitor's Σ squares and Σ cubes over the visitors (DailyRollup.profitSquares, profitCubes).
 */
export function profitMomentIncrement(prior: number, delta: number): { profitSquares: number; profitCubes: number } {
  if (delta === 0) return { profitSquares: 0, profitCubes: 0 };
  const after = prior + delta;
  return { profitSquares: after * after - prior * prior, profitCubes: after ** 3 - prior ** 3 };
}

/** Increments summed per key, in key order (a fixed lock order for concurrent writers). */
export function visitorTotalTally() {
  const byKey = new Map<string, VisitorTotalDelta>();
  return {
    add(delta: VisitorTotalDelta) {
      const k = [delta.siteId, delta.visitorId, delta.testId, delta.goal, delta.currency].join("\u0000");
      const row = byKey.get(k);
      if (row) {
        row.conversions += delta.conversions;
        row.revenue += delta.revenue;
      } else byKey.set(k, { ...delta });
    },
    rows(): VisitorTotalDelta[] {
      return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    },
  };
}
