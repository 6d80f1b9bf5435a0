// The "Segments (exploratory)" card under daily reading (issue 34): simulated tests whose visitors carry a
// device, new or returning, a channel and a country with uneven shares, read at the end of every day through
// the REAL buildResults() and the segments the results page builds beside it (segmentsBeside), and counted by
// whether any segment's interval excluded 0 (A/A: a story invented) or found a real segment effect (power).
import { buildResults, type ResultsInput, type RollupRow } from "../results/build-results";
import { segmentsBeside, type SegmentRollupRow, type SegmentsView } from "../results/segments";
import type { SegmentDimension } from "../events/segment";
import { cumulativeShares, pickArm } from "../random/draws";
import { armName } from "./page-reading";
import type { Rng } from "../random/prng";
import { MDE, type Line, type Scenario } from "./scenario";
import type { Target } from "./table";

/** The simulated shop's traffic: visitors a day, and days the card is read (once at the end of each). */
export const SEGMENT_DAILY_VISITORS = 1000;
export const SEGMENT_DAYS = 28;
/** Control's conversion rate over all visitors (the purchase goal). */
const BASE_RATE = 0.05;
/** With a second goal, visitors add to cart this many times as often as they buy; every buyer added first. */
const CART_PER_PURCHASE = 2.4;
const CURRENCY = "USD";
const DAY = "2026-01-01";

/** One segment value: its share of visitors and how much more (or less) its visitors convert, relatively. */
export interface SimSegmentValue {
  value: string;
  share: number;
  rate: number;
}

export interface SimDimension {
  dimension: SegmentDimension;
  values: SimSegmentValue[];
}

/**
 * A shop's segments as the card sees them (values as `segment.ts` classifies them), each dimension drawn
 * independently per visitor. Shares and relative rates are plausible for a small web shop: most visitors on
 * mobile and converting less, returning visitors converting twice as often as new ones, a long tail of
 * countries and a few percent that cannot be told (`unknown`). Per dimension the rates are rescaled so the
 * shop converts at BASE_RATE overall.
 */
export const SIM_SEGMENTS: SimDimension[] = [
  { dimension: "device", values: [{ value: "mobile", share: 0.62, rate: 0.8 }, { value: "desktop", share: 0.33, rate: 1.4 }, { value: "tablet", share: 0.05, rate: 1 }] },
  { dimension: "visitor", values: [{ value: "new", share: 0.7, rate: 0.8 }, { value: "returning", share: 0.3, rate: 1.6 }] },
  {
    dimension: "channel",
    values: [
      { value: "direct", share: 0.3, rate: 1.2 }, { value: "organic-search", share: 0.28, rate: 1 }, { value: "paid-search", share: 0.15, rate: 1.1 },
      { value: "social", share: 0.14, rate: 0.6 }, { value: "email", share: 0.05, rate: 1.8 }, { value: "referral", share: 0.05, rate: 0.9 },
      { value: "unknown", share: 0.03, rate: 1 },
    ],
  },
  {
    dimension: "country",
    values: [
      { value: "US", share: 0.45, rate: 1 }, { value: "GB", share: 0.12, rate: 1.1 }, { value: "DE", share: 0.09, rate: 0.9 },
      { value: "CA", share: 0.08, rate: 1 }, { value: "FR", share: 0.06, rate: 0.8 }, { value: "AU", share: 0.05, rate: 1 },
      { value: "NL", share: 0.04, rate: 0.9 }, { value: "IT", share: 0.03, rate: 0.7 }, { value: "ES", share: 0.03, rate: 0.7 },
      { value: "SE", share: 0.02, rate: 1 }, { value: "unknown", share: 0.03, rate: 0.8 },
    ],
  },
];

/** A real effect on the variant's purchases among one segment's visitors (the power scenario). */
export interface SegmentEffect {
  dimension: SegmentDimension;
  value: string;
  lift: number;
}

export interface SegmentSimSpec {
  /** Equal split over this many arms (control first). */
  arms: number;
  /** The purchase goal (primary), then add to cart when 2. */
  goals: 1 | 2;
  effect?: SegmentEffect;
  dimensions?: SimDimension[];
}

/** What the card showed one simulated test over its daily reads. */
export interface SegmentsReading {
  /** The first day (1-based) some segment's interval excluded 0, any goal and variant; null: never. */
  firstExcludingDay: number | null;
  /** Some interval excluded 0 at the last read. */
  excludingAtLast: boolean;
  /** With an effect: the first day the effect's segment showed the first variant's purchase interval above 0. */
  foundDay: number | null;
}

const GOALS = ["purchase", "add to cart"] as const;

interface Prepared {
  dimensions: SimDimension[];
  /** Per dimension, its values' cumulative shares (for pickArm) and rates rescaled to a mean of 1. */
  shares: number[][];
  rates: number[][];
  /** Index of each dimension's first value in the flat counters. */
  offsets: number[];
  values: number;
}

function prepare(dimensions: SimDimension[]): Prepared {
  const offsets: number[] = [];
  let values = 0;
  for (const d of dimensions) {
    offsets.push(values);
    values += d.values.length;
  }
  return {
    dimensions,
    shares: dimensions.map((d) => cumulativeShares(d.values.map((v) => v.share))),
    rates: dimensions.map((d) => {
      const mean = d.values.reduce((sum, v) => sum + v.share * v.rate, 0) / d.values.reduce((sum, v) => sum + v.share, 0);
      return d.values.map((v) => v.rate / mean);
    }),
    offsets,
    values,
  };
}

/**
 * The rows the page reads, from the running counts: the segment rollups (per arm, dimension and value an
 * exposure row and one row per goal with conversions) and the test's own rollups (per arm, the same visitors
 * and conversions, summed over the first dimension: every dimension's segments add up to the arm).
 */
function rowsOf(prepared: Prepared, arms: number, goals: number, visitors: Int32Array, converting: Int32Array) {
  const segments: SegmentRollupRow[] = [];
  const rollups: RollupRow[] = [];
  const base = { currency: "", exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0 };
  for (let a = 0; a < arms; a++) {
    const armId = armName(a);
    prepared.dimensions.forEach((d, di) => {
      d.values.forEach((v, vi) => {
        const at = a * prepared.values + (prepared.offsets[di] ?? 0) + vi;
        const seen = visitors[at] ?? 0;
        if (seen > 0) segments.push({ ...base, armId, goal: "", dimension: d.dimension, value: v.value, exposedVisitors: seen });
        for (let g = 0; g < goals; g++) {
          const c = converting[at * goals + g] ?? 0;
          if (c > 0) segments.push({ ...base, armId, goal: GOALS[g] ?? "", currency: CURRENCY, dimension: d.dimension, value: v.value, convertingVisitors: c, conversions: c });
        }
      });
    });
    const firstOf = (counts: Int32Array, g: number, stride: number) => {
      let sum = 0;
      for (let vi = 0; vi < (prepared.dimensions[0]?.values.length ?? 0); vi++) sum += counts[(a * prepared.values + vi) * stride + g] ?? 0;
      return sum;
    };
    const row = { armId, day: DAY, exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
    const armVisitors = firstOf(visitors, 0, 1);
    rollups.push({ ...row, goal: "", currency: "", exposures: armVisitors, exposedVisitors: armVisitors });
    for (let g = 0; g < goals; g++) {
      const c = firstOf(converting, g, goals);
      rollups.push({ ...row, goal: GOALS[g] ?? "", currency: CURRENCY, convertingVisitors: c, conversions: c });
    }
  }
  return { segments, rollups };
}

/** What the page reads at one look (for the instrument's own tests). */
export interface SegmentsLook {
  day: number;
  segments: SegmentRollupRow[];
  rollups: RollupRow[];
  card: SegmentsView;
}

/** The page's view of the test's own rollups, then the card beside it, exactly as the results service builds them. */
function readCard(arms: number, goals: number, rows: { segments: SegmentRollupRow[]; rollups: RollupRow[] }): SegmentsView {
  const input: ResultsInput = {
    test: { id: "sim", name: "Simulated test", status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: MDE },
    arms: Array.from({ length: arms }, (_, i) => ({ id: armName(i), key: armName(i).toLowerCase(), name: armName(i), weight: 1 })),
    goals: GOALS.slice(0, goals).map((label, i) => ({ label, isPrimary: i === 0 })),
    currency: CURRENCY,
    rollups: rows.rollups,
    flicker: [],
  };
  return segmentsBeside(buildResults(input), rows.segments);
}

const excludesZero = (low: number | undefined, high: number | undefined) => low !== undefined && high !== undefined && (low > 0 || high < 0);

function anyExcluding(card: SegmentsView): boolean {
  return card.dimensions.some((d) => d.segments.some((s) => s.goals.some((g) => g.arms.some((a) => !a.isControl && excludesZero(a.ciLow, a.ciHigh)))));
}

function effectFound(card: SegmentsView, effect: SegmentEffect): boolean {
  const segment = card.dimensions.find((d) => d.dimension === effect.dimension)?.segments.find((s) => s.value === effect.value);
  const variant = segment?.goals.find((g) => g.goal === GOALS[0])?.arms[1];
  return variant?.ciLow !== undefined && (effect.lift > 0 ? variant.ciLow > 0 : (variant.ciHigh ?? 0) < 0);
}

/**
 * One simulated test: SEGMENT_DAYS days of SEGMENT_DAILY_VISITORS visitors, each in an arm (equal split) and a
 * value of every dimension, converting at the base rate times their values' rates (times 1 + the effect's lift
 * for the first variant's visitors in its segment); the card read at the end of each day.
 */
export function simulateSegments(rng: Rng, spec: SegmentSimSpec, observe?: (look: SegmentsLook) => void): SegmentsReading {
  const prepared = prepare(spec.dimensions ?? SIM_SEGMENTS);
  const { arms, goals, effect } = spec;
  const armShares = cumulativeShares(Array.from({ length: arms }, () => 1));
  const visitors = new Int32Array(arms * prepared.values);
  const converting = new Int32Array(arms * prepared.values * goals);
  const dims = prepared.dimensions.length;
  const effectDim = effect ? prepared.dimensions.findIndex((d) => d.dimension === effect.dimension) : -1;
  const effectValue = effect && effectDim >= 0 ? (prepared.dimensions[effectDim]?.values.findIndex((v) => v.value === effect.value) ?? -1) : -1;
  if (effect && effectValue < 0) throw new RangeError(`no segment ${effect.dimension}=${effect.value}`);
  const picked = new Int32Array(dims);
  // Flat copies for the visitor loop (28,000 visitors a test): cumulative shares, rates and counter offsets.
  const cumulative = prepared.shares.map((shares) => Float64Array.from(shares));
  const rates = prepared.rates.map((r) => Float64Array.from(r));
  const offsets = Int32Array.from(prepared.offsets);
  const reading: SegmentsReading = { firstExcludingDay: null, excludingAtLast: false, foundDay: null };
  for (let day = 1; day <= SEGMENT_DAYS; day++) {
    for (let i = 0; i < SEGMENT_DAILY_VISITORS; i++) {
      const arm = pickArm(rng, armShares);
      const base = arm * prepared.values;
      let rate = BASE_RATE;
      for (let d = 0; d < dims; d++) {
        const shares = cumulative[d]!;
        const u = rng.next();
        let v = 0;
        while (v < shares.length - 1 && u >= shares[v]!) v++;
        picked[d] = offsets[d]! + v;
        rate *= rates[d]![v]!;
        visitors[base + picked[d]!]! += 1;
      }
      if (effect && arm === 1 && picked[effectDim] === offsets[effectDim]! + effectValue) rate *= 1 + effect.lift;
      // With two goals a buyer adds to cart first: P(cart) = 2.4·rate, P(buy | cart) = 1/2.4.
      const carted = goals === 2 && rng.next() < Math.min(1, CART_PER_PURCHASE * rate);
      const bought = goals === 2 ? carted && rng.next() < 1 / CART_PER_PURCHASE : rng.next() < Math.min(1, rate);
      if (!bought && !carted) continue;
      for (let d = 0; d < dims; d++) {
        const at = (base + picked[d]!) * goals;
        if (bought) converting[at]! += 1;
        if (carted) converting[at + 1]! += 1;
      }
    }
    const rows = rowsOf(prepared, arms, goals, visitors, converting);
    const card = readCard(arms, goals, rows);
    observe?.({ day, ...rows, card });
    const excluding = anyExcluding(card);
    if (excluding && reading.firstExcludingDay === null) reading.firstExcludingDay = day;
    if (day === SEGMENT_DAYS) reading.excludingAtLast = excluding;
    if (effect && reading.foundDay === null && effectFound(card, effect)) reading.foundDay = day;
  }
  return reading;
}

/** The power lines' first read: two weeks in. */
const HALF_WAY = 14;
const FALSE_STORY: Target = { at: "most", value: 0.05 };
const INFO: Target = { info: true };
const rate = (x: boolean) => (x ? 1 : 0);
const count = (n: number) => n.toLocaleString("en-US");
const segmentCount = (dimensions: SimDimension[]) => dimensions.reduce((sum, d) => sum + d.values.length, 0);

function scenario(key: string, spec: SegmentSimSpec, lines: Array<Line<SegmentsReading>>): Scenario<SegmentsReading> {
  return {
    key,
    // Per read: the page and the card (its segments × arms × goals), 28 reads.
    cost: SEGMENT_DAYS * spec.arms * spec.goals * 4,
    lines,
    simulate: (rng) => ({ result: simulateSegments(rng, spec), trueLifts: Array.from({ length: spec.arms - 1 }, () => 0) }),
  };
}

/** The scenarios of the segments card: A/A at 2 arms and 1 goal, at 3 arms and 2 goals, and two real segment effects. */
export function segmentScenarios(): Scenario[] {
  const traffic = `${count(SEGMENT_DAILY_VISITORS)} visitors a day`;
  const shop = `device 3, new/returning 2, channel 7, country 11 values (${segmentCount(SIM_SEGMENTS)} segments, uneven shares)`;
  const daily = `read daily for ${SEGMENT_DAYS} days (${SEGMENT_DAYS} reads)`;
  const once = `read once, on day ${SEGMENT_DAYS}`;
  const claim = "segments card, A/A: some segment's interval excludes 0";
  const aa = (key: string, spec: SegmentSimSpec, what: string): Scenario<SegmentsReading> =>
    scenario(key, spec, [
      { id: `${key}-daily`, claim, setting: `${what}, ${shop}, ${traffic}, ${daily}`, kind: "rate", target: FALSE_STORY, value: (r) => rate(r.firstExcludingDay !== null) },
      { id: `${key}-once`, claim, setting: `${what}, ${shop}, ${traffic}, ${once}`, kind: "rate", target: INFO, value: (r) => rate(r.excludingAtLast) },
    ]);
  const power = (key: string, effect: SegmentEffect, who: string): Scenario<SegmentsReading> => {
    const found = `segments card: a real +${100 * effect.lift}% conversion lift among ${who} shown above 0`;
    return scenario(key, { arms: 2, goals: 1, effect }, [HALF_WAY, SEGMENT_DAYS].map((by) => ({
      id: `${key}-by-${by}`,
      claim: found,
      setting: `50/50, 1 goal, ${shop}, ${traffic}, read daily, by day ${by}`,
      kind: "rate" as const,
      target: INFO,
      value: (r: SegmentsReading) => rate(r.foundDay !== null && r.foundDay <= by),
    })));
  };
  return [
    aa("segments-aa", { arms: 2, goals: 1 }, "50/50, 1 goal"),
    aa("segments-aa-3x2", { arms: 3, goals: 2 }, "3 arms, 2 goals (purchase, add to cart)"),
    power("segments-mobile-40", { dimension: "device", value: "mobile", lift: 0.4 }, "mobile visitors (62% of visitors)"),
    power("segments-gb-75", { dimension: "country", value: "GB", lift: 0.75 }, "visitors from GB (12% of visitors)"),
  ];
}
