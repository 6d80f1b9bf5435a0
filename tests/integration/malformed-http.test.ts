// Issue 20, row 8: malformed HTTP is the client's 4xx on every route, Remix's included, never a 500: a path
// whose %-escapes do not decode, a Host with a space, a request line Node cannot parse, and signed webhooks
// naming a shop that is not a shop or carrying a body that is not JSON; a path no route matches is the client's
// 404, not a stack trace in the log.
import { describe, expect, it } from "vitest";
import { sendWebhook, signedWebhookRequest } from "~/demo/shopify-webhook-client.server";
import { oneDatabase } from "../support/databases";
import { rawRequest } from "../support/raw-http";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";

const SECRET = SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET;

const problemType = (body: string) => (JSON.parse(body) as { type: string }).type.split("/").pop();

describe.each(oneDatabase)("malformed HTTP (%s)", (kind) => {
  const ctx = useServer(kind, { ...SHOPIFY_TEST_ENV });

  it.each([
    ["/app/tests/%ZZ", "a Remix route"],
    ["/webhooks/orders/paid%C0", "a webhook route"],
    ["/api/patches/%E0%A4%A", "next to a hot path"],
    ["/%ZZ?site=demo", "the root"],
  ])("answers 400 malformed-url to %s (%s)", async (path) => {
    const res = await rawRequest(ctx.server.url, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(problemType(res.body)).toBe("malformed-url");
  });

  it.each(["a b", "127.0.0.1:99999999", "host/path", "[::1", "%zz"])("answers 400 invalid-host to Host: %s", async (host) => {
    for (const path of ["/healthz", "/app", "/api/patches?site=demo"]) {
      const res = await rawRequest(ctx.server.url, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(res.status, path).toBe(400);
      expect(problemType(res.body)).toBe("invalid-host");
    }
  });

  it("answers a request line Node cannot parse with a 400 problem document", async () => {
    const res = await rawRequest(ctx.server.url, "GARBAGE\r\n\r\n");
    expect(res.status).toBe(400);
    expect(problemType(res.body)).toBe("malformed-request");
  });

  it("answers 400 to a signed webhook naming a shop that is not a shop's domain", async () => {
    for (const shop of ["not a shop", "evil.example.com", "a..myshopify.com"]) {
      const res = await sendWebhook(ctx.server.url, "orders/paid", { id: 1 }, { shop, secret: SECRET });
      expect(res.status, shop).toBe(400);
      expect(problemType(await res.text())).toBe("invalid-webhook-shop");
    }
  });

  it("answers 400 to a signed webhook whose body is not JSON, and to a JSON null on every topic", async () => {
    const signed = signedWebhookRequest(ctx.server.url, "app/scopes_update", {}, { shop: "svc-test.myshopify.com", secret: SECRET });
    const body = "{not json";
    const { createHmac } = await import("node:crypto");
    const headers = new Headers(signed.headers);
    headers.set("X-Shopify-Hmac-Sha256", createHmac("sha256", SECRET).update(body).digest("base64"));
    const res = await fetch(signed.url, { method: "POST", headers, body });
    expect(res.status).toBe(400);
    expect(problemType(await res.text())).toBe("invalid-webhook");
    for (const topic of ["app/scopes_update", "app/uninstalled", "orders/paid", "orders/cancelled", "refunds/create", "shop/redact", "customers/redact", "customers/data_request"]) {
      const answer = await sendWebhook(ctx.server.url, topic, null, { shop: "svc-test.myshopify.com", secret: SECRET });
      expect(answer.status, topic).toBeLessThan(500);
    }
  });

  it("answers a path no route matches with 404, and logs no stack trace for it", async () => {
    const before = ctx.server.output().length;
    for (const path of ["/favicon.ico", "/wp-login.php", "/app/no-such-page"]) {
      const res = await fetch(`${ctx.server.url}${path}`);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
    // A real error still is logged (handleError in app/entry.server.tsx); a client's 404 is not one.
    const logged = ctx.server.output().slice(before);
    expect(logged).not.toMatch(/No route matches|\n {4}at /);
  });

  it("is healthy afterwards", async () => {
    expect((await fetch(`${ctx.server.url}/healthz`)).status).toBe(200);
  });
});
