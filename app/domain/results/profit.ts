// Profit per visitor and subscription orders from Shopify orders' sums in the rollups (docs/results.md,
// "Profit"): the net revenue of the orders whose cost was known less that cost, per visitor, with the
// orders left out for lack of a cost counted, never guessed.
import type { OrderSums } from "../shopify/order-lines";

/**
 * One arm's profit figures for a goal that counts Shopify orders. Its `uncostedOrders` are the arm's orders
 * left out of profit: its conversions in the site's currency without a known cost (orders whose cost was
 * unknown, and any counted before costs were kept).
 */
export interface ArmProfit extends OrderSums {
  /** costedNetRevenue − orderCost, in the site's currency. */
  profit: number;
  /** profit / the arm's visitors; null without visitors. */
  profitPerVisitor: number | null;
  /**
   * units / the arm's visitors; null without visitors or without a unit counted (orders from before units were
   * kept count none). What a price test moves besides money: a cheaper arm sells more units for less each.
   */
  unitsPerVisitor: number | null;
}

type Row = { armId: string; goal: string; currency: string } & Partial<OrderSums>;

const emptySums = (): OrderSums => ({ costedOrders: 0, orderCost: 0, costedNetRevenue: 0, uncostedOrders: 0, subscriptionOrders: 0, subscriptionNetRevenue: 0, units: 0 });

/** The goal's order sums per arm (in the order of armIds), from its rows in the site's currency. */
export function orderSumsPerArm(rows: readonly Row[], armIds: readonly string[], currency: string, goal: string): OrderSums[] {
  const sums = armIds.map(emptySums);
  const index = new Map(armIds.map((id, i) => [id, i]));
  for (const row of rows) {
    const s = sums[index.get(row.armId) ?? -1];
    if (!s || row.goal !== goal || row.currency !== currency) continue;
    s.costedOrders += row.costedOrders ?? 0;
    s.orderCost += row.orderCost ?? 0;
    s.costedNetRevenue += row.costedNetRevenue ?? 0;
    s.uncostedOrders += row.uncostedOrders ?? 0;
    s.subscriptionOrders += row.subscriptionOrders ?? 0;
    s.subscriptionNetRevenue += row.subscriptionNetRevenue ?? 0;
    s.units += row.units ?? 0;
  }
  return sums;
}

/**
 * Each arm's profit for a goal, or null when the goal has counted no Shopify order since costs were kept
 * (a goal of another kind, or a test from before): then there is nothing to show. `arms` gives each arm's
 * visitors and its conversions in the site's currency.
 */
export function profitPerArm(sums: readonly OrderSums[], arms: ReadonlyArray<{ visitors: number; siteCurrencyConversions: number }>): ArmProfit[] | null {
  if (!sums.some((s) => s.costedOrders + s.uncostedOrders > 0)) return null;
  const unitsKnown = sums.some((s) => s.units > 0);
  return sums.map((s, i) => {
    const arm = arms[i] ?? { visitors: 0, siteCurrencyConversions: 0 };
    const profit = round4(s.costedNetRevenue - s.orderCost);
    return {
      profit,
      profitPerVisitor: arm.visitors > 0 ? profit / arm.visitors : null,
      costedOrders: s.costedOrders,
      orderCost: round4(s.orderCost),
      costedNetRevenue: round4(s.costedNetRevenue),
      uncostedOrders: Math.max(s.uncostedOrders, arm.siteCurrencyConversions - s.costedOrders),
      subscriptionOrders: s.subscriptionOrders,
      subscriptionNetRevenue: round4(s.subscriptionNetRevenue),
      units: s.units,
      unitsPerVisitor: unitsKnown && arm.visitors > 0 ? s.units / arm.visitors : null,
    };
  });
}

function round4(n: number): number {
  return Math.round(n * 1e4) / 1e4;
}
