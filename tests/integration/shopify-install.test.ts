// Installing on a Shopify store through the real flow: an admin request with a session token and no stored
// session → token exchange at the Admin API stand-in → afterAuth. Shopify is stood in for by its wire formats.
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases";
import { APP, adminFetch, useShopifyServer } from "../support/shopify";

describe.each(databaseKinds)("install on a Shopify store (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const SHOP = "svc-install.myshopify.com";

  it("exchanges the session token at the Admin API stand-in, through the library's fetch", async () => {
    const res = await adminFetch(ctx.server.url, SHOP, "/app");
    expect(res.status).toBe(200);
    const exchanges = ctx.admin.calls.filter((c) => c.shop === SHOP && c.kind === "token");
    expect(exchanges.length).toBeGreaterThanOrEqual(1);
    expect(exchanges.every((c) => c.status === 200)).toBe(true);
    expect(exchanges[0]?.body).toMatchObject({
      client_id: APP.apiKey,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
    });
  });
});
