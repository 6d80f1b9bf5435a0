// Shopify webhooks reach the app only with a valid HMAC signature (Shopify's documented wire format), and a
// refused one is told why in a problem document, as every 4xx of the API is.
import { describe, expect, it } from "vitest";
import { sendWebhook, signedWebhookRequest } from "~/demo/shopify-webhook-client.server";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { oneDatabaseKind } from "../support/databases";

const SHOP = "svc-test.myshopify.com";
const PAYLOAD = { id: 1, domain: SHOP };

/** The problem type a refusal answered with, after checking it is a problem document. */
async function problemType(res: Response): Promise<string> {
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = (await res.json()) as { type: string; status: number };
  expect(body.status).toBe(res.status);
  return body.type.replace(/.*\//, "");
}

describe("webhooks", () => {
  const ctx = useServer(oneDatabaseKind, { ...SHOPIFY_TEST_ENV });
  const signed = { shop: SHOP, secret: SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET };

  it("accepts app/uninstalled signed with the app secret", async () => {
    expect((await sendWebhook(ctx.server.url, "app/uninstalled", PAYLOAD, signed)).status).toBe(200);
  });

  it("answers 401 to a signature made with another secret", async () => {
    const res = await sendWebhook(ctx.server.url, "app/uninstalled", PAYLOAD, { ...signed, secret: "not-the-secret" });
    expect(res.status).toBe(401);
    expect(await problemType(res)).toBe("invalid-webhook-signature");
  });

  it("answers 401 to a body changed after signing", async () => {
    const request = signedWebhookRequest(ctx.server.url, "app/uninstalled", PAYLOAD, signed);
    const tampered = JSON.stringify({ ...PAYLOAD, id: 2 });
    const res = await fetch(request.url, { method: "POST", headers: request.headers, body: tampered });
    expect(res.status).toBe(401);
    expect(await problemType(res)).toBe("invalid-webhook-signature");
  });

  it.for([
    ["X-Shopify-Hmac-Sha256", 11],
    ["X-Shopify-Topic", 12],
    ["X-Shopify-Webhook-Id", 13],
  ] as const)("answers 400 invalid-webhook-headers without %s, and claims nothing", async ([header, id]) => {
    const payload = { id, domain: SHOP };
    const request = signedWebhookRequest(ctx.server.url, "app/uninstalled", payload, signed);
    const headers = new Headers(request.headers);
    headers.delete(header);
    const res = await fetch(request.url, { method: "POST", headers, body: await request.text() });
    expect(res.status).toBe(400);
    expect(await problemType(res)).toBe("invalid-webhook-headers");
    // The same body, signed and complete, is taken as new: the refused copy left no claim on the delivery.
    const taken = await sendWebhook(ctx.server.url, "app/uninstalled", payload, signed);
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as { status?: string }).status).not.toBe("duplicate");
  });
});
