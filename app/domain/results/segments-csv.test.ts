import { describe, expect, it } from "vitest";
import { buildResults } from "./build-results";
import { buildSegments } from "./segments";
import { segmentsCsv } from "./segments-csv";

// No cell of this test needs quoting: lines and commas are enough.
const parseCsv = (text: string) => text.replace(/^\uFEFF/, "").trimEnd().split("\r\n").map((line) => line.split(","));

describe("segmentsCsv", () => {
  it("writes one row per dimension × segment × goal × arm, marked exploratory with its correction", () => {
    const arms = [{ id: "a", key: "control", name: "Control", weight: 50 }, { id: "b", key: "v1", name: "Big button", weight: 50 }];
    const view = buildResults({
      test: { id: "t1", name: "Hero", status: "running", startedAt: null, pages: [], trafficPercent: 100, minDetectableEffect: 0.05 },
      arms, goals: [{ label: "buy", isPrimary: true }], currency: "USD", rollups: [], flicker: [],
    });
    const row = (armId: string, goal: string, exposedVisitors: number, convertingVisitors: number, revenue = 0) => ({
      armId, goal, currency: goal ? "USD" : "", dimension: "device", value: "mobile", exposedVisitors, convertingVisitors, conversions: convertingVisitors, revenue, revenueSquares: 0,
    });
    const segments = buildSegments({ arms, goals: ["buy"], currency: "USD", rows: [row("a", "", 100, 0), row("b", "", 100, 0), row("a", "buy", 0, 10, 50.5), row("b", "buy", 0, 12, 60)] });
    const [header, ...rows] = parseCsv(segmentsCsv(view, segments));
    expect(header).toContain("lift_ci_low");
    expect(rows).toHaveLength(2);
    const record = Object.fromEntries(header!.map((h, i) => [h, rows[1]![i]]));
    expect(record).toMatchObject({ dimension: "device", segment: "mobile", goal: "buy", arm_key: "v1", visitors: "100", converting_visitors: "12", revenue: "60.00", comparisons: "1", ci_confidence: "0.95", exploratory: "true" });
    expect(Number(record.lift)).toBeCloseTo(0.2, 10);
  });
});
