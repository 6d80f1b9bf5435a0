import { describe, expect, it } from "vitest";
import { buildResults } from "./build-results";
import { roundedFigure } from "./csv";
import { buildSegments } from "./segments";
import { segmentsCsv } from "./segments-csv";

// No cell of this test needs quoting: lines and commas are enough.
const parseCsv = (text: string) => text.replace(/^\uFEFF/, "").trimEnd().split("\r\n").map((line) => line.split(","));

describe("segmentsCsv", () => {
  it("writes one row per dimension × segment × goal × arm, marked exploratory with the card's correction", () => {
    const arms = [{ id: "a", key: "control", name: "Control", weight: 50 }, { id: "b", key: "v1", name: "Big button", weight: 50 }];
    const view = buildResults({
      test: { id: "t1", name: "Hero", status: "running", startedAt: null, pages: [], trafficPercent: 100, minDetectableEffect: 0.05 },
      arms, goals: [{ label: "buy", isPrimary: true }], currency: "USD", rollups: [], flicker: [],
    });
    const row = (armId: string, goal: string, exposedVisitors: number, convertingVisitors: number, revenue = 0, dimension = "device", value = "mobile") => ({
      armId, goal, currency: goal ? "USD" : "", dimension, value, exposedVisitors, convertingVisitors, conversions: convertingVisitors, revenue, revenueSquares: 0,
    });
    const segments = buildSegments({
      arms, goals: ["buy"], currency: "USD",
      rows: [row("a", "", 1000, 0), row("b", "", 1000, 0), row("a", "buy", 0, 100, 50.5), row("b", "buy", 0, 120, 60), row("a", "", 100, 0, 0, "visitor", "new"), row("a", "buy", 0, 4, 0, "visitor", "new")],
    });
    const [header, ...rows] = parseCsv(segmentsCsv(view, segments));
    expect(header).toContain("lift_ci_low");
    expect(rows).toHaveLength(4);
    const record = Object.fromEntries(header!.map((h, i) => [h, rows[1]![i]]));
    // Two segments (one per dimension) × one variant × one goal: each interval at 1 − 0.05/2.
    expect(record).toMatchObject({ dimension: "device", segment: "mobile", goal: "buy", arm_key: "v1", visitors: "1000", converting_visitors: "120", revenue: "60.00", comparisons: "2", ci_confidence: "0.975", exploratory: "true" });
    expect(Number(record.lift)).toBeCloseTo(0.2, 10);
    const shown = segments.dimensions[0]!.segments[0]!.goals[0]!.arms[1]!;
    expect(shown.ciLow).toBeDefined();
    // The card's interval at the CSV's precision (FIGURE_DIGITS significant digits).
    expect([Number(record.lift_ci_low), Number(record.lift_ci_high)]).toEqual([roundedFigure(shown.ciLow!), roundedFigure(shown.ciHigh!)]);
    // The other dimension's variant has no visitors: no lift, no interval, the same correction.
    const other = Object.fromEntries(header!.map((h, i) => [h, rows[3]![i]]));
    expect(other).toMatchObject({ dimension: "visitor", segment: "new", arm_key: "v1", lift: "", lift_ci_low: "", comparisons: "2" });
  });
});
