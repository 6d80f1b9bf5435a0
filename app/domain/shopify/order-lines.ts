// An order's line items as profit needs them (read when the order is paid, never stored): each line's
// variant and quantity and whether it was bought on a selling plan; the order's cost from its variants'
// unit costs, unknown rather than guessed; and what the order adds to the rollups' profit sums.
import { z } from "zod";

export interface OrderLine {
  /** The variant's numeric id; null for a line without one (a custom item, a tip). */
  variantId: string | null;
  quantity: number;
  /** Bought on a selling plan (a subscription). */
  subscription: boolean;
}

/** A variant's unit cost (InventoryItem.unitCost); null when Shopify has none for it. */
export type UnitCost = { amount: number; currency: string } | null;

/** A Shopify numeric id in a webhook payload (a number or its digits), as text; null when absent. */
export const numericId = z
  .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,19}$/)])
  .transform(String)
  .nullish()
  .transform((v) => v ?? null);

const lineSchema = z
  .object({
    variant_id: numericId,
    quantity: z.number().int().min(0).max(1_000_000),
    // The selling plan's id on a subscription line, null otherwise: in orders webhooks from API version
    // 2026-10 (Shopify's changelog "Orders webhooks now include selling_plan_id on line items").
    selling_plan_id: z.unknown().optional(),
  })
  .loose()
  .transform((l): OrderLine => ({
    variantId: l.variant_id,
    quantity: l.quantity,
    subscription: l.selling_plan_id !== null && l.selling_plan_id !== undefined && l.selling_plan_id !== "" && l.selling_plan_id !== 0,
  }));

const lineItemsSchema = z.array(lineSchema).max(5_000);

/**
 * `line_items` of an order webhook. Absent or unreadable lines make the cost unknown (null), never the
 * order unreadable: the purchase counts whatever its lines look like.
 */
export function readOrderLines(raw: unknown): OrderLine[] | null {
  const parsed = lineItemsSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The distinct variants whose cost the order's cost needs, in order of appearance. */
export function costedVariants(lines: readonly OrderLine[] | null): string[] {
  return [...new Set((lines ?? []).filter((l) => l.quantity > 0).flatMap((l) => (l.variantId === null ? [] : [l.variantId])))];
}

/**
 * Σ quantity × unit cost over the lines, in the order's (shop) currency, to four decimals; null (unknown)
 * when the order has no lines, when a line has no variant or its variant no known cost, or when a cost is
 * in another currency than the order's: a partial or converted cost would be a guess.
 */
export function orderCost(lines: readonly OrderLine[] | null, costs: ReadonlyMap<string, UnitCost>, currency: string): number | null {
  if (!lines || lines.length === 0) return null;
  let total = 0;
  for (const line of lines) {
    if (line.quantity === 0) continue;
    if (line.variantId === null) return null;
    const cost = costs.get(line.variantId);
    if (!cost || cost.currency !== currency) return null;
    total += line.quantity * cost.amount;
  }
  return Math.round(total * 1e4) / 1e4;
}

/** The units the order's lines sold (Σ quantity); 0 when its lines could not be read. */
export function orderUnits(lines: readonly OrderLine[] | null): number {
  return (lines ?? []).reduce((sum, l) => sum + l.quantity, 0);
}

/** Whether any line was bought on a selling plan. */
export function isSubscriptionOrder(lines: readonly OrderLine[] | null): boolean {
  return (lines ?? []).some((l) => l.subscription);
}

/**
 * What the rollups keep of orders for profit (DailyRollup's columns of the same names, written by the order
 * doors only): an order's increments, and their sums that profit reads (app/domain/results/profit.ts).
 */
export interface OrderSums {
  /** Orders whose cost was known when paid. */
  costedOrders: number;
  /** Their cost (0 for those cancelled since). */
  orderCost: number;
  /** Their net revenue: revenue less refunds and cancellations. */
  costedNetRevenue: number;
  /** Orders whose cost was unknown when paid. */
  uncostedOrders: number;
  /** Orders with a line bought on a selling plan, and their net revenue. */
  subscriptionOrders: number;
  subscriptionNetRevenue: number;
  /** Units the orders sold (their lines' quantities), cancelled orders' taken back out. */
  units: number;
}

/** What profit needs of a stored order. */
export interface OrderProfitFacts {
  /** Null: unknown when paid. */
  cost: number | null;
  isSubscription: boolean;
  /** Units its lines sold (orderUnits). */
  units: number;
}

/**
 * An order's first increment, when its purchase counts for an arm: its net revenue so far (value less what
 * was refunded before), its cost unless it is cancelled already (cancelled goods cost nothing), and which
 * count it joins.
 */
export function purchaseSums(order: OrderProfitFacts, value: number, refunded: number, cancelled: boolean): OrderSums {
  const costed = order.cost !== null;
  const net = round4(value - refunded);
  return {
    costedOrders: costed ? 1 : 0,
    orderCost: costed && !cancelled ? (order.cost ?? 0) : 0,
    costedNetRevenue: costed ? net : 0,
    uncostedOrders: costed ? 0 : 1,
    subscriptionOrders: order.isSubscription ? 1 : 0,
    subscriptionNetRevenue: order.isSubscription ? net : 0,
    // Cancelled goods were never sold, as they cost nothing.
    units: cancelled ? 0 : order.units,
  };
}

/**
 * A later change to a counted order: `removedDelta` more of it refunded or cancelled lowers the net revenue
 * it counts with; its cancellation (`newlyCancelled`) takes its cost and its units back out. Refunds leave the cost: svc
 * cannot tell whether the goods came back.
 */
export function settlementSums(order: OrderProfitFacts, removedDelta: number, newlyCancelled: boolean): Partial<OrderSums> {
  const costed = order.cost !== null;
  return {
    ...(costed && removedDelta !== 0 && { costedNetRevenue: -removedDelta }),
    ...(costed && newlyCancelled && order.cost !== 0 && { orderCost: -(order.cost ?? 0) }),
    ...(order.isSubscription && removedDelta !== 0 && { subscriptionNetRevenue: -removedDelta }),
    ...(newlyCancelled && order.units !== 0 && { units: -order.units }),
  };
}

function round4(n: number): number {
  return Math.round(n * 1e4) / 1e4;
}
