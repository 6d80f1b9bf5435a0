// The segment rollup increments of a group of events (SegmentRollup): a new visitor of a test counts in each
// dimension of their first exposure's segment, and each conversion attributed to them in the segment of the
// exposure it was attributed to, so that every segment's figures add up to the arm's.
import type { ConversionIncrement, RollupDayKey } from "./conversion-increment";
import { segmentEntries } from "./segment";

/**
 * The `dimension` of a row that holds a whole segment, its `value` being Exposure.segment's text: the storefront's
 * writer adds one such row a key and segment instead of one a dimension (up to five upserts a conversion on a
 * Shopify store, where every dimension has a value), and the fold and every reader split it (bySegmentDimension).
 */
export const WHOLE_SEGMENT = "";

export interface SegmentFigures {
  exposedVisitors: number;
  convertingVisitors: number;
  conversions: number;
  revenue: number;
  revenueSquares: number;
}

export interface SegmentDelta extends SegmentFigures, RollupDayKey {
  dimension: string;
  value: string;
}


/**
 * A visitor's exposure as attribution sees it, with the segment and the network bucket stored on it
 * (null: none kept).
 */
export interface SegmentedExposure {
  testId: string;
  armId: string;
  exposedAt: Date;
  segment?: string | null;
  network?: string | null;
}

/**
 * The exposure a conversion was attributed to: the visitor's earliest exposure to that test with that arm
 * (attribute() picks the earliest exposure, so that is the one it picked). Its segment and network are the
 * conversion's in the segment and network rollups.
 */
export function attributedExposure<E extends SegmentedExposure>(exposures: readonly E[], testId: string, armId: string): E | undefined {
  let first: E | undefined;
  for (const e of exposures) {
    if (e.testId !== testId || e.armId !== armId) continue;
    if (!first || e.exposedAt.getTime() < first.exposedAt.getTime()) first = e;
  }
  return first;
}

/** The segment of the exposure a conversion was attributed to (attributedExposure). */
export function attributedSegment(exposures: readonly SegmentedExposure[], testId: string, armId: string): string | null {
  return attributedExposure(exposures, testId, armId)?.segment ?? null;
}

/**
 * Sums segment increments per key; `rows()` answers them sorted by key (the lock order of concurrent writers). One row
 * a whole segment (WHOLE_SEGMENT), or with `split` one a dimension with a value, as the folded rows hold them.
 */
export function segmentTally({ split = false } = {}) {
  const rows = new Map<string, SegmentDelta>();
  const add = (key: RollupDayKey, segment: string | null | undefined, figures: Partial<SegmentFigures>) => {
    // A segment with entries is one this code wrote (segmentEntries decodes it), so its text is the whole row's value.
    const dimensions = segmentEntries(segment);
    const entries: Array<[string, string]> = split ? dimensions : dimensions.length > 0 ? [[WHOLE_SEGMENT, segment!]] : [];
    for (const [dimension, value] of entries) {
      const k = [key.siteId, key.testId, key.armId, key.goal, key.day, key.currency, dimension, value].join("\u0000");
      const row = rows.get(k) ?? { ...key, dimension, value, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0 };
      for (const f of FIGURES) row[f] += figures[f] ?? 0;
      rows.set(k, row);
    }
  };
  return {
    /** A visitor new to the test, first exposed to `armId` on `day`. */
    exposed: (key: Omit<RollupDayKey, "goal" | "currency">, segment: string | null | undefined) => add({ ...key, goal: "", currency: "" }, segment, { exposedVisitors: 1 }),
    /** One attributed conversion's increment (conversion-increment.ts), in the segment of its exposure. */
    converted: (key: RollupDayKey, segment: string | null | undefined, inc: Pick<ConversionIncrement, Exclude<keyof SegmentFigures, "exposedVisitors">>) =>
      add(key, segment, { convertingVisitors: inc.convertingVisitors, conversions: inc.conversions, revenue: inc.revenue, revenueSquares: inc.revenueSquares }),
    rows: (): SegmentDelta[] => [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row),
  };
}

const FIGURES = ["exposedVisitors", "convertingVisitors", "conversions", "revenue", "revenueSquares"] as const;
const FIGURE_NAMES = new Set<string>(FIGURES);

/**
 * Segment rows as the results show them, one a dimension's value: each whole-segment row (WHOLE_SEGMENT) split into
 * its dimensions with a value, and summed with the rows of the same key (every field but the figures).
 */
export function bySegmentDimension<R extends SegmentFigures & { dimension: string; value: string }>(rows: readonly R[]): R[] {
  const sums = new Map<string, R>();
  for (const row of rows) {
    const entries: Array<[string, string]> = row.dimension === WHOLE_SEGMENT ? segmentEntries(row.value) : [[row.dimension, row.value]];
    for (const [dimension, value] of entries) {
      const split: R = { ...row, dimension, value };
      const key = JSON.stringify(Object.entries(split).filter(([field]) => !FIGURE_NAMES.has(field)));
      const sum = sums.get(key);
      if (!sum) sums.set(key, split);
      else for (const f of FIGURES) sum[f] += row[f];
    }
  }
  return [...sums.values()];
}
