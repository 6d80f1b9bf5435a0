// Webhook orders/paid: see services/shopify/orders.server.ts (and docs/shopify.md for what is counted).
// Unit costs not kept yet are read with the shop's offline session; the demo answers them itself.
import { demoVariantCostsGraphql } from "~/demo/public.server";
import { shopifyWebhook } from "~/http/web/webhook.server";
import { recordPaidOrder } from "~/services/shopify/orders.server";
import { isDemoMode, offlineAdmin } from "~/shopify.server";

const shopAdmin = (shop: string) => (isDemoMode() ? Promise.resolve(demoVariantCostsGraphql) : offlineAdmin(shop));

export const action = shopifyWebhook((shop, payload) => recordPaidOrder(shop, payload, new Date(), shopAdmin));
