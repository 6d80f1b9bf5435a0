// Webhook customers/redact (mandatory compliance topic): the customer's orders no longer lead to any
// visitor or session; aggregates stay, as they name no one (docs/privacy.md).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { redactCustomerOrders } from "~/services/shopify/compliance.server";

export const action = shopifyWebhook(redactCustomerOrders, { bodyShop: { field: "shop_domain", required: true } });
