// Webhook app/uninstalled: delete the shop's sessions and stamp uninstalledAt, so its sites stop being served
// at once (see services/shopify/shop-lifecycle.server.ts). Its sites, tests and results are kept until shop/redact
// erases them 48 h later (webhooks.shop.redact.tsx); a reinstall before that serves them again.
import { shopifyWebhook } from "~/http/web/webhook.server";
import { ok } from "~/services/outcome";
import { recordUninstall } from "~/services/shopify/shop-lifecycle.server";
import { authenticate } from "~/shopify.server";

// The payload is the Shop resource; its myshopify_domain, when present, is the signed name of the shop.
export const action = shopifyWebhook(authenticate.webhook, async (shop) => ok(await recordUninstall(shop)), { bodyShop: { field: "myshopify_domain", required: false } });
