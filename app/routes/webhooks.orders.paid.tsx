// Webhook orders/paid: see services/shopify/orders.server.ts (and docs/shopify.md for what is counted).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { recordPaidOrder } from "~/services/shopify/orders.server";

export const action = shopifyWebhook((shop, payload) => recordPaidOrder(shop, payload));
