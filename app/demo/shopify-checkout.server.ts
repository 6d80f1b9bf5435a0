// The demo storefront's checkout (POST /demo/shopify/checkout): turns the visitor's demo cart into an
// order, charged after svc's discount as its cart showed it, and does what Shopify does after a real checkout: sends
// the app an orders/paid webhook (with the lines' discount allocations), signed with the app's own secret, over HTTP
// to its own /webhooks/orders/paid. The purchase then takes the same
// path as a real store's: HMAC check, the `_svc_sid` cart attribute, attribution, results.
import { isLoopbackAddress } from "~/domain/loopback";
import { appEnv } from "~/env.server";
import { DEMO_SHOP_DOMAIN } from "./constants";
import { demoCarts, type Cart, type CartJson, type CartStore } from "./cart.server";
import { demoCartJson } from "./cart-discount.server";
import { fail, ok, type Outcome } from "~/services/outcome";
import { orderPaidPayload, signedWebhookRequest } from "./shopify-webhook-client.server";

// The demo server delivers the order's webhook to itself, so this is how long its own request may take, not a
// stranger's: 10 s was passed once by a test server at the lowest priority of a full run (shopify-orders, 2026-12-07).
const WEBHOOK_TIMEOUT_MS = 30_000;

export interface DemoOrder {
  /** Shopify's numeric order id, as the webhook carries it. */
  id: number;
  /** What the shopper is shown ("#1001"); counted per process. */
  name: string;
  total_price: string;
  currency: string;
  item_count: number;
}

/** The checkout's answer: the order, and the HTTP status the app's webhook answered. */
export interface PlacedOrder {
  order: DemoOrder;
  webhook: number;
}

let lastOrderId = 0;
/** Carts whose checkout is under way: a second click must not place a second order. */
const checkingOut = new Set<string>();
let orderNumber = 1000;
/** The orders placed in this process, by id: what the demo's refund button may refund (shopify-refund.server.ts). */
export const placedDemoOrders = new Map<number, DemoOrder>();

/**
 * Sends the demo shop's webhook to the app at `origin`, signed with the app's secret as Shopify signs it:
 * the app's answer status, or null (logged) when it could not be delivered.
 */
export async function deliverAsShopify(origin: string, topic: string, payload: unknown): Promise<number | null> {
  const request = signedWebhookRequest(origin, topic, payload, { shop: DEMO_SHOP_DOMAIN, secret: appEnv().shopify.apiSecretKey });
  try {
    const response = await fetch(request, { signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    console.error(`[svc] demo: the ${topic} webhook could not be sent: ${(error as Error).message}`);
    return null;
  }
}
const MAX_KEPT_ORDERS = 1_000;

/** Unique across restarts (orders are kept in the database, and a repeated id is a redelivery). */
function nextOrderId(): number {
  lastOrderId = Math.max(Date.now() * 1000, lastOrderId + 1);
  return lastOrderId;
}

/**
 * Places the order of the cart the Cookie header names, sending the webhook to `origin` (the origin the
 * request was made to, which must be this machine: the webhook is signed with the app's secret).
 */
export async function placeDemoOrder(cookieHeader: string | null, origin: string, carts: CartStore = demoCarts): Promise<Outcome<PlacedOrder>> {
  if (!isLocalOrigin(origin)) {
    return fail({ status: 403, type: "not-local", title: "The demo checkout is for this machine only", detail: "Open the demo as localhost or 127.0.0.1." });
  }
  const cart = carts.find(cookieHeader);
  // Charged as the cart showed it: after svc's discount, by the same Function run (cart-discount.server.ts).
  const contents = cart && (await demoCartJson(cart));
  if (!cart || !contents?.item_count) {
    return fail({ status: 422, type: "empty-cart", title: "The cart is empty", detail: "Add something to the cart first." });
  }
  if (checkingOut.has(cart.token)) {
    return fail({ status: 409, type: "checkout-in-progress", title: "This cart's checkout is under way" });
  }
  checkingOut.add(cart.token);
  try {
    return await checkout(cart, contents, origin, carts);
  } finally {
    checkingOut.delete(cart.token);
  }
}

async function checkout(cart: Cart, contents: CartJson, origin: string, carts: CartStore): Promise<Outcome<PlacedOrder>> {
  const id = nextOrderId();
  const total = (contents.total_price / 100).toFixed(2);
  // One automatic application per title the cart's discounts showed (each test's own, from the Function's message),
  // and each line at its list price with what svc's discount took off it, allocated to its title's application.
  const titles = [...new Set(contents.items.flatMap((item) => item.line_level_discount_allocations.map((a) => a.discount_application.title)))];
  const lines = contents.items.map((item) => ({
    variantId: item.variant_id,
    productId: item.product_id,
    quantity: item.quantity,
    price: (item.original_price / 100).toFixed(2),
    allocations: item.line_level_discount_allocations.map((a) => ({ amount: (a.amount / 100).toFixed(2), application: titles.indexOf(a.discount_application.title) })),
  }));
  const payload = orderPaidPayload(id, {
    total,
    currency: contents.currency,
    noteAttributes: contents.attributes,
    lines,
    discountApplications: titles.map((title) => ({ title })),
  });
  const status = await deliverAsShopify(origin, "orders/paid", payload);
  if (status === null) {
    return fail({ status: 502, type: "webhook-not-delivered", title: "The order's webhook could not be delivered", detail: "The cart is kept; try again." });
  }
  // Like Shopify, a completed checkout ends its cart; the next visit to the store starts a new one.
  carts.close(cart);
  orderNumber += 1;
  const order: DemoOrder = { id, name: `#${orderNumber}`, total_price: total, currency: contents.currency, item_count: contents.item_count };
  placedDemoOrders.set(id, order);
  if (placedDemoOrders.size > MAX_KEPT_ORDERS) placedDemoOrders.delete(placedDemoOrders.keys().next().value as number);
  return ok({ order, webhook: status });
}

export function isLocalOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return false;
  }
  return host === "localhost" || isLoopbackAddress(host.replace(/^\[(.*)\]$/, "$1"));
}
