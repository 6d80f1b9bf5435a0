// The network rollup increments of a group of events (NetworkRollup): a new visitor of a test counts under the
// network of their first exposure, and each conversion attributed to them under that same network, so that
// the robust view (app/domain/results/robust-view.ts) can set a network's visitors and their conversions aside
// together. Kept for the whole test, not per day: a test's networks are many, its days add nothing here.
import type { ConversionIncrement } from "./conversion-increment";

/**
 * What a network rollup row holds: the figures results add up per arm, for one network (a conversion's
 * increment but for refunds, which come later and apart, and the exposed visitors).
 */
export type NetworkFigures = Omit<ConversionIncrement, "refunded" | "refundedOrders"> & { exposedVisitors: number };

export interface NetworkDelta extends NetworkFigures {
  siteId: string;
  testId: string;
  armId: string;
  /** "" for the arm's exposed visitors. */
  goal: string;
  currency: string;
  /** The network's bucket (network-bucket.ts). */
  network: string;
}

type Key = Omit<NetworkDelta, keyof NetworkFigures | "network">;

export const NETWORK_FIGURES = [
  "exposedVisitors", "convertingVisitors", "conversions", "revenue", "revenueSquares", "cappedRevenue", "cappedRevenueSquares",
  "cappedRevenueCubes", "conversionSquares", "revenueConversions", "cappedRevenueConversions",
] as const satisfies ReadonlyArray<keyof NetworkFigures>;

export const zeroNetworkFigures = (): NetworkFigures => ({
  exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, cappedRevenue: 0, cappedRevenueSquares: 0,
  cappedRevenueCubes: 0, conversionSquares: 0, revenueConversions: 0, cappedRevenueConversions: 0,
});

/** Sums network increments per key; `rows()` answers them sorted by key (the lock order of concurrent writers). */
export function networkTally() {
  const rows = new Map<string, NetworkDelta>();
  const add = (key: Key, network: string | null | undefined, figures: Partial<NetworkFigures>) => {
    // Exposures stored before networks were kept, and requests without a usable address, count under none.
    if (!network) return;
    const k = [key.siteId, key.testId, key.armId, key.goal, key.currency, network].join("\u0000");
    const row = rows.get(k) ?? { ...key, network, ...zeroNetworkFigures() };
    for (const f of NETWORK_FIGURES) row[f] += figures[f] ?? 0;
    rows.set(k, row);
  };
  return {
    /** A visitor new to the test, first exposed to `armId` from `network`. */
    exposed: (key: Omit<Key, "goal" | "currency">, network: string | null | undefined) => add({ ...key, goal: "", currency: "" }, network, { exposedVisitors: 1 }),
    /** One attributed conversion's increment (conversion-increment.ts), under the network of its exposure. */
    converted: (key: Key, network: string | null | undefined, inc: Omit<ConversionIncrement, "refunded" | "refundedOrders">) => {
      const figures: Partial<NetworkFigures> = {};
      for (const f of NETWORK_FIGURES) if (f !== "exposedVisitors") figures[f] = inc[f];
      add(key, network, figures);
    },
    rows: (): NetworkDelta[] => [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row),
  };
}
