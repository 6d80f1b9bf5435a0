// Webhook refunds/create: see services/shopify/orders.server.ts (and docs/shopify.md for what is counted).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { recordRefund } from "~/services/shopify/orders.server";
import { authenticate } from "~/shopify.server";

export const action = shopifyWebhook(authenticate.webhook, (shop, payload) => recordRefund(shop, payload));
