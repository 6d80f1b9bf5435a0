// Which Shopify webhook deliveries are taken: fresh ones, each once. Shopify signs the body only, so the
// headers that name a delivery (X-Shopify-Webhook-Id, X-Shopify-Triggered-At) stop its own redeliveries
// and verbatim replays; the digest of the signed body stops the same body sent again under new headers,
// for as long as it is remembered (webhookMemoryMs): the trigger time is unsigned, so a replay under a new
// one is fresh whenever it comes.
import { createHash } from "node:crypto";

/**
 * How old a delivery's X-Shopify-Triggered-At may be. Shopify retries a failed delivery 8 times over
 * 4 hours, always with the original trigger time (shopify.dev changelog, 2024-09-10: "Updates to webhook
 * retry mechanism"); 24 hours leaves its whole schedule, and delays on its side, room to spare.
 */
export const WEBHOOK_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** How far ahead of our clock a trigger time may be (clocks differ). */
export const WEBHOOK_MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;

/**
 * How long a taken delivery is remembered when its topic can be replayed harmlessly after that (below): at
 * least the accepted age, so that Shopify's own redeliveries are always recognised.
 */
export const WEBHOOK_DELIVERY_RETENTION_MS = 2 * WEBHOOK_MAX_AGE_MS;

/**
 * Topics whose deliveries are remembered only WEBHOOK_DELIVERY_RETENTION_MS, because a replay at any later
 * time changes nothing: orders and refunds are recorded once by Shopify's own ids (the Order and Refund rows
 * live as long as the shop), a rollout only drops a cache, and shop/redact never erases a shop svc sees
 * installed (compliance.server.ts), while its body ({shop_id, shop_domain}) is the same for every erasure
 * of that shop, so remembering it for good would refuse the next genuine one. Every other topic
 * (app/uninstalled, app/scopes_update, customers/redact, customers/data_request) carries nothing a replay
 * could be told by and would undo a reinstall or restore old scopes: remembered for good. They come a few
 * times in a shop's life, so the table stays small.
 */
const FORGETTABLE_TOPICS: ReadonlySet<string> = new Set([
  "ORDERS_PAID",
  "ORDERS_CANCELLED",
  "REFUNDS_CREATE",
  "ROLLOUTS_CREATE",
  "ROLLOUTS_UPDATE",
  "ROLLOUTS_DELETE",
  "SHOP_REDACT",
]);

/** The topics, as Shopify's library names them ("ORDERS_PAID"), whose deliveries may be forgotten. */
export const forgettableWebhookTopics = (): string[] => [...FORGETTABLE_TOPICS];

/** How long a delivery of `topic` ("orders/paid" or "ORDERS_PAID") is remembered: ms, or null for good. */
export function webhookMemoryMs(topic: string): number | null {
  return FORGETTABLE_TOPICS.has(topic.toUpperCase().replace(/\//g, "_")) ? WEBHOOK_DELIVERY_RETENTION_MS : null;
}

/** A claim not finished within this long (its process died) is taken over by the next delivery of it. */
export const WEBHOOK_CLAIM_TIMEOUT_MS = 60 * 1000;

export type Staleness = "missing" | "unreadable" | "too-old" | "ahead";

/** Why a delivery triggered at `triggeredAt` (the header, ISO 8601) is refused at `now`, or null when it is fresh. */
export function webhookStaleness(triggeredAt: string | undefined, now: number): Staleness | null {
  if (triggeredAt === undefined || triggeredAt.trim() === "") return "missing";
  const at = Date.parse(triggeredAt);
  if (Number.isNaN(at)) return "unreadable";
  if (now - at > WEBHOOK_MAX_AGE_MS) return "too-old";
  if (at - now > WEBHOOK_MAX_CLOCK_AHEAD_MS) return "ahead";
  return null;
}

/** SHA-256 (hex) of what the signature vouches for, with the topic and shop it came under. */
export function webhookDigest(topic: string, shop: string, body: string): string {
  return createHash("sha256").update(`${topic}\n${shop}\n`).update(body).digest("hex");
}
