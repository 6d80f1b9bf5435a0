// Shopify webhooks reach the app only with a valid HMAC signature (Shopify's documented wire format).
import { describe, expect, it } from "vitest";
import { sendWebhook, signedWebhookRequest } from "~/demo/shopify-webhook-client.server";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";

const SHOP = "svc-test.myshopify.com";
const PAYLOAD = { id: 1, domain: SHOP };

describe("webhooks", () => {
  const ctx = useServer("pglite", { ...SHOPIFY_TEST_ENV });
  const signed = { shop: SHOP, secret: SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET };

  it("accepts app/uninstalled signed with the app secret", async () => {
    expect((await sendWebhook(ctx.server.url, "app/uninstalled", PAYLOAD, signed)).status).toBe(200);
  });

  it("answers 401 to a signature made with another secret", async () => {
    const res = await sendWebhook(ctx.server.url, "app/uninstalled", PAYLOAD, { ...signed, secret: "not-the-secret" });
    expect(res.status).toBe(401);
  });

  it("answers 401 to a body changed after signing", async () => {
    const request = signedWebhookRequest(ctx.server.url, "app/uninstalled", PAYLOAD, signed);
    const tampered = JSON.stringify({ ...PAYLOAD, id: 2 });
    const res = await fetch(request.url, { method: "POST", headers: request.headers, body: tampered });
    expect(res.status).toBe(401);
  });
});
