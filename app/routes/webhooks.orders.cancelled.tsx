// Webhook orders/cancelled: see services/shopify/orders.server.ts (and docs/shopify.md for what is counted).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { recordCancellation } from "~/services/shopify/orders.server";
import { authenticate } from "~/shopify.server";

export const action = shopifyWebhook(authenticate.webhook, (shop, payload) => recordCancellation(shop, payload));
