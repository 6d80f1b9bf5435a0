// Shopify orders, their refunds, and the web pixel's checkout reports: the only code that reads or
// writes the Order, Refund and CheckoutReport tables.
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/models/transaction.server";

export interface OrderRow {
  shopId: string;
  orderId: string;
  sessionId: string | null;
  checkoutToken: string | null;
  total: number;
  currency: string;
  presentmentTotal: number;
  presentmentCurrency: string;
  isTest: boolean;
  refunded: number;
  cancelledAt: Date | null;
  occurredAt: Date;
  /** What its line items cost the shop; null: unknown (app/domain/shopify/order-lines.ts). */
  cost: number | null;
  isSubscription: boolean;
  /** Units its lines sold (0 for orders from before they were kept). */
  units: number;
  /** The tests whose results leave it out (Order.excludedFrom; app/domain/shopify/buy-now-orders.ts). */
  excludedFrom: string[];
}

const decimal = (n: number) => new Prisma.Decimal(n);

/** Inserts the order unless (shop, order id) exists; false for a redelivery. Only OrderRow's fields are stored. */
export async function insertOrder(tx: Tx, row: OrderRow): Promise<boolean> {
  const { shopId, orderId, sessionId, checkoutToken, currency, presentmentCurrency, isTest, cancelledAt, occurredAt, isSubscription, units, excludedFrom } = row;
  const { count } = await tx.order.createMany({
    data: [
      {
        ...{ shopId, orderId, sessionId, checkoutToken, currency, presentmentCurrency, isTest, cancelledAt, occurredAt, isSubscription, units, excludedFrom },
        total: decimal(row.total),
        presentmentTotal: decimal(row.presentmentTotal),
        refunded: decimal(row.refunded),
        cost: row.cost === null ? null : decimal(row.cost),
      },
    ],
    skipDuplicates: true,
  });
  return count === 1;
}

/**
 * Serializes everything that touches one order (its webhook, refunds, cancellation, the pixel's report)
 * until the transaction ends, then reads it: whichever arrives first, the second sees what the first
 * wrote. An advisory lock rather than FOR UPDATE, because the order may not exist yet.
 */
export async function lockOrder(tx: Tx, shopId: string, orderId: string): Promise<OrderRow | null> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`order:${shopId}:${orderId}`}))`;
  const row = await tx.order.findUnique({ where: { shopId_orderId: { shopId, orderId } } });
  return (
    row && {
      ...row,
      total: Number(row.total),
      presentmentTotal: Number(row.presentmentTotal),
      refunded: Number(row.refunded),
      cost: row.cost === null ? null : Number(row.cost),
    }
  );
}

export async function updateOrder(
  tx: Tx,
  key: { shopId: string; orderId: string },
  fields: { refunded?: number; cancelledAt?: Date; sessionId?: string },
): Promise<void> {
  await tx.order.update({
    where: { shopId_orderId: { shopId: key.shopId, orderId: key.orderId } },
    data: { ...fields, refunded: fields.refunded === undefined ? undefined : decimal(fields.refunded) },
  });
}

/** Records a refund unless (shop, refund id) exists; false for a redelivery. */
export async function insertRefund(
  tx: Tx,
  row: { shopId: string; refundId: string; orderId: string; amount: number; currency: string | null },
): Promise<boolean> {
  const data = { ...row, amount: decimal(row.amount), currency: row.currency ?? "" };
  const { count } = await tx.refund.createMany({ data: [data], skipDuplicates: true });
  return count === 1;
}

/** The order's refunds; a refund that returned no money has no currency (stored as ""). */
export async function listRefunds(tx: Tx, shopId: string, orderId: string): Promise<Array<{ amount: number; currency: string | null }>> {
  const rows = await tx.refund.findMany({ where: { shopId, orderId }, select: { amount: true, currency: true } });
  return rows.map((r) => ({ amount: Number(r.amount), currency: r.currency || null }));
}

/** Records the pixel's report unless this session already reported the order; false when it had. */
export async function insertCheckoutReport(
  tx: Tx,
  row: { siteId: string; orderId: string; sessionId: string; visitorId: string; checkoutToken: string | null },
): Promise<boolean> {
  const { count } = await tx.checkoutReport.createMany({ data: [row], skipDuplicates: true });
  return count === 1;
}

/** The reports made for the order that named this checkout (before the order arrived), oldest first. */
export async function findCheckoutReportsNaming(tx: Tx, siteId: string, orderId: string, checkoutToken: string) {
  return tx.checkoutReport.findMany({
    where: { siteId, orderId, checkoutToken },
    orderBy: { receivedAt: "asc" },
    select: { sessionId: true, visitorId: true },
  });
}
