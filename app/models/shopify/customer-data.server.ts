// What svc holds about a customer's orders (customers/data_request) and unlinking them from every visitor
// and session (customers/redact). svc stores no customer: only order id, total, currency and a random
// session id, plus the pixel's checkout report joining the two.
import { subtractFromVisitorTotals } from "~/models/events/visitor-total.server";
import { inTransaction } from "~/models/transaction.server";
import { prisma } from "~/db.server";

/** How many of these orders of the shop are on file. */
export async function countOrdersOnFile(domain: string, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const db = await prisma();
  return db.order.count({ where: { shop: { domain }, orderId: { in: orderIds } } });
}

export interface UnlinkedOrders {
  orders: number;
  conversions: number;
  checkoutReports: number;
  checkoutEvents: number;
}

/**
 * Makes the shop's orders no longer linkable to a visitor or session, in one transaction: the orders and
 * their purchase conversions (`purchaseEventIds`, the conversions' event ids of the same orders) lose their
 * session and visitor ids; the pixel's checkout reports and `checkout` events naming the orders are deleted.
 * Aggregates (rollups, attributions to arms) are kept: they name no visitor. The conversions leave their visitors'
 * running totals (VisitorTotal), as they leave the visitor's history.
 */
export async function unlinkOrders(domain: string, orderIds: string[], purchaseEventIds: string[]): Promise<UnlinkedOrders> {
  if (orderIds.length === 0) return { orders: 0, conversions: 0, checkoutReports: 0, checkoutEvents: 0 };
  return inTransaction(async (tx) => {
    const shop = await tx.shop.findUnique({ where: { domain }, select: { id: true, sites: { select: { id: true } } } });
    if (!shop) return { orders: 0, conversions: 0, checkoutReports: 0, checkoutEvents: 0 };
    const siteId = { in: shop.sites.map((s) => s.id) };
    // Out of their visitors' running totals first, while the conversions still name the visitor.
    await subtractFromVisitorTotals(tx, siteId.in, purchaseEventIds);
    const orders = await tx.order.updateMany({ where: { shopId: shop.id, orderId: { in: orderIds } }, data: { sessionId: null } });
    const conversions = await tx.conversion.updateMany({
      where: { siteId, eventId: { in: purchaseEventIds } },
      data: { sessionId: null, visitorId: null },
    });
    const checkoutReports = await tx.checkoutReport.deleteMany({ where: { siteId, orderId: { in: orderIds } } });
    const checkoutEvents = await tx.event.deleteMany({
      where: { siteId, type: "checkout", OR: orderIds.map((id) => ({ data: { path: ["order"], equals: id } })) },
    });
    return {
      orders: orders.count,
      conversions: conversions.count,
      checkoutReports: checkoutReports.count,
      checkoutEvents: checkoutEvents.count,
    };
  });
}
