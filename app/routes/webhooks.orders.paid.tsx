// Webhook orders/paid: see services/shopify/orders.server.ts (and docs/shopify.md for what is counted).
// Unit costs not kept yet are read with the shop's offline session (in the demo, its stand-in answers them).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { recordPaidOrder } from "~/services/shopify/orders.server";
import { authenticate, offlineAdminReads } from "~/shopify.server";

export const action = shopifyWebhook(authenticate.webhook, (shop, payload) => recordPaidOrder(shop, payload, new Date(), offlineAdminReads));
