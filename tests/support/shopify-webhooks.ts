// Shopify webhooks for the tests: the app's own client (app/demo/shopify-webhook-client.server.ts),
// which the demo storefront's checkout uses too, so signing and payloads have one implementation.
export {
  orderPaidPayload as orderPayload,
  refundPayload,
  sendWebhook as signedWebhook,
  type WebhookOptions,
} from "~/demo/shopify-webhook-client.server";
