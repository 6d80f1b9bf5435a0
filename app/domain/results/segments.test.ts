import { describe, expect, it } from "vitest";
import { normalQuantile } from "../stats/distributions/normal";
import { buildSegments, relativeLift, type SegmentRollupRow } from "./segments";

const arms = [{ id: "a", name: "Control" }, { id: "b", name: "Variant" }];
const row = (o: Partial<SegmentRollupRow> & Pick<SegmentRollupRow, "armId" | "dimension" | "value">): SegmentRollupRow => ({
  goal: "", currency: "", exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, ...o,
});
const exposed = (armId: string, dimension: string, value: string, exposedVisitors: number) => row({ armId, dimension, value, exposedVisitors });
const bought = (armId: string, dimension: string, value: string, convertingVisitors: number, revenue = 0, currency = "USD") =>
  row({ armId, dimension, value, goal: "buy", currency, convertingVisitors, conversions: convertingVisitors, revenue });

describe("buildSegments", () => {
  it("gives each segment's arms their rate, revenue in the site's currency, and a lift corrected for segments × variants", () => {
    const view = buildSegments({
      arms, goals: ["buy"], currency: "USD",
      rows: [
        exposed("a", "device", "mobile", 1000), exposed("b", "device", "mobile", 1000),
        exposed("a", "device", "desktop", 500), exposed("b", "device", "desktop", 500),
        bought("a", "device", "mobile", 100, 500), bought("b", "device", "mobile", 120, 600), bought("b", "device", "mobile", 3, 99, "EUR"),
        bought("a", "device", "desktop", 50), bought("b", "device", "desktop", 40),
      ],
    });
    expect(view.exploratory).toBe(true);
    const [device] = view.dimensions;
    expect(device).toMatchObject({ dimension: "device", comparisons: 2, confidence: 0.975 });
    expect(device!.segments.map((s) => s.label)).toEqual(["Mobile", "Desktop"]);
    const [control, variant] = device!.segments[0]!.goals[0]!.arms;
    expect(control).toMatchObject({ visitors: 1000, convertingVisitors: 100, rate: 0.1, revenue: 500 });
    // EUR conversions count as converting visitors, their revenue stays out of the site's currency.
    expect(variant).toMatchObject({ visitors: 1000, convertingVisitors: 123, revenue: 600 });
    expect(variant!.lift).toBeCloseTo(0.23, 10);
    const uncorrected = relativeLift(control!, variant!, normalQuantile(0.975));
    // Two comparisons: wider than one interval at 95%.
    expect(variant!.ciLow!).toBeLessThan(uncorrected.ciLow!);
    expect(variant!.ciHigh!).toBeGreaterThan(uncorrected.ciHigh!);
  });

  it("keeps the countries with most visitors and shows the rest as other, unknown last", () => {
    const rows = ["DE", "FR", "US", "IT"].map((c, i) => exposed("a", "country", c, 10 * (i + 1)));
    rows.push(exposed("a", "country", "unknown", 100), bought("a", "country", "DE", 5));
    const view = buildSegments({ arms, goals: ["buy"], currency: "USD", rows, maxValues: 2 });
    const country = view.dimensions[0]!;
    expect(country.segments.map((s) => s.value)).toEqual(["IT", "US", "other", "unknown"]);
    expect(country.comparisons).toBe(4);
    expect(country.segments[2]!.goals[0]!.arms[0]).toMatchObject({ visitors: 30, convertingVisitors: 5 });
  });

  it("shows no interval without conversions in both arms, and no dimension without rows", () => {
    const view = buildSegments({ arms, goals: ["buy"], currency: "USD", rows: [exposed("a", "channel", "email", 10), exposed("b", "channel", "email", 10), bought("b", "channel", "email", 2)] });
    expect(view.dimensions.map((d) => d.dimension)).toEqual(["channel"]);
    expect(view.dimensions[0]!.segments[0]!.goals[0]!.arms[1]).not.toHaveProperty("ciLow");
  });
});
