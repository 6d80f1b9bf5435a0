import { describe, expect, it } from "vitest";
import { WEBHOOK_DELIVERY_RETENTION_MS, WEBHOOK_MAX_AGE_MS, forgettableWebhookTopics, webhookDigest, webhookMemoryMs, webhookStaleness } from "./webhook-delivery";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe("webhookStaleness", () => {
  it("takes a delivery triggered within 24 hours, Shopify's 4-hour retry schedule included", () => {
    for (const ms of [0, -1000, -4 * 3_600_000, -WEBHOOK_MAX_AGE_MS, 4 * 60_000]) expect(webhookStaleness(at(ms), NOW)).toBeNull();
  });

  it("refuses one older, ahead of our clock by more than 5 minutes, missing or unreadable", () => {
    expect(webhookStaleness(at(-WEBHOOK_MAX_AGE_MS - 1), NOW)).toBe("too-old");
    expect(webhookStaleness(at(6 * 60_000), NOW)).toBe("ahead");
    expect(webhookStaleness(undefined, NOW)).toBe("missing");
    expect(webhookStaleness(" ", NOW)).toBe("missing");
    expect(webhookStaleness("yesterday", NOW)).toBe("unreadable");
  });

  it("remembers deliveries at least as long as it accepts them", () => {
    expect(WEBHOOK_DELIVERY_RETENTION_MS).toBeGreaterThanOrEqual(WEBHOOK_MAX_AGE_MS);
  });
});

describe("webhookMemoryMs", () => {
  it("remembers for good the topics whose late replay would undo a reinstall, restore old scopes or redo a redaction", () => {
    for (const topic of ["app/uninstalled", "APP_UNINSTALLED", "app/scopes_update", "customers/redact", "CUSTOMERS_DATA_REQUEST"]) expect(webhookMemoryMs(topic), topic).toBeNull();
  });

  it("forgets after 48 hours only the topics a replay cannot move: orders and refunds by Shopify's ids, rollouts, shop/redact of an installed shop", () => {
    for (const topic of ["orders/paid", "ORDERS_CANCELLED", "refunds/create", "rollouts/update", "shop/redact"]) expect(webhookMemoryMs(topic), topic).toBe(WEBHOOK_DELIVERY_RETENTION_MS);
    expect(WEBHOOK_DELIVERY_RETENTION_MS).toBe(48 * 3_600_000);
    expect(forgettableWebhookTopics()).not.toContain("APP_UNINSTALLED");
  });
});

describe("webhookDigest", () => {
  it("tells bodies, topics and shops apart", () => {
    const one = webhookDigest("APP_UNINSTALLED", "a.myshopify.com", "{}");
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookDigest("APP_UNINSTALLED", "a.myshopify.com", "{}")).toBe(one);
    expect(webhookDigest("SHOP_REDACT", "a.myshopify.com", "{}")).not.toBe(one);
    expect(webhookDigest("APP_UNINSTALLED", "b.myshopify.com", "{}")).not.toBe(one);
    expect(webhookDigest("APP_UNINSTALLED", "a.myshopify.com", "{ }")).not.toBe(one);
  });
});
