import { describe, expect, it } from "vitest";
import { buildResults, type RollupRow } from "./build-results";
import { FUNNEL_COLUMNS, funnelCsv } from "./csv";

const row = (armId: string, goal: string, fields: Partial<RollupRow>): RollupRow => ({
  armId, goal, day: "2026-11-01", currency: goal === "" ? "" : "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0, ...fields,
});

function viewOf(rollups: RollupRow[]) {
  return buildResults({
    test: { id: "t1", name: "=Buy, now", status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
    arms: [
      { id: "a", key: "control", name: "Original", weight: 1 },
      { id: "b", key: "b", name: "Big button", weight: 1 },
    ],
    goals: [{ label: "purchase", isPrimary: true }],
    currency: "USD",
    rollups,
    flicker: [],
  });
}

describe("the funnel CSV", () => {
  it("writes one row per arm × step in funnel order, with the documented columns", () => {
    const view = viewOf([
      row("a", "", { exposedVisitors: 10 }),
      row("b", "", { exposedVisitors: 8 }),
      row("a", "product_viewed", { convertingVisitors: 8, conversions: 9 }),
      row("a", "added_to_cart", { convertingVisitors: 4, conversions: 4 }),
      row("b", "added_to_cart", { convertingVisitors: 4, conversions: 5 }),
      row("a", "purchase", { convertingVisitors: 1, conversions: 1, revenue: 30, revenueSquares: 900 }),
    ]);
    const csv = funnelCsv(view);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(FUNNEL_COLUMNS.join(","));
    expect(lines).toHaveLength(1 + 2 * 4 + 1);
    expect(lines[1]).toBe(`t1,"'=Buy, now",a,control,Original,true,product_viewed,Product viewed,10,8,0.8,,,,`);
    expect(lines[2]).toBe(`t1,"'=Buy, now",a,control,Original,true,added_to_cart,Added to cart,10,4,0.4,0.5,,,`);
    expect(lines[4]).toBe(`t1,"'=Buy, now",a,control,Original,true,purchase,Purchase,10,1,0.1,,,,`);
    // The variant's add to cart: 4 of 8 (50%) against control's 40%, with its interval.
    // (The test's name holds a comma: its quoted cell splits in two here.)
    const cells = lines[6]!.split(",").slice(1);
    expect(cells.slice(6, 12)).toEqual(["added_to_cart", "Added to cart", "8", "4", "0.5", ""]);
    expect(Number(cells[12])).toBeCloseTo(0.25);
    const cart = view.goals.find((g) => g.goal === "added_to_cart")!.arms[1]!;
    expect(cells.slice(13, 15)).toEqual([cart.ciLow, cart.ciHigh].map((v) => (v === undefined || !Number.isFinite(v) ? "" : String(v))));
  });

  it("is the header alone when the pixel reported no step", () => {
    expect(funnelCsv(viewOf([row("a", "", { exposedVisitors: 3 })]))).toBe(`\uFEFF${FUNNEL_COLUMNS.join(",")}\r\n`);
  });
});
