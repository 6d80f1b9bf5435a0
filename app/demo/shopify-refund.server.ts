// The demo storefront's refund (POST /demo/shopify/refund): refunds a demo order in full as a merchant would
// in the Shopify admin, and sends the app the refunds/create webhook Shopify sends then, signed with the
// app's secret, over HTTP to its own /webhooks/refunds/create: the arm's net revenue drops as a store's would.
import { fail, ok, type Outcome } from "~/services/outcome";
import { deliverAsShopify, isLocalOrigin, placedDemoOrders, type DemoOrder } from "./shopify-checkout.server";
import { refundPayload } from "./shopify-webhook-client.server";

export interface RefundedOrder {
  order: DemoOrder;
  refunded: string;
  /** The HTTP status the app's webhook answered. */
  webhook: number;
}

let lastRefundId = 0;
/** Orders refunded in this process: a second click refunds nothing more (Shopify refunds at most the total). */
const refunded = new Set<number>();

/** Refunds the demo order `orderId` (placed by this process) in full, sending the webhook to `origin` (this machine). */
export async function refundDemoOrder(orderId: unknown, origin: string): Promise<Outcome<RefundedOrder>> {
  if (!isLocalOrigin(origin)) {
    return fail({ status: 403, type: "not-local", title: "The demo refund is for this machine only", detail: "Open the demo as localhost or 127.0.0.1." });
  }
  const order = typeof orderId === "number" ? placedDemoOrders.get(orderId) : undefined;
  if (!order) return fail({ status: 404, type: "unknown-order", title: "No such demo order", detail: "Place an order with the demo checkout first." });
  if (refunded.has(order.id)) return fail({ status: 409, type: "already-refunded", title: "This order was refunded already" });
  lastRefundId = Math.max(Date.now() * 1000, lastRefundId + 1);
  const payload = refundPayload(lastRefundId, order.id, order.total_price, order.currency);
  const status = await deliverAsShopify(origin, "refunds/create", payload);
  if (status === null) {
    return fail({ status: 502, type: "webhook-not-delivered", title: "The refund's webhook could not be delivered", detail: "Try again." });
  }
  if (status < 300) refunded.add(order.id);
  return ok({ order, refunded: order.total_price, webhook: status });
}
