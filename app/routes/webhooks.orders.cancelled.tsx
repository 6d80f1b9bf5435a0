// Webhook orders/cancelled: see services/shopify/orders.server.ts (and docs/shopify.md for what is counted).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { recordCancellation } from "~/services/shopify/orders.server";

export const action = shopifyWebhook((shop, payload) => recordCancellation(shop, payload));
