// The orders check of offer tests (docs/offers.md, "Every order checked"): each paid order of a buyer in an offer
// test compared with what the arms' offers take off it, recorded per test, for the results page and the guardrail.
import { MEMBERSHIP_BATCH, membershipQuery, membershipVariables, readMembership } from "~/domain/shopify/collection-membership";
import { checkOrder, type CheckedOrder } from "~/domain/shopify/offer-check";
import { readCheckedOrder } from "~/domain/shopify/order-discounts";
import { insertOfferChecks } from "~/models/shopify/order-offer-checks.server";
import type { Tx } from "~/models/transaction.server";
import type { OfferConfig } from "~/wire/offers";
import { currentOfferConfig } from "./offer-discount.server";
import { NO_ADMIN, type ShopAdmin } from "./order-cost.server";

export interface OfferCheckInput {
  config: OfferConfig;
  order: CheckedOrder;
}

/**
 * What the check needs, read before the order's transaction: the configuration svc's discount holds, without the
 * tests started after the order was placed (`placedAt`), and the order's lines with svc's allocations, each with the
 * configuration's collections its product is in when an offer names any (read through `admin`). Null when the shop
 * runs no offer, or the payload lacks the lines' prices.
 */
export async function loadOfferCheck(shopDomain: string, payload: unknown, placedAt: Date, admin: ShopAdmin = NO_ADMIN): Promise<OfferCheckInput | null> {
  const config = await currentOfferConfig(shopDomain, placedAt);
  if (!config) return null;
  const order = readCheckedOrder(payload, [config.title, ...Object.values(config.titles ?? {})]);
  if (!order) return null;
  const collections = [...new Set((config.cs ?? []).flat())];
  if (collections.length === 0) return { config, order };
  const membership = await readOrderMembership(shopDomain, order, collections, admin);
  // Without an answer the lines keep no membership, and an order an offer with collections applies to is not checked.
  if (!membership) return { config, order };
  const lines = order.lines.map((line) => (line.product === null ? line : { ...line, collections: membership.get(line.product) ?? [] }));
  return { config, order: { ...order, lines } };
}

/** Each product of the order's collections among `collections`; null when the Admin API cannot be asked or does not answer whole. */
async function readOrderMembership(shopDomain: string, order: CheckedOrder, collections: string[], admin: ShopAdmin): Promise<Map<string, string[]> | null> {
  const products = [...new Set(order.lines.flatMap((line) => (line.product === null ? [] : [line.product])))];
  if (products.length === 0) return new Map();
  const graphql = await admin(shopDomain).catch(() => null);
  if (!graphql) return null;
  const found = new Map<string, string[]>();
  for (let i = 0; i < products.length; i += MEMBERSHIP_BATCH) {
    const batch = products.slice(i, i + MEMBERSHIP_BATCH);
    const answer = await graphql(membershipQuery(collections.length), membershipVariables(batch, collections)).catch(() => null);
    const read = answer && answer.errors.length === 0 ? readMembership(answer.data, batch, collections) : null;
    if (!read) {
      console.warn(`[svc] the collections of an order's products could not be read for ${shopDomain}: its offers with collections are not checked`);
      return null;
    }
    for (const [product, ids] of read) found.set(product, ids);
  }
  return found;
}

/**
 * Checks the order of `visitorId` and records one row per offer test the visitor is in, but those of `excludedFrom`
 * (a Buy-it-now order those tests leave out: buy-now-orders.ts); answers how many. Their offers are left out of the
 * check too: the buyer paid their list price, and counting what they would have taken off would make a mismatch of it.
 */
export async function recordOfferCheckInTx(tx: Tx, siteId: string, orderId: string, visitorId: string, input: OfferCheckInput, excludedFrom: readonly string[] = []): Promise<number> {
  const offers = Object.fromEntries(Object.entries(input.config.offers).filter(([testId]) => !excludedFrom.includes(testId)));
  const check = checkOrder({ ...input.config, offers }, visitorId, input.order);
  // An order whose collection lines could not be placed is left unchecked rather than counted as a leak.
  await insertOfferChecks(
    tx,
    check.arms.map(({ testId, armId }) => ({ siteId, orderId, testId, armId, expected: check.expected, charged: check.charged, mismatch: check.mismatch })),
  );
  return check.arms.length;
}
