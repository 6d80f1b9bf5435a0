// Each Shopify webhook delivery is handled once: claimed by its X-Shopify-Webhook-Id (and the digest of
// its signed body) in the database before its handler runs, marked processed after a 2xx, released after
// anything else so that Shopify's retry is handled. Remembered 48 hours, or for good on the topics a late
// replay could harm (domain/shopify/webhook-delivery.ts).
import {
  WEBHOOK_CLAIM_TIMEOUT_MS,
  WEBHOOK_DELIVERY_RETENTION_MS,
  forgettableWebhookTopics,
  webhookDigest,
} from "~/domain/shopify/webhook-delivery";
import {
  claimDelivery,
  deleteDeliveriesBefore,
  markDeliveryProcessed,
  releaseDelivery,
  type ClaimResult,
} from "~/models/shopify/webhook-delivery.server";

export interface Delivery {
  webhookId: string;
  shop: string;
  topic: string;
  /** The raw body the HMAC was checked over. */
  body: string;
}

/** How often, at most, this process deletes forgettable deliveries past their retention (on the next claim). */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;
let lastPurge = 0;

/** Claims the delivery: "claimed" (handle it), "processed" (a redelivery or replay) or "in-progress". */
export async function claimWebhookDelivery(delivery: Delivery, now = new Date()): Promise<ClaimResult> {
  const row = {
    id: delivery.webhookId,
    shop: delivery.shop,
    topic: delivery.topic,
    digest: webhookDigest(delivery.topic, delivery.shop, delivery.body),
  };
  const claim = await claimDelivery(row, now, WEBHOOK_CLAIM_TIMEOUT_MS);
  if (claim === "claimed" && now.getTime() - lastPurge > PURGE_INTERVAL_MS) {
    lastPurge = now.getTime();
    await deleteDeliveriesBefore(new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS), forgettableWebhookTopics());
  }
  return claim;
}

/** After the handler: `handled` (it answered 2xx) keeps the delivery as processed; otherwise it is released. */
export async function finishWebhookDelivery(webhookId: string, handled: boolean): Promise<void> {
  if (handled) await markDeliveryProcessed(webhookId, new Date());
  else await releaseDelivery(webhookId);
}
