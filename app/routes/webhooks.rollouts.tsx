// Webhook for the shop's Rollouts (created, updated, deleted; see shopify.app.toml): the shop's cached rollouts
// are dropped so the next test page reads them again (services/shopify/rollouts.server.ts).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { ok } from "~/services/outcome";
import { forgetShopRollouts } from "~/services/shopify/rollouts.server";
import { authenticate } from "~/shopify.server";

export const action = shopifyWebhook(authenticate.webhook, async (shop) => ok(forgetShopRollouts(shop)));
