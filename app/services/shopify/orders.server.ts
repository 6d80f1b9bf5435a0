// Shopify purchases: orders/paid records each order once as a `purchase` conversion in shop money,
// refunds/create and orders/cancelled lower its net revenue, and the web pixel's checkout report gives an
// order its session. Every path takes the order's lock first, so whichever arrives first, it counts once.
import { PURCHASE_GOAL, purchaseEventId } from "~/domain/events/purchase";
import { priorConversions, profitMomentIncrement, totalCurrency } from "~/domain/events/visitor-totals";
import { claimCounts, claimWorthKeeping, parseOrder, parseRefund, removedAmount, type PaidOrder } from "~/domain/shopify/order";
import { purchaseSums, settlementSums, type OrderProfitFacts } from "~/domain/shopify/order-lines";
import type { SiteConfig } from "~/domain/sites/site-config";
import { findConversion, listAttributions, setConversionSession } from "~/models/events/conversion.server";
import { findCheckoutReportsNaming, insertCheckoutReport, insertOrder, insertRefund, listRefunds, lockOrder, updateOrder } from "~/models/shopify/order.server";
import { addToRollup } from "~/models/events/rollup.server";
import { addToVisitorTotals, readVisitorGoalTotals } from "~/models/events/visitor-total.server";
import { findShopifySiteId } from "~/models/sites/site.server";
import { inTransaction, type Tx } from "~/models/transaction.server";
import { fail, ok, type Outcome } from "~/services/outcome";
import { attributeConversionInTx, recordConversionInTx } from "~/services/record-conversion.server";
import { getSiteConfig } from "~/services/site-cache.server";
import { NO_ADMIN, orderProfitFacts, type ShopAdmin } from "./order-cost.server";
import { loadOfferCheck, recordOfferCheckInTx, type OfferCheckInput } from "./order-offer-check.server";
import { buyNowExcludedTests } from "./buy-now-orders.server";
import { insertBuyNowOrders } from "~/models/shopify/buy-now-orders.server";

/** What a webhook did, answered to Shopify as JSON (it reads only the status code). */
export interface OrderWebhookSummary {
  /** recorded: new; duplicate: a redelivery, nothing changed; pending: kept until its order arrives; ignored: not ours to count. */
  status: "recorded" | "duplicate" | "pending" | "ignored";
  orderId?: string;
  /** Tests whose arms the purchase counts for. */
  attributedTests?: number;
  reason?: string;
}

const invalid = (issues: string[]) =>
  fail({ status: 422, type: "invalid-webhook-payload", title: "The webhook payload is not an order or refund svc can read", issues });

/**
 * orders/paid: the purchase, attributed through the cart's `_svc_sid` or the pixel's report, with its cost
 * for profit, worked out first, outside the order's transaction (order-cost.server.ts; `admin` reads unit
 * costs not kept yet).
 */
export async function recordPaidOrder(
  shopDomain: string,
  payload: unknown,
  receivedAt = new Date(),
  admin: ShopAdmin = NO_ADMIN,
): Promise<Outcome<OrderWebhookSummary>> {
  const parsed = parseOrder(payload, receivedAt);
  if (!parsed.ok) return invalid(parsed.issues);
  const site = await shopifySite(shopDomain);
  if (!site) return ok(unknownShop(parsed.value.orderId));
  const profit = await orderProfitFacts({ id: site.shopId, domain: shopDomain }, parsed.value, admin);
  const offers = await loadOfferCheck(shopDomain, payload, parsed.value.occurredAt, admin);
  const excludedFrom = await buyNowExcludedTests(shopDomain, payload);
  return ok(await inTransaction((tx) => recordPaidOrderInTx(tx, site, parsed.value, profit, offers, excludedFrom)));
}

/**
 * `excludedFrom`: the tests whose results leave the order out (a Buy-it-now order on the products of a test that keeps
 * those buttons: buy-now-orders.ts); kept on the order for the pixel's later report, and out of its orders check.
 */
async function recordPaidOrderInTx(
  tx: Tx,
  site: SiteConfig,
  order: PaidOrder,
  profit: OrderProfitFacts,
  offers: OfferCheckInput | null,
  excludedFrom: string[],
): Promise<OrderWebhookSummary> {
  const { orderId } = order;
  if (await lockOrder(tx, site.shopId, orderId)) return { status: "duplicate", orderId };
  // The cart attribute names the session that built the cart and always wins; the pixel's report covers
  // checkouts without a cart, and one made before the order counts only when it named this order's checkout.
  const named = order.sessionId || !order.checkoutToken ? [] : await findCheckoutReportsNaming(tx, site.id, orderId, order.checkoutToken);
  const report = named[0] ?? null;
  const sessionId = order.sessionId ?? report?.sessionId ?? null;
  // Refunds may have arrived first (Shopify does not order deliveries); they count from the start.
  const refunded = removedAmount({ ...order, cancelled: order.cancelledAt !== null }, await listRefunds(tx, site.shopId, orderId));
  await insertOrder(tx, { ...order, ...profit, shopId: site.shopId, sessionId, refunded, excludedFrom });
  if (order.isTest) return { status: "recorded", orderId, attributedTests: 0, reason: "test order: kept, never counted in results" };
  const result = await recordConversionInTx(tx, site, {
    eventId: purchaseEventId(orderId),
    goal: PURCHASE_GOAL,
    value: order.total,
    currency: order.currency,
    sessionId,
    visitorId: report?.visitorId ?? null,
    source: "order",
    occurredAt: order.occurredAt,
    refunded,
    orderSums: purchaseSums(profit, order.total, refunded, order.cancelledAt !== null),
    excludedTests: excludedFrom,
  });
  if (result.status !== "created") return { status: "duplicate", orderId };
  await insertBuyNowOrders(tx, site.id, orderId, result.excluded);
  // An order whose buyer svc cannot name is not checked: the offers' arms follow the visitor. A test that left the
  // order out does not check it either: its buyer paid the list price, as that test's merchant chose.
  if (offers && result.visitorId) await recordOfferCheckInTx(tx, site.id, orderId, result.visitorId, offers, excludedFrom);
  return { status: "recorded", orderId, attributedTests: result.attributed.length };
}

/** refunds/create: lowers the order's net revenue by the money returned, once per refund id. */
export async function recordRefund(shopDomain: string, payload: unknown): Promise<Outcome<OrderWebhookSummary>> {
  const parsed = parseRefund(payload);
  if (!parsed.ok) return invalid(parsed.issues);
  const site = await shopifySite(shopDomain);
  const refund = parsed.value;
  if (!site) return ok(unknownShop(refund.orderId));
  return ok(
    await inTransaction(async (tx) => {
      const order = await lockOrder(tx, site.shopId, refund.orderId);
      if (!(await insertRefund(tx, { ...refund, shopId: site.shopId }))) return { status: "duplicate", orderId: refund.orderId };
      if (!order) return { status: "pending", orderId: refund.orderId, reason: "order not seen yet: counted when it arrives" };
      await settleOrder(tx, site, order, order.cancelledAt);
      return { status: "recorded", orderId: refund.orderId };
    }),
  );
}

/** orders/cancelled: none of the order counts any more. */
export async function recordCancellation(shopDomain: string, payload: unknown, receivedAt = new Date()): Promise<Outcome<OrderWebhookSummary>> {
  const parsed = parseOrder(payload, receivedAt);
  if (!parsed.ok) return invalid(parsed.issues);
  const site = await shopifySite(shopDomain);
  const { orderId, cancelledAt } = parsed.value;
  if (!site) return ok(unknownShop(orderId));
  return ok(
    await inTransaction(async (tx) => {
      const order = await lockOrder(tx, site.shopId, orderId);
      // A cancelled order that was never paid was never counted.
      if (!order) return { status: "ignored", orderId, reason: "order not paid: nothing was counted" };
      if (order.cancelledAt) return { status: "duplicate", orderId };
      await settleOrder(tx, site, order, cancelledAt ?? receivedAt);
      return { status: "recorded", orderId };
    }),
  );
}

/**
 * Brings the order's removed amount (refunds, cancellation) up to date and moves the difference into
 * the rollups of the arms its purchase counts for, on the purchase's day: net revenue per arm and day
 * is then what that day's orders finally brought in.
 */
async function settleOrder(
  tx: Tx,
  site: SiteConfig,
  order: NonNullable<Awaited<ReturnType<typeof lockOrder>>>,
  cancelledAt: Date | null,
): Promise<void> {
  const refunds = await listRefunds(tx, site.shopId, order.orderId);
  const removed = removedAmount({ ...order, cancelled: cancelledAt !== null }, refunds);
  const delta = removed - order.refunded;
  await updateOrder(tx, order, { refunded: removed, ...(cancelledAt && { cancelledAt }) });
  // Profit's sums follow the net revenue, and a cancellation takes the order's cost out.
  const sums = settlementSums(order, delta, cancelledAt !== null && order.cancelledAt === null);
  if ((delta === 0 && Object.keys(sums).length === 0) || order.isTest) return;
  const eventId = purchaseEventId(order.orderId);
  const conversion = await findConversion(tx, site.id, eventId);
  if (!conversion) return;
  // The order counts among refunded orders from its first refund (or its cancellation) on.
  const refundedOrders = (removed > 0 ? 1 : 0) - (order.refunded > 0 ? 1 : 0);
  const currency = conversion.currency ?? site.currency;
  // What its visitor's profit loses (a refund) or gains back (a cancellation's cost), moving profit per visitor's
  // squares from their running profit; a conversion redacted from its visitor moves the sums alone.
  const profit = (sums.costedNetRevenue ?? 0) - (sums.orderCost ?? 0);
  const visitorId = profit !== 0 ? conversion.visitorId : null;
  const attributions = await listAttributions(tx, site.id, eventId);
  for (const { testId, armId } of attributions) {
    const prior = visitorId
      ? priorConversions(await readVisitorGoalTotals(tx, { siteId: site.id, visitorId, testId, goal: conversion.goal }), currency, site.currency).profit
      : null;
    await addToRollup(
      tx,
      { siteId: site.id, testId, armId, goal: conversion.goal, day: conversion.occurredAt, currency },
      { refunded: delta, refundedOrders, ...sums, ...(prior !== null && profitMomentIncrement(prior, profit)) },
    );
  }
  if (visitorId) {
    const key = { siteId: site.id, visitorId, goal: conversion.goal, currency: totalCurrency(conversion.value, currency) };
    await addToVisitorTotals(tx, attributions.map(({ testId }) => ({ ...key, testId, conversions: 0, revenue: 0, profit })));
  }
}

/**
 * The web pixel's `checkout` event (POST /api/collect): which session placed the order (issue 20, row 7;
 * claimCounts in app/domain/shopify/order.ts). Before the order exists the report is kept only when it
 * names a checkout, for the order to match when it arrives. Once the order exists the report gives it its
 * session only when the order has none (its own `_svc_sid` always wins) and the report names the order's
 * own checkout; the purchase is attributed then. Called inside the ingestion transaction of the
 * batch that carried it, for every report, a resent one included (each session's report is kept once).
 */
export async function recordCheckoutInTx(
  tx: Tx,
  site: SiteConfig,
  checkout: { orderId: string; sessionId: string; visitorId: string; checkoutToken: string | null },
): Promise<void> {
  const order = await lockOrder(tx, site.shopId, checkout.orderId);
  if (!order) {
    if (claimWorthKeeping(checkout)) await insertCheckoutReport(tx, { siteId: site.id, ...checkout });
    return;
  }
  if (!claimCounts(order, checkout)) return;
  await insertCheckoutReport(tx, { siteId: site.id, ...checkout });
  await updateOrder(tx, order, { sessionId: checkout.sessionId });
  if (order.isTest) return;
  const eventId = purchaseEventId(order.orderId);
  const session = { sessionId: checkout.sessionId, visitorId: checkout.visitorId };
  if (!(await setConversionSession(tx, { siteId: site.id, eventId }, session))) return;
  const conversion = await findConversion(tx, site.id, eventId);
  if (!conversion) return;
  const { excluded } = await attributeConversionInTx(tx, site, {
    ...conversion,
    currency: conversion.currency ?? site.currency,
    refunded: order.refunded,
    orderSums: purchaseSums(order, conversion.value ?? 0, order.refunded, order.cancelledAt !== null),
    excludedTests: order.excludedFrom,
  });
  await insertBuyNowOrders(tx, site.id, order.orderId, excluded);
}

async function shopifySite(shopDomain: string): Promise<SiteConfig | null> {
  const publicId = await findShopifySiteId(shopDomain);
  return publicId ? getSiteConfig(publicId) : null;
}

function unknownShop(orderId: string): OrderWebhookSummary {
  console.warn(`[svc] order webhook for a shop without a storefront site: order ${orderId} not counted`);
  return { status: "ignored", orderId, reason: "no storefront site for this shop" };
}
