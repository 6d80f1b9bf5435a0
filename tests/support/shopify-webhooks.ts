// Shopify webhooks as Shopify sends them: the raw JSON body signed with the app secret (HMAC-SHA256,
// base64) and the documented X-Shopify-* headers. Also the order payloads the orders topics carry.
import { createHmac, randomUUID } from "node:crypto";

export interface WebhookOptions {
  shop: string;
  secret: string;
  /** Sent as X-Shopify-Webhook-Id; a redelivery repeats it. */
  webhookId?: string;
}

export function signedWebhook(baseUrl: string, topic: string, payload: unknown, options: WebhookOptions) {
  const body = JSON.stringify(payload);
  return fetch(`${baseUrl}/webhooks/${topic}`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": options.shop,
      "X-Shopify-API-Version": "2026-07",
      "X-Shopify-Webhook-Id": options.webhookId ?? randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": createHmac("sha256", options.secret).update(body).digest("base64"),
    },
  });
}

/** An orders/paid payload, trimmed as the subscription's include_fields trims it. */
export function orderPayload(id: number, options: { total: string; session?: string; test?: boolean; currency?: string }) {
  const currency = options.currency ?? "USD";
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
    note_attributes: options.session ? [{ name: "_svc_sid", value: options.session }] : [],
    processed_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
    cancelled_at: null,
  };
}

/** A refunds/create payload with one successful refund transaction. */
export function refundPayload(id: number, orderId: number, amount: string, currency = "USD") {
  return {
    id,
    order_id: orderId,
    transactions: [{ id: id * 10, kind: "refund", status: "success", amount, currency, gateway: "bogus" }],
  };
}
