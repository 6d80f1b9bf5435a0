// Shopify's mandatory compliance webhooks (docs/privacy.md): erase a shop 48 h after it uninstalled,
// unlink a customer's orders from every visitor and session, and say what is stored about them.
import { parseOrderIds } from "~/domain/shopify/compliance";
import { purchaseEventId } from "~/domain/events/purchase";
import { unlinkOrders, countOrdersOnFile, type UnlinkedOrders } from "~/models/shopify/customer-data.server";
import { eraseShop, type ErasedRows } from "~/models/shopify/shop-erasure.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";
import { invalidateSite } from "~/services/site-cache.server";

export type ShopRedaction = { status: "erased"; rows: ErasedRows } | { status: "installed"; rows: ErasedRows };

/**
 * shop/redact: every row of the shop, in every table, is deleted; unless svc sees the shop installed (it
 * reinstalled since its uninstall, or the delivery is a replay), which keeps everything.
 */
export async function eraseShopData(shop: string): Promise<ShopRedaction> {
  const { rows, sitePublicIds, installed } = await eraseShop(shop);
  if (installed) {
    console.log(`[svc] shop/redact for ${shop}: the shop is installed, nothing erased`);
    return { status: "installed", rows };
  }
  for (const siteId of sitePublicIds) invalidateSite(siteId);
  const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
  console.log(`[svc] shop/redact for ${shop}: ${total} rows erased`);
  return { status: "erased", rows };
}

/** customers/redact: the listed orders (`orders_to_redact`) no longer lead to any visitor or session. */
export async function redactCustomerOrders(shop: string, payload: unknown): Promise<Outcome<UnlinkedOrders>> {
  const orderIds = parseOrderIds(payload, "orders_to_redact");
  if (!orderIds.ok) return fail(invalidPayload("customers/redact", orderIds.issues));
  return ok(await unlinkOrders(shop, orderIds.value, orderIds.value.map(purchaseEventId)));
}

export interface CustomerDataReport {
  shop: string;
  ordersRequested: number;
  ordersOnFile: number;
  /** What svc keeps per order; none of it is personal data. */
  storedPerOrder: string[];
  personalData: "none";
}

/** customers/data_request: what is on file for the listed orders (`orders_requested`). */
export async function customerDataReport(shop: string, payload: unknown): Promise<Outcome<CustomerDataReport>> {
  const orderIds = parseOrderIds(payload, "orders_requested");
  if (!orderIds.ok) return fail(invalidPayload("customers/data_request", orderIds.issues));
  const onFile = await countOrdersOnFile(shop, orderIds.value);
  console.log(`[svc] customers/data_request for ${shop}: ${onFile} orders on file, no personal data stored`);
  return ok({
    shop,
    ordersRequested: orderIds.value.length,
    ordersOnFile: onFile,
    storedPerOrder: ["order id", "total", "currency", "what its goods cost the shop", "whether it was a subscription", "a random session id (none after customers/redact)"],
    personalData: "none",
  });
}

function invalidPayload(topic: string, issues: string[]): Problem {
  return { status: 400, type: "invalid-webhook", title: `The ${topic} body is not the documented shape`, issues };
}
