import { describe, expect, it } from "vitest";
import type { OrderSums } from "../shopify/order-lines";
import { orderSumsPerArm, profitPerArm } from "./profit";

const row = (armId: string, sums: Partial<OrderSums>, currency = "USD", goal = "purchase") => ({ armId, goal, currency, ...sums });

describe("orderSumsPerArm", () => {
  it("adds each arm's rows of the goal in the site's currency, and nothing else", () => {
    const rows = [
      row("a", { costedOrders: 2, orderCost: 16, costedNetRevenue: 40, subscriptionOrders: 1, subscriptionNetRevenue: 20, units: 3 }),
      row("a", { costedOrders: 1, orderCost: 8, costedNetRevenue: 15, uncostedOrders: 1, units: 2 }),
      row("a", { costedOrders: 5, orderCost: 100 }, "EUR"),
      row("a", { costedOrders: 5, orderCost: 100 }, "USD", "signup"),
      row("b", {}),
      row("x", { costedOrders: 9 }),
    ];
    expect(orderSumsPerArm(rows, ["a", "b"], "USD", "purchase")).toEqual([
      { costedOrders: 3, orderCost: 24, costedNetRevenue: 55, uncostedOrders: 1, subscriptionOrders: 1, subscriptionNetRevenue: 20, units: 5 },
      { costedOrders: 0, orderCost: 0, costedNetRevenue: 0, uncostedOrders: 0, subscriptionOrders: 0, subscriptionNetRevenue: 0, units: 0 },
    ]);
  });
});

describe("profitPerArm", () => {
  const sums = (s: Partial<OrderSums>): OrderSums => ({
    costedOrders: 0, orderCost: 0, costedNetRevenue: 0, uncostedOrders: 0, subscriptionOrders: 0, subscriptionNetRevenue: 0, units: 0, ...s,
  });

  it("is the costed orders' net revenue less their cost, per visitor", () => {
    const [control, variant] = profitPerArm(
      [sums({ costedOrders: 3, orderCost: 24, costedNetRevenue: 55 }), sums({ costedOrders: 1, orderCost: 8, costedNetRevenue: 20.1 })],
      [{ visitors: 10, siteCurrencyConversions: 3 }, { visitors: 0, siteCurrencyConversions: 1 }],
    )!;
    expect(control).toMatchObject({ profit: 31, profitPerVisitor: 3.1, costedOrders: 3, uncostedOrders: 0 });
    expect(variant).toMatchObject({ profit: 12.1, profitPerVisitor: null });
  });

  it("counts as left out every order of the arm without a cost, those from before costs were kept included", () => {
    const [arm] = profitPerArm([sums({ costedOrders: 2, orderCost: 10, costedNetRevenue: 30, uncostedOrders: 1 })], [{ visitors: 10, siteCurrencyConversions: 5 }])!;
    expect(arm).toMatchObject({ profit: 20, profitPerVisitor: 2, uncostedOrders: 3 });
  });

  it("is a loss when the cost is above the net revenue (a refunded order keeps its cost)", () => {
    const [arm] = profitPerArm([sums({ costedOrders: 1, orderCost: 8, costedNetRevenue: 0 })], [{ visitors: 4, siteCurrencyConversions: 1 }])!;
    expect(arm).toMatchObject({ profit: -8, profitPerVisitor: -2 });
  });

  it("gives units per visitor once any unit is counted, and none for orders from before units were kept", () => {
    const [control, variant] = profitPerArm(
      [sums({ costedOrders: 3, orderCost: 24, costedNetRevenue: 55, units: 4 }), sums({ costedOrders: 5, orderCost: 30, costedNetRevenue: 80, units: 7 })],
      [{ visitors: 10, siteCurrencyConversions: 3 }, { visitors: 14, siteCurrencyConversions: 5 }],
    )!;
    expect([control?.unitsPerVisitor, variant?.unitsPerVisitor]).toEqual([0.4, 0.5]);
    const [old] = profitPerArm([sums({ costedOrders: 2, orderCost: 10, costedNetRevenue: 30 })], [{ visitors: 10, siteCurrencyConversions: 2 }])!;
    expect(old?.unitsPerVisitor).toBeNull();
  });

  it("is absent for a goal that counted no order since costs were kept", () => {
    expect(profitPerArm([sums({}), sums({})], [{ visitors: 5, siteCurrencyConversions: 2 }, { visitors: 5, siteCurrencyConversions: 0 }])).toBeNull();
  });
});
