import { describe, expect, it } from "vitest";
import { compareProfit, costedEnough, MIN_COSTED_ORDERS, profitDecidable, profitMomentsPerArm, profitPlan, type ProfitMoments } from "./profit-comparison";
import { planSample } from "./stats";

const ARMS = [{ id: "A", weight: 1 }, { id: "B", weight: 1 }];
const SETTINGS = { alpha: 0.05 };

/** An arm of `visitors` of whom `buyers` bought once at `profit` each (the rows a price test's orders leave). */
function moments(visitors: number, buyers: number, profit: number, over: Partial<ProfitMoments> = {}): ProfitMoments {
  return { visitors, sum: buyers * profit, squares: buyers * profit ** 2, cubes: buyers * profit ** 3, costedOrders: buyers, uncostedOrders: 0, ...over };
}

const exposure = (armId: string, exposedVisitors: number) => ({ armId, goal: "", currency: "", exposedVisitors });
const orders = (armId: string, over: Record<string, number | null | undefined>) => ({ armId, goal: "purchase", currency: "USD", exposedVisitors: 0, ...over });

describe("profit per visitor's moments", () => {
  it("adds each arm's visitors, profit (costed net revenue less cost) and its per-visitor squares and cubes", () => {
    const rows = [
      exposure("A", 100), exposure("A", 50), exposure("B", 120),
      orders("A", { costedOrders: 2, uncostedOrders: 1, costedNetRevenue: 60, orderCost: 24, profitSquares: 648, profitCubes: 11664 }),
      orders("A", { costedOrders: 1, costedNetRevenue: 30, orderCost: 12, profitSquares: 324, profitCubes: 5832 }),
      // Another currency's orders are not the site's profit.
      { ...orders("A", { costedOrders: 5, costedNetRevenue: 500, orderCost: 100, profitSquares: 1, profitCubes: 1 }), currency: "EUR" },
      orders("B", { costedOrders: 1, costedNetRevenue: 24, orderCost: 12, profitSquares: 144, profitCubes: 1728 }),
    ];
    const [a, b] = profitMomentsPerArm(rows, ["A", "B"], "USD", "purchase");
    expect(a).toEqual({ visitors: 150, sum: 54, squares: 972, cubes: 17496, costedOrders: 3, uncostedOrders: 1 });
    expect(b).toEqual({ visitors: 120, sum: 12, squares: 144, cubes: 1728, costedOrders: 1, uncostedOrders: 0 });
  });

  it("makes an arm's squares unknown for good once a row counted costed orders without them (written before they were kept)", () => {
    const rows = [
      orders("A", { costedOrders: 1, costedNetRevenue: 30, orderCost: 12 }),
      orders("A", { costedOrders: 1, costedNetRevenue: 30, orderCost: 12, profitSquares: 324, profitCubes: 5832 }),
      orders("B", { costedOrders: 1, costedNetRevenue: 30, orderCost: 12, profitSquares: null, profitCubes: null }),
      // A row without costed orders (an uncosted order only) needs no squares.
      orders("B", { uncostedOrders: 1 }),
    ];
    const [a, b] = profitMomentsPerArm(rows, ["A", "B"], "USD", "purchase");
    expect([a?.squares, a?.cubes, b?.squares, b?.cubes]).toEqual([null, null, null, null]);
    expect(profitDecidable([a!, b!])).toBe(false);
  });

  it("is decidable only with every arm costed at 95% or more, an arm without orders included", () => {
    expect(costedEnough({ costedOrders: 0, uncostedOrders: 0 })).toBe(true);
    expect(costedEnough({ costedOrders: 95, uncostedOrders: 5 })).toBe(true);
    expect(costedEnough({ costedOrders: 94, uncostedOrders: 6 })).toBe(false);
    expect(profitDecidable([moments(100, 10, 18), moments(100, 0, 0)])).toBe(true);
    expect(profitDecidable([moments(100, 10, 18), moments(100, 10, 18, { uncostedOrders: 1 })])).toBe(false);
    expect(profitDecidable([moments(100, 10, 18)])).toBe(false);
  });
});

describe("compareProfit", () => {
  it("calls a lower price that sells more but earns less per visitor worse, with an interval around the true lift", () => {
    // $30 at a $12 cost: 5% buy, $0.90 a visitor. $24: 6.5% buy, $0.78 a visitor (−13.3%).
    const [, b] = compareProfit(ARMS, [moments(20_000, 1000, 18), moments(20_000, 1300, 12)], SETTINGS);
    expect(b?.profitLift).toBeCloseTo(0.78 / 0.9 - 1, 6);
    expect(b?.profitPValue).toBeLessThan(0.05);
    expect(b?.profitCiHigh).toBeLessThan(0);
    expect(b?.profitCiLow).toBeLessThan(b!.profitLift!);
  });

  it("compares nothing before MIN_COSTED_ORDERS in both arms, or when profit is not decidable", () => {
    const few = MIN_COSTED_ORDERS - 1;
    expect(compareProfit(ARMS, [moments(1000, few, 18), moments(1000, 40, 12)], SETTINGS)).toEqual([{}, {}]);
    expect(compareProfit(ARMS, [moments(1000, 40, 18), moments(1000, 40, 12, { squares: null })], SETTINGS)).toEqual([{}, {}]);
    expect(compareProfit(ARMS, [moments(1000, 40, 18), moments(1000, 40, 12, { uncostedOrders: 10 })], SETTINGS)).toEqual([{}, {}]);
  });

  it("compares nothing while one big order makes the difference far from normal (Kohavi's rule)", () => {
    const whale = { visitors: 2000, sum: 20 * 18 + 5000, squares: 20 * 18 ** 2 + 5000 ** 2, cubes: 20 * 18 ** 3 + 5000 ** 3, costedOrders: 21, uncostedOrders: 0 };
    expect(compareProfit(ARMS, [moments(2000, 20, 18), whale], SETTINGS)).toEqual([{}, {}]);
  });

  it("gives no comparison rather than a broken page for sums no real visitors give", () => {
    expect(compareProfit(ARMS, [moments(1000, 40, 18), moments(1000, 40, 12, { squares: 1 })], SETTINGS)).toEqual([{}, {}]);
  });
});

describe("profitPlan", () => {
  it("plans more visitors for profit than for the rate when profit varies more than a purchase does, and none without profit above 0", () => {
    const control = moments(10_000, 500, 18);
    const plan = profitPlan(ARMS, control, 0.1, 0.05);
    // One order at one price: profit per visitor is the rate scaled by the margin, so its plan is near the rate's (which
    // takes the variant's variance at the lifted rate where this takes control's for both).
    const ratio = plan!.usersNeeded / planSample(ARMS, 0.05, 0.1, 0.05)!.usersNeeded;
    expect(ratio).toBeGreaterThan(0.9);
    expect(ratio).toBeLessThan(1);
    const varied = { ...control, squares: control.squares! * 3, cubes: control.cubes! * 9 };
    expect(profitPlan(ARMS, varied, 0.1, 0.05)!.usersNeeded).toBeGreaterThan(plan!.usersNeeded * 2);
    expect(profitPlan(ARMS, moments(10_000, 0, 0), 0.1, 0.05)).toBeNull();
    expect(profitPlan(ARMS, moments(10_000, 500, -2), 0.1, 0.05)).toBeNull();
  });
});
