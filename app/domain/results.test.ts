import { describe, expect, it } from "vitest";
import { buildResults, type ResultsInput, type RollupRow } from "./results";

const test = { id: "t", name: "Headline", status: "running", startedAt: null, urlPattern: "/", trafficPercent: 100, minDetectableEffect: 0.1 };
const arms = [
  { id: "a", key: "control", name: "Original", weight: 1 },
  { id: "b", key: "b", name: "Variant", weight: 1 },
];

function row(armId: string, goal: string, day: string, fields: Partial<RollupRow>): RollupRow {
  return { armId, goal, day, currency: goal === "" ? "" : "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, ...fields };
}

function input(rollups: RollupRow[]): ResultsInput {
  return { test, arms, goals: [{ label: "signup", isPrimary: true }], currency: "USD", rollups, flicker: [] };
}

describe("buildResults", () => {
  it("adds days up per arm, keeps other currencies apart, and lists unconfigured goals after configured ones", () => {
    const view = buildResults(input([
      row("a", "", "2026-11-01", { exposedVisitors: 60 }),
      row("a", "", "2026-11-02", { exposedVisitors: 40 }),
      row("b", "", "2026-11-01", { exposedVisitors: 50 }),
      row("a", "signup", "2026-11-01", { convertingVisitors: 5, conversions: 6 }),
      row("a", "signup", "2026-11-02", { convertingVisitors: 3, conversions: 3 }),
      row("b", "purchase", "2026-11-01", { convertingVisitors: 2, conversions: 2, revenue: 30, revenueSquares: 500 }),
      row("b", "purchase", "2026-11-01", { currency: "EUR", convertingVisitors: 1, conversions: 1, revenue: 9, revenueSquares: 81 }),
    ]));
    expect(view.goals.map((g) => [g.goal, g.primary])).toEqual([["signup", true], ["purchase", false]]);
    const [control, variant] = view.goals[0]?.arms ?? [];
    expect(control).toMatchObject({ visitors: 100, convertingVisitors: 8, conversions: 9, rate: 0.08, isControl: true });
    expect(variant).toMatchObject({ visitors: 50, conversions: 0, rate: 0 });
    const purchase = view.goals[1]?.arms[1];
    // Revenue only in USD: 30 over 2 USD conversions (the EUR one counts as a conversion, not as revenue).
    expect(purchase).toMatchObject({ conversions: 3, revenue: 30, revenuePerVisitor: 30 / 50, averageOrderValue: 15 });
    expect(view.otherCurrencies).toEqual([{ goal: "purchase", armId: "b", currency: "EUR", conversions: 1, revenue: 9 }]);
    expect(view.daily.map((d) => d.arms[0]?.cumulativeVisitors)).toEqual([60, 100]);
    expect(view.daily.map((d) => d.arms[0]?.visitors)).toEqual([60, 40]);
    expect(view.daily[1]?.arms[0]?.cumulativeRate).toBeCloseTo(0.08);
  });

  it("says it is collecting data below 100 visitors per arm", () => {
    const view = buildResults(input([
      row("a", "", "2026-11-01", { exposedVisitors: 99 }),
      row("b", "", "2026-11-01", { exposedVisitors: 99 }),
      row("b", "signup", "2026-11-01", { convertingVisitors: 50, conversions: 50 }),
    ]));
    expect(view.verdict.kind).toBe("collecting");
  });

  it("names a clearly better variant, with its chance to win", () => {
    const view = buildResults(input([
      row("a", "", "2026-11-01", { exposedVisitors: 2000 }),
      row("b", "", "2026-11-01", { exposedVisitors: 2000 }),
      row("a", "signup", "2026-11-01", { convertingVisitors: 100, conversions: 100 }),
      row("b", "signup", "2026-11-01", { convertingVisitors: 200, conversions: 200 }),
    ]));
    const variant = view.goals[0]?.arms[1];
    // Lift by hand: (0.10 − 0.05) / 0.05 = 1.
    expect(variant?.lift).toBeCloseTo(1, 10);
    expect(variant?.ciLow).toBeGreaterThan(0);
    expect(variant?.pValue).toBeLessThan(0.05);
    expect(variant?.chanceToWin).toBeGreaterThan(0.99);
    expect(view.verdict).toMatchObject({ kind: "variant-ahead", armName: "Variant" });
    expect(view.srm).toEqual({ pValue: 1, mismatch: false });
  });

  it("says control is ahead when every variant is significantly worse", () => {
    const view = buildResults(input([
      row("a", "", "2026-11-01", { exposedVisitors: 2000 }),
      row("b", "", "2026-11-01", { exposedVisitors: 2000 }),
      row("a", "signup", "2026-11-01", { convertingVisitors: 200, conversions: 200 }),
      row("b", "signup", "2026-11-01", { convertingVisitors: 100, conversions: 100 }),
    ]));
    expect(view.verdict.kind).toBe("control-ahead");
  });

  it("puts a sample ratio mismatch above everything else", () => {
    // 1000 vs 800 with equal weights: χ² = 2·100²/900 = 22.2, p ≈ 2.4e-6 < 0.001.
    const view = buildResults(input([
      row("a", "", "2026-11-01", { exposedVisitors: 1000 }),
      row("b", "", "2026-11-01", { exposedVisitors: 800 }),
      row("a", "signup", "2026-11-01", { convertingVisitors: 50, conversions: 50 }),
      row("b", "signup", "2026-11-01", { convertingVisitors: 200, conversions: 200 }),
    ]));
    expect(view.srm.mismatch).toBe(true);
    expect(view.srm.pValue).toBeCloseTo(2.4e-6, 6);
    expect(view.verdict.kind).toBe("srm");
    expect(view.verdict.text).toMatch(/Do not trust/);
  });

  it("estimates the visitors still needed from the control's rate and the minimum detectable effect", () => {
    const view = buildResults(input([
      row("a", "", "2026-11-01", { exposedVisitors: 500 }),
      row("b", "", "2026-11-01", { exposedVisitors: 500 }),
      row("a", "signup", "2026-11-01", { convertingVisitors: 50, conversions: 50 }),
      row("b", "signup", "2026-11-01", { convertingVisitors: 52, conversions: 52 }),
    ]));
    // p = 0.1, p' = 0.11: n = (1.959964 + 0.841621)² · (0.09 + 0.0979) / 0.01²
    //   = 7.848879 · 0.1879 / 0.0001 = 14 748.04 → 14 749 per arm, 29 498 in all.
    expect(view.remaining.usersNeeded).toBe(29498);
    expect(view.remaining.remainingUsers).toBe(29498 - 1000);
    expect(view.remaining.days).toBeCloseTo((29498 - 1000) / 1000, 6);
    expect(view.verdict.kind).toBe("collecting");
  });

  it("explains a comparison it cannot compute instead of giving a number", () => {
    const view = buildResults(input([row("a", "", "2026-11-01", { exposedVisitors: 100 }), row("b", "", "2026-11-01", { exposedVisitors: 100 })]));
    expect(view.goals[0]?.arms[1]?.error).toBe("zero-control-mean");
    expect(view.goals[0]?.arms[1]?.lift).toBeUndefined();
  });
});
