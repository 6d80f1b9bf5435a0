import { describe, expect, it } from "vitest";
import { absoluteDifference, analyze, armMoments, DEFAULT_SEQUENTIAL_TUNING, normalQuantile, sequentialMultiplier, sequentialPValue } from "../stats";
import { buildResults } from "./build-results";
import { buildSegments, MIN_SEGMENT_CONVERTING, plannedPairUsers, segmentLift, segmentsBeside, type SegmentRollupRow } from "./segments";
import { comparisonSettings } from "./stats";
import { emptyTotals } from "./totals";

const arms = [{ id: "a", name: "Control" }, { id: "b", name: "Variant" }];
const row = (o: Partial<SegmentRollupRow> & Pick<SegmentRollupRow, "armId" | "dimension" | "value">): SegmentRollupRow => ({
  goal: "", currency: "", exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, ...o,
});
const exposed = (armId: string, dimension: string, value: string, exposedVisitors: number) => row({ armId, dimension, value, exposedVisitors });
const bought = (armId: string, dimension: string, value: string, convertingVisitors: number, revenue = 0, currency = "USD", goal = "buy") =>
  row({ armId, dimension, value, goal, currency, convertingVisitors, conversions: convertingVisitors, revenue });

/** Both arms of one segment: visitors and converting visitors of control, then of the variant. */
const pair = (dimension: string, value: string, nc: number, xc: number, nt: number, xt: number) => [
  exposed("a", dimension, value, nc), exposed("b", dimension, value, nt), bought("a", dimension, value, xc), bought("b", dimension, value, xt),
];

const deviceRows = [
  exposed("a", "device", "mobile", 1000), exposed("b", "device", "mobile", 1000),
  exposed("a", "device", "desktop", 500), exposed("b", "device", "desktop", 500),
  bought("a", "device", "mobile", 100, 500), bought("b", "device", "mobile", 120, 600), bought("b", "device", "mobile", 3, 99, "EUR"),
  bought("a", "device", "desktop", 50), bought("b", "device", "desktop", 40),
];

/** The ends of the relative lift the engine's Fieller interval gives at multiplier m (solved by hand here). */
function fieller(nc: number, xc: number, nt: number, xt: number, m: number) {
  const c = xc / nc, t = xt / nt, vc = (c * (1 - c)) / nc, vt = (t * (1 - t)) / nt;
  const a = c * c - m * m * vc;
  const root = Math.sqrt(m * m * (vc * t * t + vt * a));
  return { low: (t * c - root) / a - 1, high: (t * c + root) / a - 1 };
}

describe("buildSegments", () => {
  it("gives each segment's arms their rate, revenue in the site's currency, and an always-valid lift interval", () => {
    const view = buildSegments({ arms, goals: ["buy"], currency: "USD", rows: deviceRows, sequentialTuning: 3000 });
    expect(view).toMatchObject({ exploratory: true, alpha: 0.05, comparisons: 2, confidence: 0.975 });
    const [device] = view.dimensions;
    expect(device!.segments.map((s) => s.label)).toEqual(["Mobile", "Desktop"]);
    const [control, variant] = device!.segments[0]!.goals[0]!.arms;
    expect(control).toMatchObject({ visitors: 1000, convertingVisitors: 100, rate: 0.1, revenue: 500 });
    // EUR conversions count as converting visitors, their revenue stays out of the site's currency.
    expect(variant).toMatchObject({ visitors: 1000, convertingVisitors: 123, revenue: 600 });
    expect(variant!.lift).toBeCloseTo(0.23, 10);
    // Mobile holds 2,000 of the dimension's 3,000 visitors: its sequence is tuned to 2/3 of the plan's users,
    // at α/2, and the relative interval is Fieller's at that multiplier.
    const m = sequentialMultiplier(2000, 0.025, 2000);
    const expected = fieller(1000, 100, 1000, 123, m);
    expect(variant!.ciLow).toBeCloseTo(expected.low, 12);
    expect(variant!.ciHigh).toBeCloseTo(expected.high, 12);
    // Wider than a fixed-sample interval at the same corrected level: it may be read every day.
    expect(m).toBeGreaterThan(normalQuantile(1 - 0.025 / 2));
  });

  it("corrects for every interval the card can show: segments of all dimensions × variants × goals", () => {
    const threeArms = [...arms, { id: "c", name: "Variant 2" }];
    const rows = [...deviceRows, exposed("a", "country", "US", 10), exposed("a", "country", "DE", 5), exposed("a", "visitor", "new", 7)];
    const view = buildSegments({ arms: threeArms, goals: ["buy", "cart"], currency: "USD", rows });
    // 2 devices + 2 countries + 1 visitor type = 5 segments, 2 variants, 2 goals.
    expect(view.comparisons).toBe(20);
    expect(view.confidence).toBeCloseTo(1 - 0.05 / 20, 15);
    // The same mobile comparison is wider on a card that shows more.
    const alone = buildSegments({ arms, goals: ["buy"], currency: "USD", rows: deviceRows }).dimensions[0]!.segments[0]!.goals[0]!.arms[1]!;
    const crowded = view.dimensions[0]!.segments[0]!.goals[0]!.arms[1]!;
    expect(crowded.lift).toBe(alone.lift);
    expect(crowded.ciLow!).toBeLessThan(alone.ciLow!);
    expect(crowded.ciHigh!).toBeGreaterThan(alone.ciHigh!);
  });

  it("keeps the countries with most visitors and shows the rest as other, unknown last", () => {
    const rows = ["DE", "FR", "US", "IT"].map((c, i) => exposed("a", "country", c, 10 * (i + 1)));
    rows.push(exposed("a", "country", "unknown", 100), bought("a", "country", "DE", 5));
    const view = buildSegments({ arms, goals: ["buy"], currency: "USD", rows, maxValues: 2 });
    const country = view.dimensions[0]!;
    expect(country.segments.map((s) => s.value)).toEqual(["IT", "US", "other", "unknown"]);
    expect(view.comparisons).toBe(4);
    expect(country.segments[2]!.goals[0]!.arms[0]).toMatchObject({ visitors: 30, convertingVisitors: 5 });
  });

  it("shows no interval before both arms have enough converting visitors, and no dimension without rows", () => {
    const few = MIN_SEGMENT_CONVERTING - 1;
    const view = buildSegments({ arms, goals: ["buy"], currency: "USD", rows: [...pair("channel", "email", 200, few, 200, 40), ...pair("channel", "social", 200, 0, 200, 3)] });
    expect(view.dimensions.map((d) => d.dimension)).toEqual(["channel"]);
    const variantOf = (value: string) => view.dimensions[0]!.segments.find((s) => s.value === value)?.goals[0]!.arms[1];
    const [email, social] = [variantOf("email"), variantOf("social")];
    expect(email).toMatchObject({ noInterval: "too-few-conversions" });
    expect(email!.lift).toBeCloseTo(40 / few - 1, 12);
    expect(email).not.toHaveProperty("ciLow");
    // Without a conversion in control there is no spread in it, and no lift (the page's zero-variance).
    expect(social).toMatchObject({ noInterval: "zero-variance" });
    expect(social).not.toHaveProperty("lift");
  });

  it("has no intervals, and says so, without a variant or a goal", () => {
    expect(buildSegments({ arms: arms.slice(0, 1), goals: ["buy"], currency: "USD", rows: deviceRows })).toMatchObject({ comparisons: 0, confidence: 0.95 });
    expect(buildSegments({ arms, goals: [], currency: "USD", rows: deviceRows })).toMatchObject({ comparisons: 0 });
  });
});

describe("segmentLift", () => {
  const interval = { alpha: 0.01, tuning: 4000 };

  it("excludes 0 exactly when the always-valid p-value of the rate difference is below the level", () => {
    for (const [nc, xc, nt, xt] of [[2000, 100, 2000, 150], [2000, 100, 2000, 130], [5000, 250, 5000, 200], [3000, 90, 1000, 50]] as const) {
      const shown = segmentLift({ visitors: nc, convertingVisitors: xc }, { visitors: nt, convertingVisitors: xt }, interval);
      const effect = absoluteDifference(armMoments("binomial", { users: nc, sum: xc, sumSquares: xc })!, armMoments("binomial", { users: nt, sum: xt, sumSquares: xt })!);
      const p = sequentialPValue(effect, nc + nt, interval.alpha, interval.tuning);
      expect(shown.ciLow! > 0 || shown.ciHigh! < 0).toBe(p < interval.alpha);
    }
  });

  it("is narrowest where its users meet the tuning (the segment's share of the plan)", () => {
    const width = (tuning: number) => {
      const { ciLow, ciHigh } = segmentLift({ visitors: 2000, convertingVisitors: 100 }, { visitors: 2000, convertingVisitors: 120 }, { alpha: 0.01, tuning });
      return ciHigh! - ciLow!;
    };
    expect(width(4000)).toBeLessThan(width(400));
    expect(width(4000)).toBeLessThan(width(400_000));
  });

  it("gives no ends while control's rate is too unsettled at the level", () => {
    const unsettled = segmentLift({ visitors: 1000, convertingVisitors: 10 }, { visitors: 1000, convertingVisitors: 30 }, { alpha: 0.001, tuning: 1_000_000 });
    expect(unsettled).toEqual({ lift: 2, noInterval: "too-uncertain" });
  });

  it("gives neither a lift nor an interval where an arm's visitors all did the same, as the page's table (zero-variance)", () => {
    // The card: one visitor per arm, both converted, read "0.0%".
    expect(segmentLift({ visitors: 1, convertingVisitors: 1 }, { visitors: 1, convertingVisitors: 1 }, interval)).toEqual({ noInterval: "zero-variance" });
    expect(segmentLift({ visitors: 1, convertingVisitors: 0 }, { visitors: 1, convertingVisitors: 0 }, interval)).toEqual({ noInterval: "zero-variance" });
    // Every visitor of the variant converted, or none did, beside a control with enough conversions.
    expect(segmentLift({ visitors: 50, convertingVisitors: 20 }, { visitors: 12, convertingVisitors: 12 }, interval)).toEqual({ noInterval: "zero-variance" });
    expect(segmentLift({ visitors: 500, convertingVisitors: 40 }, { visitors: 500, convertingVisitors: 0 }, interval)).toEqual({ noInterval: "zero-variance" });
    // The page's engine refuses such counts for want of variance too.
    const engine = analyze({ metric: "binomial", method: "frequentist", sequential: true, alpha: 0.05, arms: [{ name: "a", users: 2, sum: 2 }, { name: "b", users: 2, sum: 2 }] });
    expect(engine.arms[1]).toMatchObject({ error: "zero-variance" });
    expect(segmentLift({ visitors: 2, convertingVisitors: 2 }, { visitors: 2, convertingVisitors: 2 }, interval)).toEqual({ noInterval: "zero-variance" });
  });

  it("says an arm without visitors in the segment has none, with no lift", () => {
    expect(segmentLift({ visitors: 0, convertingVisitors: 0 }, { visitors: 3, convertingVisitors: 1 }, interval)).toEqual({ noInterval: "no-visitors" });
    expect(segmentLift({ visitors: 3, convertingVisitors: 1 }, { visitors: 0, convertingVisitors: 0 }, interval)).toEqual({ noInterval: "no-visitors" });
  });

  it("never goes below −100%", () => {
    const { ciLow } = segmentLift({ visitors: 400, convertingVisitors: 200 }, { visitors: 400, convertingVisitors: 10 }, interval);
    expect(ciLow).toBeGreaterThanOrEqual(-1);
  });
});

describe("segmentsBeside", () => {
  const input = (visitors: number, converting: number) => ({
    test: { id: "t", name: "T", status: "running", startedAt: null, pages: [], trafficPercent: 100, minDetectableEffect: 0.1 },
    arms: [{ id: "a", key: "control", name: "Control", weight: 1 }, { id: "b", key: "b", name: "Variant", weight: 1 }],
    goals: [{ label: "buy", isPrimary: true }],
    currency: "USD",
    rollups: ["a", "b"].flatMap((armId) => {
      const base = { armId, day: "2026-01-01", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
      return [{ ...base, goal: "", currency: "", exposures: visitors, exposedVisitors: visitors }, { ...base, goal: "buy", currency: "USD", convertingVisitors: converting, conversions: converting }];
    }),
    flicker: [],
  });

  it("tunes the card to the page's own plan, and to the default before there is a rate to plan from", () => {
    const view = buildResults(input(1500, 150));
    const control = { ...emptyTotals(), visitors: 1500, convertingVisitors: 150 };
    const page = comparisonSettings([{ id: "a", weight: 1 }, { id: "b", weight: 1 }], control, 0.1, 0.05).sequentialTuning;
    expect(page).toBeGreaterThan(0);
    expect(plannedPairUsers(view)).toBe(page);
    expect(plannedPairUsers(buildResults(input(0, 0)))).toBe(DEFAULT_SEQUENTIAL_TUNING);
    // Mobile holds every visitor of its dimension, so its sequence is tuned to the plan itself.
    const card = segmentsBeside(view, pair("device", "mobile", 1500, 150, 1500, 190));
    expect(card).toMatchObject({ alpha: view.alpha, comparisons: 1 });
    const variant = card.dimensions[0]!.segments[0]!.goals[0]!.arms[1]!;
    const expected = fieller(1500, 150, 1500, 190, sequentialMultiplier(3000, 0.05, page!));
    expect(variant.ciLow).toBeCloseTo(expected.low, 12);
    expect(variant.ciHigh).toBeCloseTo(expected.high, 12);
  });
});
