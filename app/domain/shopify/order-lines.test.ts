import { describe, expect, it } from "vitest";
import { costedVariants, isSubscriptionOrder, orderCost, orderUnits, purchaseSums, readOrderLines, settlementSums, type OrderLine, type UnitCost } from "./order-lines";

const line = (variantId: string | null, quantity: number, subscription = false): OrderLine => ({ variantId, quantity, subscription });
const usd = (amount: number): UnitCost => ({ amount, currency: "USD" });

describe("readOrderLines", () => {
  it("reads numeric and string variant ids, and null for a line without a variant", () => {
    expect(readOrderLines([{ variant_id: 12, quantity: 3 }, { variant_id: "13", quantity: 1 }, { quantity: 1 }])).toEqual([
      line("12", 3),
      line("13", 1),
      line(null, 1),
    ]);
  });

  it("is null when the lines are absent or not lines", () => {
    expect(readOrderLines(undefined)).toBeNull();
    expect(readOrderLines("lines")).toBeNull();
    expect(readOrderLines([{ variant_id: 12, quantity: 1.5 }])).toBeNull();
    expect(readOrderLines([{ variant_id: "0x12", quantity: 1 }])).toBeNull();
  });
});

describe("orderCost", () => {
  const costs = new Map<string, UnitCost>([
    ["1", usd(2.5)],
    ["2", usd(0.1)],
    ["3", null],
    ["4", { amount: 1, currency: "EUR" }],
  ]);

  it("adds quantity × unit cost over the lines, to four decimals", () => {
    expect(orderCost([line("1", 2), line("2", 3)], costs, "USD")).toBe(5.3);
    // A removed line (quantity 0) needs no cost.
    expect(orderCost([line("1", 1), line("3", 0)], costs, "USD")).toBe(2.5);
  });

  it("is unknown, never partial, when any line lacks a cost", () => {
    expect(orderCost([line("1", 1), line("3", 1)], costs, "USD")).toBeNull();
    expect(orderCost([line("1", 1), line("9", 1)], costs, "USD")).toBeNull();
    expect(orderCost([line("1", 1), line(null, 1)], costs, "USD")).toBeNull();
    expect(orderCost([], costs, "USD")).toBeNull();
    expect(orderCost(null, costs, "USD")).toBeNull();
  });

  it("is unknown when a cost is in another currency than the order's: nothing is converted", () => {
    expect(orderCost([line("4", 1)], costs, "USD")).toBeNull();
    expect(orderCost([line("1", 1)], costs, "EUR")).toBeNull();
  });
});

describe("costedVariants and isSubscriptionOrder", () => {
  it("lists each variant a cost needs once, and tells a subscription by any selling-plan line", () => {
    const lines = [line("1", 1), line("2", 1, true), line("1", 2), line(null, 1), line("5", 0)];
    expect(costedVariants(lines)).toEqual(["1", "2"]);
    expect(isSubscriptionOrder(lines)).toBe(true);
    expect(orderUnits(lines)).toBe(5);
    expect(orderUnits(null)).toBe(0);
    expect(isSubscriptionOrder([line("1", 1)])).toBe(false);
    expect(isSubscriptionOrder(null)).toBe(false);
  });
});

describe("purchaseSums", () => {
  it("counts a costed order with its cost and its net revenue so far", () => {
    expect(purchaseSums({ cost: 8, isSubscription: false, units: 3 }, 40, 5, false)).toEqual({
      costedOrders: 1,
      orderCost: 8,
      costedNetRevenue: 35,
      uncostedOrders: 0,
      subscriptionOrders: 0,
      subscriptionNetRevenue: 0,
      units: 3,
    });
  });

  it("counts an order without cost apart, and a subscription's net revenue apart", () => {
    expect(purchaseSums({ cost: null, isSubscription: true, units: 1 }, 30, 0, false)).toEqual({
      costedOrders: 0,
      orderCost: 0,
      costedNetRevenue: 0,
      uncostedOrders: 1,
      subscriptionOrders: 1,
      subscriptionNetRevenue: 30,
      units: 1,
    });
  });

  it("counts no cost and no unit for an order already cancelled", () => {
    expect(purchaseSums({ cost: 8, isSubscription: false, units: 2 }, 40, 40, true)).toMatchObject({ costedOrders: 1, orderCost: 0, costedNetRevenue: 0, units: 0 });
  });
});

describe("settlementSums", () => {
  it("lowers the net revenue of a costed or subscription order by what was removed", () => {
    expect(settlementSums({ cost: 8, isSubscription: true, units: 2 }, 5, false)).toEqual({ costedNetRevenue: -5, subscriptionNetRevenue: -5 });
    expect(settlementSums({ cost: null, isSubscription: false, units: 2 }, 5, false)).toEqual({});
  });

  it("takes the cost and the units out at cancellation, even when nothing more was removed", () => {
    expect(settlementSums({ cost: 8, isSubscription: false, units: 2 }, 0, true)).toEqual({ orderCost: -8, units: -2 });
    expect(settlementSums({ cost: 8, isSubscription: false, units: 0 }, 35, true)).toEqual({ costedNetRevenue: -35, orderCost: -8 });
  });
});
