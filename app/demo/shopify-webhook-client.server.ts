// Shopify's webhooks as Shopify sends them: the raw JSON body signed with the app secret (HMAC-SHA256,
// base64) and the documented X-Shopify-* headers, and the order payloads the orders topics carry. The one
// implementation: the demo storefront's checkout sends itself orders/paid with it, and the tests use it.
import { createHmac, randomUUID } from "node:crypto";
import { CART_ATTRIBUTE } from "~/wire";

/** The API version of the subscriptions in shopify.app.toml (`[webhooks] api_version`). */
export const WEBHOOK_API_VERSION = "2026-10";

export interface WebhookOptions {
  /** The shop's .myshopify.com domain, sent as X-Shopify-Shop-Domain. */
  shop: string;
  /** The app's client secret (SHOPIFY_API_SECRET). */
  secret: string;
  /** Sent as X-Shopify-Webhook-Id; a redelivery repeats it. */
  webhookId?: string;
}

/** X-Shopify-Hmac-Sha256 of a body: `openssl dgst -sha256 -hmac "$SECRET" -binary | base64`. */
export function webhookHmac(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

/** The webhook `topic` (e.g. "orders/paid") for `payload`, addressed to `baseUrl`/webhooks/`topic`. */
export function signedWebhookRequest(baseUrl: string, topic: string, payload: unknown, options: WebhookOptions): Request {
  const body = JSON.stringify(payload);
  return new Request(new URL(`/webhooks/${topic}`, baseUrl), {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": options.shop,
      "X-Shopify-API-Version": WEBHOOK_API_VERSION,
      "X-Shopify-Webhook-Id": options.webhookId ?? randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": webhookHmac(body, options.secret),
    },
  });
}

/** Sends the signed webhook over HTTP and answers the receiver's response. */
export function sendWebhook(baseUrl: string, topic: string, payload: unknown, options: WebhookOptions): Promise<Response> {
  return fetch(signedWebhookRequest(baseUrl, topic, payload, options));
}

export interface OrderPaidOptions {
  /** Total in shop money, as Shopify writes amounts ("20.00"). */
  total: string;
  /** ISO 4217; default USD. Shop and presentment currency alike. */
  currency?: string;
  test?: boolean;
  /** The svc session id, as the `_svc_sid` cart attribute (a shorthand for noteAttributes). */
  session?: string;
  /** The cart's attributes, which Shopify copies to the order's note_attributes. */
  noteAttributes?: Readonly<Record<string, string>>;
  /** processed_at and created_at; default now. */
  at?: Date;
  /** The order's lines (variant, quantity, and the selling plan of a subscription line); none by default. */
  lines?: ReadonlyArray<{
    variantId: number | null;
    quantity: number;
    price?: string;
    sellingPlan?: { id: number; name: string };
    productId?: number;
    /** What each discount application (by its index in `discountApplications`) took off the line, in all. */
    allocations?: ReadonlyArray<{ amount: string; application: number }>;
  }>;
  /**
   * The order's automatic discount applications, by title. Given (even empty), the lines carry what the orders check
   * reads too, as the subscription's include_fields asks for them: `product_id`, `price_set`, `discount_allocations`.
   */
  discountApplications?: ReadonlyArray<{ title: string }>;
}

/** An orders/paid payload, trimmed as the subscription's include_fields trims it (shopify.app.toml). */
export function orderPaidPayload(id: number, options: OrderPaidOptions) {
  const currency = options.currency ?? "USD";
  const at = (options.at ?? new Date()).toISOString();
  const attributes = { ...options.noteAttributes, ...(options.session !== undefined && { [CART_ATTRIBUTE]: options.session }) };
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    test: options.test ?? false,
    currency,
    presentment_currency: currency,
    total_price: options.total,
    total_price_set: {
      shop_money: { amount: options.total, currency_code: currency },
      presentment_money: { amount: options.total, currency_code: currency },
    },
    note_attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })),
    processed_at: at,
    created_at: at,
    cancelled_at: null,
    // As Shopify writes a line item, trimmed to what include_fields leaves of it (no customer field is in it).
    line_items: (options.lines ?? []).map((line, i) => ({
      id: id * 100 + i + 1,
      variant_id: line.variantId,
      quantity: line.quantity,
      price: line.price ?? "0.00",
      selling_plan_id: line.sellingPlan ? line.sellingPlan.id : null,
      ...(options.discountApplications && {
        product_id: line.productId ?? null,
        price_set: moneySet(line.price ?? "0.00", currency),
        discount_allocations: (line.allocations ?? []).map((a) => ({ amount: a.amount, amount_set: moneySet(a.amount, currency), discount_application_index: a.application })),
      }),
    })),
    ...(options.discountApplications && {
      discount_applications: options.discountApplications.map((a) => ({
        type: "automatic",
        title: a.title,
        target_type: "line_item",
        target_selection: "entitled",
        allocation_method: "each",
        value_type: "fixed_amount",
      })),
    }),
  };
}

/** An amount in shop and presentment money, as Shopify's `*_set` fields give it (one currency in the demo). */
function moneySet(amount: string, currency: string) {
  return { shop_money: { amount, currency_code: currency }, presentment_money: { amount, currency_code: currency } };
}

/** A refunds/create payload with one successful refund transaction. */
export function refundPayload(id: number, orderId: number, amount: string, currency = "USD") {
  return {
    id,
    order_id: orderId,
    transactions: [{ id: id * 10, kind: "refund", status: "success", amount, currency, gateway: "bogus" }],
  };
}
