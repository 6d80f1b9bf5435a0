// Shopify webhooks reach the app only with a valid HMAC signature (Shopify's documented wire format).
import { createHmac, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";

function webhook(topic: string, body: string, secret: string): RequestInit {
  return {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": "svc-test.myshopify.com",
      "X-Shopify-API-Version": "2026-07",
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": createHmac("sha256", secret).update(body).digest("base64"),
    },
  };
}

describe("webhooks", () => {
  const ctx = useServer("pglite", { ...SHOPIFY_TEST_ENV });

  const body = JSON.stringify({ id: 1, domain: "svc-test.myshopify.com" });

  it("accepts app/uninstalled signed with the app secret", async () => {
    const res = await fetch(`${ctx.server.url}/webhooks/app/uninstalled`, webhook("app/uninstalled", body, SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET));
    expect(res.status).toBe(200);
  });

  it("answers 401 to a signature made with another secret", async () => {
    const res = await fetch(`${ctx.server.url}/webhooks/app/uninstalled`, webhook("app/uninstalled", body, "not-the-secret"));
    expect(res.status).toBe(401);
  });

  it("answers 401 to a body changed after signing", async () => {
    const init = webhook("app/uninstalled", body, SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET);
    const res = await fetch(`${ctx.server.url}/webhooks/app/uninstalled`, { ...init, body: body.replace("1", "2") });
    expect(res.status).toBe(401);
  });
});
