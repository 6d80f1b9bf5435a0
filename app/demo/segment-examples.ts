// The demo's segment rollups for the results examples: each daily rollup row split over made-up segments
// (device, new or returning, channel, country) so that the results page's "Segments (exploratory)" card has
// figures to show; shares are fixed, and the variant's conversions lean a little towards some segments.
import type { SegmentDelta } from "~/domain/events/segment-plan";
import type { RollupRow } from "~/domain/results/totals";

const SHARES: Record<string, ReadonlyArray<[string, number]>> = {
  device: [["mobile", 0.56], ["tablet", 0.08], ["desktop", 0.36]],
  visitor: [["new", 0.68], ["returning", 0.32]],
  channel: [["direct", 0.3], ["organic-search", 0.28], ["paid-search", 0.12], ["social", 0.16], ["email", 0.08], ["referral", 0.06]],
  country: [["US", 0.42], ["GB", 0.14], ["DE", 0.12], ["CA", 0.1], ["FR", 0.08], ["AU", 0.06], ["other", 0.05], ["unknown", 0.03]],
};

/** How much more (or less) of a variant's conversions fall in a segment than its share of visitors says. */
const VARIANT_TILT: Record<string, number> = { mobile: 1.15, desktop: 0.85, new: 1.1, returning: 0.8, social: 1.3, email: 0.7 };

/** `total` split by `weights` into whole numbers that add up to it (largest remainders). */
function split(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; k < total - parts.reduce((a, b) => a + b, 0); k++) parts[order[k % order.length]![1]]! += 1;
  return parts;
}

export function segmentExampleRows(siteId: string, testId: string, controlArmId: string, rows: readonly RollupRow[]): SegmentDelta[] {
  const out: SegmentDelta[] = [];
  for (const row of rows) {
    for (const [dimension, shares] of Object.entries(SHARES)) {
      const visitorWeights = shares.map(([, share]) => share);
      const tilted = shares.map(([value, share]) => share * (row.armId === controlArmId ? 1 : (VARIANT_TILT[value] ?? 1)));
      const visitors = split(row.exposedVisitors, visitorWeights);
      const converting = split(row.convertingVisitors, tilted);
      const conversions = split(row.conversions, tilted);
      shares.forEach(([value], i) => {
        const part = row.conversions > 0 ? conversions[i]! / row.conversions : 0;
        out.push({
          siteId, testId, armId: row.armId, goal: row.goal, day: row.day, currency: row.currency, dimension, value,
          exposedVisitors: visitors[i]!, convertingVisitors: converting[i]!, conversions: conversions[i]!,
          revenue: row.revenue * part, revenueSquares: (row.revenueSquares ?? 0) * part,
        });
      });
    }
  }
  return out.filter((r) => r.exposedVisitors + r.convertingVisitors + r.conversions > 0);
}
