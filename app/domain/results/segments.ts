// The exploratory segment breakdown of a test's results (docs/results.md "Segments"): per dimension (device,
// new or returning, channel, country, market), each segment's arms with their rate and lift against control,
// and an always-valid interval corrected (Bonferroni) for every interval the card shows, so it may be read
// every day without inventing stories. Built from SegmentRollup alone, so its cost follows the segments, not
// the events; it never feeds the verdict.
import { CHANNELS, DEVICE_CLASSES } from "~/wire";
import { SEGMENT_DIMENSIONS, UNKNOWN, type SegmentDimension } from "../events/segment";
import { armMoments, DEFAULT_ALPHA, DEFAULT_SEQUENTIAL_TUNING, fiellerLiftInterval, sequentialMultiplier } from "../stats";
import { planSample } from "./stats";
import type { ArmCounts, ResultsView } from "./view";

/** A test's segment figures summed over days (what the model reads). */
export interface SegmentRollupRow {
  armId: string;
  /** "" for the arm's exposed visitors. */
  goal: string;
  currency: string;
  dimension: string;
  value: string;
  exposedVisitors: number;
  convertingVisitors: number;
  conversions: number;
  revenue: number;
  revenueSquares: number;
}

export interface SegmentArm extends ArmCounts {
  /** Gross revenue in the site's currency (refunds are not kept per segment). */
  revenue: number;
  revenuePerVisitor: number | null;
  /** Variants: the rate's relative lift against control (absent while control has no conversion). */
  lift?: number;
  /** Variants: the lift's always-valid interval at the card's corrected level (`SegmentsView.confidence`). */
  ciLow?: number;
  ciHigh?: number;
  /**
   * Variants without an interval, why, in the order checked: an arm without visitors in the segment; an arm where
   * no visitor converted or every one did (the engine's zero-variance, as the page's own table says it: such an
   * arm gives no measure of its uncertainty, and no lift is given); fewer than MIN_SEGMENT_CONVERTING converting
   * visitors in this arm or in control; or a control rate too unsettled at the card's level for a relative
   * interval to have ends.
   */
  noInterval?: "no-visitors" | "zero-variance" | "too-few-conversions" | "too-uncertain";
}

export interface SegmentView {
  value: string;
  label: string;
  /** Per goal, in the results' goal order. */
  goals: Array<{ goal: string; arms: SegmentArm[] }>;
}

export interface SegmentDimensionView {
  dimension: SegmentDimension;
  label: string;
  segments: SegmentView[];
}

export interface SegmentsView {
  /** Always true: for exploring, never for deciding; the verdict reads none of it. */
  exploratory: true;
  alpha: number;
  /**
   * The intervals the card can show, which each one is corrected for: segments of every dimension × variants ×
   * goals (0 without any).
   */
  comparisons: number;
  /** Each interval's confidence: 1 − α / comparisons. */
  confidence: number;
  /** Dimensions with at least one segment, in SEGMENT_DIMENSIONS' order. */
  dimensions: SegmentDimensionView[];
}

export interface SegmentsInput {
  arms: ReadonlyArray<{ id: string; name: string }>;
  /** The results' goals, in their order. */
  goals: readonly string[];
  currency: string;
  rows: readonly SegmentRollupRow[];
  alpha?: number;
  /**
   * Users of control and one variant at which the page's sequence is narrowest (its plan, stats.ts
   * comparisonSettings); each segment's sequence is tuned to its share of it. DEFAULT_SEQUENTIAL_TUNING when absent.
   */
  sequentialTuning?: number;
  /** Countries and markets past this many (by exposed visitors) are shown together as "other". */
  maxValues?: number;
}

export const MAX_SEGMENT_VALUES = 20;
/**
 * An interval only from this many converting visitors in the variant and in control (as the page asks before a
 * chance to win): the sequence is asymptotic, and a handful of conversions is where the normal approximation
 * is worst. Not a loss of power: at the card's level an interval needs far more to exclude 0.
 */
export const MIN_SEGMENT_CONVERTING = 10;
export const OTHER_SEGMENT = "other";

export const DIMENSION_LABELS: Record<SegmentDimension, string> = {
  device: "Device",
  visitor: "New or returning",
  channel: "Traffic channel",
  country: "Country",
  market: "Market",
};

const VALUE_LABELS: Record<string, string> = {
  mobile: "Mobile", tablet: "Tablet", desktop: "Desktop", new: "New visitors", returning: "Returning visitors",
  direct: "Direct", "organic-search": "Organic search", "paid-search": "Paid search", social: "Social", email: "Email",
  referral: "Referral", [UNKNOWN]: "Unknown", [OTHER_SEGMENT]: "Other",
};

/** Fixed orders where the dimension has one; countries and markets go by exposed visitors. */
const FIXED_ORDER: Partial<Record<SegmentDimension, readonly string[]>> = {
  device: DEVICE_CLASSES,
  visitor: ["new", "returning"],
  channel: CHANNELS,
};

export function buildSegments(input: SegmentsInput): SegmentsView {
  const alpha = input.alpha ?? DEFAULT_ALPHA;
  const max = input.maxValues ?? MAX_SEGMENT_VALUES;
  const tuning = input.sequentialTuning ?? DEFAULT_SEQUENTIAL_TUNING;
  const armIds = new Set(input.arms.map((a) => a.id));
  const variants = Math.max(0, input.arms.length - 1);
  const shown = SEGMENT_DIMENSIONS.map((dimension) => {
    const rows = input.rows.filter((r) => r.dimension === dimension && armIds.has(r.armId));
    return { dimension, rows, values: rows.length === 0 ? [] : orderedValues(dimension, rows, max) };
  }).filter((d) => d.values.length > 0);
  // One family for the whole card, whichever dimension and goal the merchant picks and however often they look:
  // every interval it can show, at α/m each (Bonferroni), each always valid over time.
  const comparisons = shown.reduce((sum, d) => sum + d.values.length, 0) * variants * input.goals.length;
  const level = alpha / Math.max(1, comparisons);
  const dimensions = shown.map(({ dimension, rows, values }): SegmentDimensionView => {
    // Each segment's rows in one pass: values past those shown are "other".
    const bySegment = new Map<string, SegmentRollupRow[]>(values.map((v) => [v, []]));
    let total = 0;
    for (const r of rows) {
      (bySegment.get(r.value) ?? bySegment.get(OTHER_SEGMENT))?.push(r);
      if (r.goal === "") total += r.exposedVisitors;
    }
    const segments = values.map((value): SegmentView => {
      const own = bySegment.get(value) ?? [];
      // The segment's share of the plan's users: its sequence is narrowest where the test is meant to end.
      const share = total > 0 ? own.reduce((sum, r) => sum + (r.goal === "" ? r.exposedVisitors : 0), 0) / total : 1;
      const interval = { alpha: level, tuning: Math.max(1, tuning * share) };
      return { value, label: VALUE_LABELS[value] ?? value, goals: input.goals.map((goal) => ({ goal, arms: armsOf(input, own, goal, interval) })) };
    });
    return { dimension, label: DIMENSION_LABELS[dimension], segments };
  });
  return { exploratory: true, alpha, comparisons, confidence: 1 - level, dimensions };
}

/**
 * The card as the results page builds it beside its view (the results service, and the validity simulation):
 * the page's level, and sequences tuned to the page's plan.
 */
export function segmentsBeside(view: ResultsView, rows: readonly SegmentRollupRow[]): SegmentsView {
  return buildSegments({
    arms: view.arms.map((a) => ({ id: a.armId, name: a.name })),
    goals: view.goals.map((g) => g.goal),
    currency: view.currency,
    rows,
    alpha: view.alpha,
    sequentialTuning: plannedPairUsers(view),
  });
}

/**
 * The users of control and the smallest variant at the page's plan (stats.ts planSample on the primary goal's
 * control rate, as comparisonSettings tunes the page's own sequences); the default tuning without a plan.
 */
export function plannedPairUsers(view: Pick<ResultsView, "arms" | "goals" | "test" | "alpha">): number {
  const primary = view.goals.find((g) => g.primary);
  const plan = planSample(view.arms.map((a) => ({ id: a.armId, weight: a.weight })), primary?.arms[0]?.rate, view.test.minDetectableEffect, view.alpha);
  return plan?.pairUsers ?? DEFAULT_SEQUENTIAL_TUNING;
}

/**
 * The dimension's values to show: its fixed order, or the `max` with most exposed visitors; then "other" (the
 * rest, and any value a fixed order does not know), then unknown.
 */
function orderedValues(dimension: SegmentDimension, rows: readonly SegmentRollupRow[], max: number): string[] {
  const visitors = new Map<string, number>();
  for (const r of rows) visitors.set(r.value, (visitors.get(r.value) ?? 0) + r.exposedVisitors);
  const fixed = FIXED_ORDER[dimension];
  const known = [...visitors.keys()].filter((v) => v !== UNKNOWN && v !== OTHER_SEGMENT);
  const ordered = fixed
    ? fixed.filter((v) => visitors.has(v))
    : known.sort((a, b) => (visitors.get(b) ?? 0) - (visitors.get(a) ?? 0) || (a < b ? -1 : 1)).slice(0, max);
  if (visitors.has(OTHER_SEGMENT) || known.some((v) => !ordered.includes(v))) ordered.push(OTHER_SEGMENT);
  if (visitors.has(UNKNOWN)) ordered.push(UNKNOWN);
  return ordered;
}

/** One interval's level and the users its sequence is tuned to. */
export interface SegmentInterval {
  alpha: number;
  tuning: number;
}

function armsOf(input: SegmentsInput, rows: readonly SegmentRollupRow[], goal: string, interval: SegmentInterval): SegmentArm[] {
  const arms = input.arms.map((arm, i) => {
    let visitors = 0, convertingVisitors = 0, conversions = 0, revenue = 0;
    for (const r of rows) {
      if (r.armId !== arm.id) continue;
      if (r.goal === "") visitors += r.exposedVisitors;
      else if (r.goal === goal) {
        // A visitor converts once per goal whatever the currency; revenue only in the site's.
        convertingVisitors += r.convertingVisitors;
        conversions += r.conversions;
        if (r.currency === input.currency) revenue += r.revenue;
      }
    }
    return {
      armId: arm.id, name: arm.name, isControl: i === 0, visitors, convertingVisitors, conversions,
      rate: visitors > 0 ? convertingVisitors / visitors : null,
      revenue, revenuePerVisitor: visitors > 0 ? revenue / visitors : null,
    } satisfies SegmentArm;
  });
  const control = arms[0];
  return arms.map((arm, i) => (i === 0 || !control ? arm : { ...arm, ...segmentLift(control, arm, interval) }));
}

/**
 * The variant's rate over control's minus 1, with the interval the page gives its own rate lift: the
 * always-valid asymptotic confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas ("Time-uniform
 * central limit theory and asymptotic confidence sequences", Annals of Statistics 2024; sequential.ts) on the
 * difference of the two rates, at `interval.alpha` and tuned to `interval.tuning` users, reported as a relative
 * lift by Fieller's interval at that multiplier (fieller.ts), so it excludes 0 exactly when the sequence does.
 */
export function segmentLift(
  control: Pick<SegmentArm, "visitors" | "convertingVisitors">,
  variant: Pick<SegmentArm, "visitors" | "convertingVisitors">,
  interval: SegmentInterval,
): Pick<SegmentArm, "lift" | "ciLow" | "ciHigh" | "noInterval"> {
  const { visitors: nc, convertingVisitors: xc } = control;
  const { visitors: nt, convertingVisitors: xt } = variant;
  if (!(nc >= 0 && nt >= 0 && xc >= 0 && xt >= 0 && xc <= nc && xt <= nt)) return {};
  if (nc === 0 || nt === 0) return { noInterval: "no-visitors" };
  // One visitor per arm, both converted, is a lift of 0.0% from nothing: an arm where every visitor did the same
  // has no spread to say how uncertain it is, so the page's table gives no lift there, and neither does the card.
  if (xc === 0 || xc === nc || xt === 0 || xt === nt) return { noInterval: "zero-variance" };
  const lift = xt / nt / (xc / nc) - 1;
  if (xc < MIN_SEGMENT_CONVERTING || xt < MIN_SEGMENT_CONVERTING) return { lift, noInterval: "too-few-conversions" };
  const c = armMoments("binomial", { users: nc, sum: xc, sumSquares: xc });
  const t = armMoments("binomial", { users: nt, sum: xt, sumSquares: xt });
  if (!c || !t || !(c.variance > 0 && t.variance > 0)) return { lift, noInterval: "too-uncertain" };
  const multiplier = sequentialMultiplier(nc + nt, interval.alpha, interval.tuning);
  const ratio = fiellerLiftInterval(c, t, multiplier, true);
  if (!ratio.bounded) return { lift, noInterval: "too-uncertain" };
  // Fieller's interval holds t/c in exact arithmetic; min/max keep a last-ulp rounding from saying otherwise.
  return { lift, ciLow: Math.min(ratio.low, lift), ciHigh: Math.max(ratio.high, lift) };
}
