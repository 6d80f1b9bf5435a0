// Webhook customers/data_request (mandatory compliance topic): answers what svc holds for the customer's
// orders, which is no personal data (docs/privacy.md).
import { shopifyWebhook } from "~/http/web/webhook.server";
import { customerDataReport } from "~/services/shopify/compliance.server";
import { authenticate } from "~/shopify.server";

export const action = shopifyWebhook(authenticate.webhook, customerDataReport, { bodyShop: { field: "shop_domain", required: true } });
