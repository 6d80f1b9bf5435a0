// Webhook refunds/create: see services/shopify/orders.server.ts (and docs/shopify.md for what is counted).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { recordRefund } from "~/services/shopify/orders.server";

export const action = shopifyWebhook((shop, payload) => recordRefund(shop, payload));
