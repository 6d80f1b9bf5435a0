// Webhook shop/redact (mandatory compliance topic, sent 48 h after an uninstall): erases every row of the
// shop in every table, unless the shop is installed again (docs/privacy.md).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { ok } from "~/services/outcome";
import { eraseShopData } from "~/services/shopify/compliance.server";
import { authenticate } from "~/shopify.server";

export const action = shopifyWebhook(authenticate.webhook, async (shop) => ok(await eraseShopData(shop)), { bodyShop: { field: "shop_domain", required: true } });
