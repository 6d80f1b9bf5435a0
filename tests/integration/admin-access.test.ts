// Who may see the admin: Shopify-authenticated requests, or the local demo's loopback clients only.
import { describe, expect, it } from "vitest";
import { RequestType, setUpValidRequest } from "@shopify/shopify-api/test-helpers";
import { databaseKinds, withDatabase, oneDatabaseKind } from "../support/databases";
import { seedRows } from "../support/seed";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";

// Shopify's library answers 410 to anything that looks like a bot, as Node's fetch does by default.
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36" };

// What only an admin page with data shows: a test's name, a site's row and its install tag.
const ADMIN_DATA = /Demo: headline|Site ID|data-svc-site/;

describe.each(databaseKinds)("admin access without demo mode (%s)", (kind) => {
  const ctx = useServer(kind, { ...SHOPIFY_TEST_ENV });

  it("says it is not in demo mode", () => {
    expect(ctx.server.output()).not.toMatch(/DEMO MODE/);
  });

  it("sends a request without a session to the login page, with no admin data", async () => {
    const res = await fetch(`${ctx.server.url}/app`, { headers: BROWSER, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/\/auth\/login/);
    expect(await res.text()).not.toMatch(ADMIN_DATA);
  });

  it("does not serve admin data to an embedded request without a session token", async () => {
    const res = await fetch(`${ctx.server.url}/app?embedded=1&shop=svc-demo.myshopify.com&host=YWRtaW4`, {
      headers: BROWSER,
      redirect: "manual",
    });
    expect(res.status).not.toBe(500);
    expect(await res.text()).not.toMatch(ADMIN_DATA);
  });

  it("refuses a forged session token", async () => {
    const res = await fetch(`${ctx.server.url}/app`, {
      headers: { ...BROWSER, Authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJkZXN0IjoieCJ9.c2lnbmF0dXJl" },
      redirect: "manual",
    });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toMatch(ADMIN_DATA);
  });

  it("keeps the demo storefronts, their cart and their checkout switched off", async () => {
    const doors = [["GET", "/demo"], ["GET", "/demo/shopify"], ["GET", "/cart.js"], ["POST", "/cart/add.js"], ["POST", "/cart/update.js"], ["POST", "/demo/shopify/checkout"]];
    for (const [method, path] of doors) {
      const res = await fetch(`${ctx.server.url}${path}`, { method, ...(method === "POST" && { body: "{}" }) });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it.runIf(kind === "postgres")("serves the admin to a request with a valid session token", async () => {
    // Stand in for Shopify's install by storing the offline session it would have produced.
    await withDatabase(ctx.db, (sql) =>
      seedRows(sql, "Session", [
        { id: "offline_svc-test.myshopify.com", shop: "svc-test.myshopify.com", state: "", isOnline: false, scope: "read_orders,read_themes", accessToken: "shpat_test" },
      ]),
    );
    const request = await setUpValidRequest(
      {
        type: RequestType.Bearer,
        store: "svc-test",
        apiKey: SHOPIFY_TEST_ENV.SHOPIFY_API_KEY,
        apiSecretKey: SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET,
      },
      new Request(`${ctx.server.url}/app`, { headers: BROWSER }),
    );
    const res = await fetch(request.url, { headers: request.headers, redirect: "manual" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("svc: A/B tests");
    expect(html).toContain("No site yet");
  });
});

describe("admin access in demo mode", () => {
  const ctx = useServer(oneDatabaseKind, { SVC_DEMO: "1" });

  it("announces demo mode in its start-up log", () => {
    expect(ctx.server.output()).toMatch(/DEMO MODE: .*loopback clients only/);
  });

  it("serves the demo shop's admin to a direct loopback client", async () => {
    const home = await fetch(`${ctx.server.url}/app`, { headers: BROWSER });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Demo: headline");
    const sites = await fetch(`${ctx.server.url}/app/sites`, { headers: BROWSER });
    expect(sites.status).toBe(200);
    const html = await sites.text();
    expect(html).toContain("Demo storefront");
    expect(html).toContain("Site ID");
  });

  it("does not treat a proxied request as local", async () => {
    const res = await fetch(`${ctx.server.url}/app`, {
      headers: { ...BROWSER, "X-Forwarded-For": "203.0.113.7" },
      redirect: "manual",
    });
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toMatch(ADMIN_DATA);
  });
});
