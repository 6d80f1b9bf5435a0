import { describe, expect, it } from "vitest";
import { buildResults, type ResultsInput, type RollupRow } from "./build-results";
import { funnelOf } from "./funnel";

const test = { id: "t", name: "Buy button", status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 };
const arms = [
  { id: "a", key: "control", name: "Original", weight: 1 },
  { id: "b", key: "b", name: "Variant", weight: 1 },
];

function row(armId: string, goal: string, fields: Partial<RollupRow>): RollupRow {
  return { armId, goal, day: "2026-11-01", currency: goal === "" ? "" : "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0, ...fields };
}

function input(rollups: RollupRow[]): ResultsInput {
  return { test, arms, goals: [{ label: "purchase", isPrimary: true }, { label: "added_to_cart", isPrimary: false }], currency: "USD", rollups, flicker: [] };
}

describe("funnelOf", () => {
  it("gives each arm's visitors at each step, their share of the exposed, the step-to-step rate and each step's lift", () => {
    const view = buildResults(input([
      row("a", "", { exposedVisitors: 1000 }),
      row("b", "", { exposedVisitors: 1000 }),
      row("a", "product_viewed", { convertingVisitors: 800, conversions: 1500 }),
      row("b", "product_viewed", { convertingVisitors: 820, conversions: 1600 }),
      row("a", "added_to_cart", { convertingVisitors: 200, conversions: 260 }),
      row("b", "added_to_cart", { convertingVisitors: 300, conversions: 380 }),
      row("a", "checkout_started", { convertingVisitors: 100, conversions: 110 }),
      row("b", "checkout_started", { convertingVisitors: 150, conversions: 160 }),
      row("a", "purchase", { convertingVisitors: 50, conversions: 50, revenue: 2500, revenueSquares: 130000 }),
      row("b", "purchase", { convertingVisitors: 80, conversions: 80, revenue: 4000, revenueSquares: 210000 }),
    ]));
    const funnel = view.funnel!;
    expect(funnel.steps.map((s) => s.name)).toEqual(["Product viewed", "Added to cart", "Checkout started", "Purchase"]);
    const [control, variant] = funnel.arms;
    expect(control!.steps.map((s) => [s.visitors, s.rate, s.fromPrevious])).toEqual([
      [800, 0.8, null],
      [200, 0.2, 0.25],
      [100, 0.1, 0.5],
      [50, 0.05, 0.5],
    ]);
    expect(control!.steps.every((s) => s.lift === undefined)).toBe(true);
    // The variant's lift at each step is that goal's own lift, interval included.
    const cart = view.goals.find((g) => g.goal === "added_to_cart")!.arms[1]!;
    expect(variant!.steps[1]).toMatchObject({ visitors: 300, rate: 0.3, lift: cart.lift, ciLow: cart.ciLow, ciHigh: cart.ciHigh });
    expect(variant!.steps[1]!.lift).toBeCloseTo(0.5);
    expect(variant!.steps[3]!.fromPrevious).toBeCloseTo(80 / 150);
  });

  it("counts a step nobody reached yet as 0, and gives no step-to-step rate after an empty step", () => {
    const view = buildResults(input([row("a", "", { exposedVisitors: 10 }), row("a", "product_viewed", { convertingVisitors: 4, conversions: 4 }), row("a", "purchase", { convertingVisitors: 1, conversions: 1, revenue: 20, revenueSquares: 400 })]));
    const control = view.funnel!.arms[0]!;
    expect(control.steps.map((s) => [s.visitors, s.fromPrevious])).toEqual([[4, null], [0, 0], [0, null], [1, null]]);
    expect(view.funnel!.arms[1]!.steps.map((s) => s.rate)).toEqual([null, null, null, null]);
  });

  it("is absent when the web pixel reported no step (another site, or purchases alone)", () => {
    const rollups = [row("a", "", { exposedVisitors: 10 }), row("a", "purchase", { convertingVisitors: 1, conversions: 1 })];
    expect(buildResults({ ...input(rollups), goals: [{ label: "purchase", isPrimary: true }] }).funnel).toBeNull();
    expect(funnelOf([])).toBeNull();
  });
});
