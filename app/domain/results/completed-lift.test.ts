import { describe, expect, it } from "vitest";
import { analyze } from "../stats";
import { completedLifts } from "./completed-lift";
import type { RollupRow } from "./totals";

function row(armId: string, goal: string, day: string, fields: Partial<RollupRow>): RollupRow {
  return { armId, goal, day, currency: goal === "" ? "" : "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0, ...fields };
}

/** Control 100 of 2,000 over two days, B 120 of 2,000, C 3 of 2,000 (too few for a chance), another goal beside. */
const rollups = [
  row("a", "", "2026-11-01", { exposedVisitors: 1200 }),
  row("a", "", "2026-11-02", { exposedVisitors: 800 }),
  row("b", "", "2026-11-01", { exposedVisitors: 2000 }),
  row("c", "", "2026-11-01", { exposedVisitors: 2000 }),
  row("a", "purchase", "2026-11-01", { convertingVisitors: 60, conversions: 70 }),
  row("a", "purchase", "2026-11-02", { convertingVisitors: 30, conversions: 30 }),
  row("a", "purchase", "2026-11-02", { currency: "EUR", convertingVisitors: 10, conversions: 10 }),
  row("b", "purchase", "2026-11-01", { convertingVisitors: 120, conversions: 150 }),
  row("c", "purchase", "2026-11-01", { convertingVisitors: 3, conversions: 3 }),
  row("b", "signup", "2026-11-01", { convertingVisitors: 900, conversions: 900 }),
];

describe("a completed test's lifts for the shop's prior", () => {
  it("records ln(t/c) of the primary goal's converting visitors and its delta-method variance (by hand)", () => {
    // ln(0.06/0.05) = ln 1.2 = 0.1823215567939546; (1 − 0.06)/(2000·0.06) + (1 − 0.05)/(2000·0.05) = 0.0078333… + 0.0095.
    const [b, ...rest] = completedLifts({ armIds: ["a", "b", "c"], primaryGoal: "purchase", currency: "USD", rollups });
    expect(b?.armId).toBe("b");
    expect(b?.logLift).toBeCloseTo(0.1823215567939546, 14);
    expect(b?.variance).toBeCloseTo(0.94 / 120 + 0.95 / 100, 15);
    // C's 3 converting visitors are too few for a chance to win, so too few to teach the prior anything.
    expect(rest).toEqual([]);
  });

  it("is the likelihood chance to win reads: a flat prior's posterior centre and credible interval", () => {
    const [b] = completedLifts({ armIds: ["a", "b"], primaryGoal: "purchase", currency: "USD", rollups });
    const flat = analyze({ metric: "binomial", method: "bayesian", prior: null, alpha: 0.05, arms: [{ name: "a", users: 2000, sum: 100 }, { name: "b", users: 2000, sum: 120 }] });
    const out = flat.arms[1];
    if (!out || out.lift === undefined || out.ciLow === undefined || out.ciHigh === undefined) throw new Error("no comparison");
    expect(Math.log1p(out.lift)).toBeCloseTo(b?.logLift ?? 0, 12);
    expect((Math.log1p(out.ciHigh) - Math.log1p(out.ciLow)) / (2 * 1.959963984540054)).toBeCloseTo(Math.sqrt(b?.variance ?? 0), 8);
  });

  it("records nothing without a primary goal, a variant, or a rate strictly between 0 and 1", () => {
    expect(completedLifts({ armIds: ["a", "b"], primaryGoal: null, currency: "USD", rollups })).toEqual([]);
    expect(completedLifts({ armIds: ["a"], primaryGoal: "purchase", currency: "USD", rollups })).toEqual([]);
    // Every visitor of B converted for signup: a rate of 1 has no binomial variance.
    const all = [row("a", "", "d", { exposedVisitors: 900 }), row("b", "", "d", { exposedVisitors: 900 }), row("a", "signup", "d", { convertingVisitors: 100 }), row("b", "signup", "d", { convertingVisitors: 900 })];
    expect(completedLifts({ armIds: ["a", "b"], primaryGoal: "signup", currency: "USD", rollups: all })).toEqual([]);
  });
});
