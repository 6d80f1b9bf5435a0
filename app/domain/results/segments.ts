// The exploratory segment breakdown of a test's results (docs/results.md "Segments"): per dimension (device,
// new or returning, channel, country, market), each segment's arms with their rate and lift against control,
// and an interval corrected (Bonferroni) for the number of segments × variants the dimension shows. Built from
// SegmentRollup alone, so its cost follows the segments, not the events; it never feeds the verdict.
import { CHANNELS, DEVICE_CLASSES } from "~/wire";
import { SEGMENT_DIMENSIONS, UNKNOWN, type SegmentDimension } from "../events/segment";
import { normalQuantile } from "../stats/distributions/normal";
import { DEFAULT_ALPHA } from "../stats/input";

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

export interface SegmentArm {
  armId: string;
  name: string;
  isControl: boolean;
  visitors: number;
  convertingVisitors: number;
  conversions: number;
  /** convertingVisitors / visitors; null without visitors. */
  rate: number | null;
  /** Gross revenue in the site's currency (refunds are not kept per segment). */
  revenue: number;
  revenuePerVisitor: number | null;
  /** Variants: the rate's relative lift against control, with its corrected interval (absent without conversions in both). */
  lift?: number;
  ciLow?: number;
  ciHigh?: number;
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
  /** Intervals corrected for this many comparisons: segments shown × variants. */
  comparisons: number;
  /** Each interval's confidence: 1 − α / comparisons. */
  confidence: number;
  segments: SegmentView[];
}

export interface SegmentsView {
  /** Always true: for exploring, never for deciding; the verdict reads none of it. */
  exploratory: true;
  alpha: number;
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
  /** Countries and markets past this many (by exposed visitors) are shown together as "other". */
  maxValues?: number;
}

export const MAX_SEGMENT_VALUES = 20;
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
  const armIds = new Set(input.arms.map((a) => a.id));
  const variants = Math.max(1, input.arms.length - 1);
  const dimensions: SegmentDimensionView[] = [];
  for (const dimension of SEGMENT_DIMENSIONS) {
    const rows = input.rows.filter((r) => r.dimension === dimension && armIds.has(r.armId));
    if (rows.length === 0) continue;
    const values = orderedValues(dimension, rows, max);
    const shown = new Set(values);
    const valueOf = (v: string) => (shown.has(v) ? v : OTHER_SEGMENT);
    const comparisons = values.length * variants;
    const z = normalQuantile(1 - alpha / comparisons / 2);
    const segments = values.map((value): SegmentView => ({
      value,
      label: VALUE_LABELS[value] ?? value,
      goals: input.goals.map((goal) => ({
        goal,
        arms: armsOf(input, rows.filter((r) => valueOf(r.value) === value && (r.goal === "" || r.goal === goal)), goal, z),
      })),
    }));
    dimensions.push({ dimension, label: DIMENSION_LABELS[dimension], comparisons, confidence: 1 - alpha / comparisons, segments });
  }
  return { exploratory: true, alpha, dimensions };
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

function armsOf(input: SegmentsInput, rows: readonly SegmentRollupRow[], goal: string, z: number): SegmentArm[] {
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
  return arms.map((arm, i) => (i === 0 || !control ? arm : { ...arm, ...relativeLift(control, arm, z) }));
}

/**
 * The variant's rate over control's minus 1, with exp(ln ratio ± z·se) − 1 where se² = (1 − p_t)/(n_t p_t) +
 * (1 − p_c)/(n_c p_c) (the delta method on the log of the ratio; a fixed-sample interval, not an always-valid one).
 */
export function relativeLift(control: Pick<SegmentArm, "visitors" | "convertingVisitors">, variant: Pick<SegmentArm, "visitors" | "convertingVisitors">, z: number) {
  const { visitors: nc, convertingVisitors: xc } = control;
  const { visitors: nt, convertingVisitors: xt } = variant;
  if (!(xc > 0 && xt > 0 && nc >= xc && nt >= xt)) return {};
  const pc = xc / nc;
  const pt = xt / nt;
  const log = Math.log(pt / pc);
  const se = Math.sqrt((1 - pt) / (nt * pt) + (1 - pc) / (nc * pc));
  return { lift: pt / pc - 1, ciLow: Math.exp(log - z * se) - 1, ciHigh: Math.exp(log + z * se) - 1 };
}
