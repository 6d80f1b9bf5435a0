// Webhook customers/redact (mandatory compliance topic): the customer's orders no longer lead to any
// visitor or session; aggregates stay, as they name no one (docs/privacy.md).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { redactCustomerOrders } from "~/services/shopify/compliance.server";
import { authenticate } from "~/shopify.server";

export const action = shopifyWebhook(authenticate.webhook, redactCustomerOrders, { bodyShop: { field: "shop_domain", required: true } });
