// Shopify purchases as conversions: the goal label and event id every door uses for an order.

/** The goal label of Shopify purchases (GoalKind purchase); revenue is the order's total in shop money. */
export const PURCHASE_GOAL = "purchase";

/** The conversion event id of a Shopify order: one per order, so webhook redeliveries dedupe on it. */
export function purchaseEventId(orderId: string): string {
  return `order-${orderId}`;
}
