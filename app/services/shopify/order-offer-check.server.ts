// The orders check of offer tests (docs/offers.md, "Every order checked"): each paid order of a buyer in an offer
// test compared with what the arms' offers take off it, recorded per test, for the results page and the guardrail.
import { checkOrder, type CheckedOrder } from "~/domain/shopify/offer-check";
import { readCheckedOrder } from "~/domain/shopify/order-discounts";
import { insertOfferChecks } from "~/models/shopify/order-offer-checks.server";
import type { Tx } from "~/models/transaction.server";
import type { OfferConfig } from "~/wire/offers";
import { currentOfferConfig } from "./offer-discount.server";

export interface OfferCheckInput {
  config: OfferConfig;
  order: CheckedOrder;
}

/**
 * What the check needs, read before the order's transaction: the configuration svc's discount holds, without the
 * tests started after the order was placed (`placedAt`), and the order's lines with svc's allocations. Null when the
 * shop runs no offer, or the payload lacks the lines' prices.
 */
export async function loadOfferCheck(shopDomain: string, payload: unknown, placedAt: Date): Promise<OfferCheckInput | null> {
  const config = await currentOfferConfig(shopDomain, placedAt);
  if (!config) return null;
  const order = readCheckedOrder(payload, config.title);
  return order ? { config, order } : null;
}

/** Checks the order of `visitorId` and records one row per offer test the visitor is in; answers how many. */
export async function recordOfferCheckInTx(tx: Tx, siteId: string, orderId: string, visitorId: string, input: OfferCheckInput): Promise<number> {
  const check = checkOrder(input.config, visitorId, input.order);
  await insertOfferChecks(
    tx,
    check.arms.map(({ testId, armId }) => ({ siteId, orderId, testId, armId, expected: check.expected, charged: check.charged, mismatch: check.mismatch })),
  );
  return check.arms.length;
}
