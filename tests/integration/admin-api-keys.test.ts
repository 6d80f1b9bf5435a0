// Site API keys on the real server with session tokens for two shops: a created key is shown once, works on
// POST /api/conversions and shows when it was last used, stops working once revoked, and another shop
// can neither see nor revoke it.
import { describe, expect, it } from "vitest";
import { SITE_API_KEY_PATTERN } from "~/domain/sites/site-api-key";
import { oneDatabase } from "../support/databases";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { loaderData, postAction } from "../support/admin-route-data";

const A = "svc-keys-a.myshopify.com";
const B = "svc-keys-b.myshopify.com";
const SITE = "routes/app.sites.$siteId";

describe.each(oneDatabase)("site API keys (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  const seen: string[] = [];
  let siteA = "";
  let siteB = "";
  let key = "";
  let keyId = "";

  const keysOf = async (shop: string, site: string) => {
    const answer = await loaderData(url(), shop, `/app/sites/${site}`, SITE);
    seen.push(answer.raw);
    return answer.data.keys as Array<Record<string, unknown>>;
  };
  const convert = (bearer: string, site: string, eventId: string) =>
    fetch(`${url()}/api/conversions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
      body: JSON.stringify({ site, event_id: eventId, goal: "signup" }),
    });

  it("starts with no key on each shop's storefront site", async () => {
    for (const shop of [A, B]) expect((await adminFetch(url(), shop, "/app/sites")).status).toBe(200);
    siteA = (await loaderData(url(), A, "/app/sites", "routes/app.sites._index")).data.sites[0].id;
    siteB = (await loaderData(url(), B, "/app/sites", "routes/app.sites._index")).data.sites[0].id;
    expect(siteA).not.toBe(siteB);
    expect(await keysOf(A, siteA)).toEqual([]);
  });

  it("answers a field error for a key without a name and creates nothing", async () => {
    const res = await postAction(url(), A, `/app/sites/${siteA}`, { intent: "create-key", name: "  " });
    expect(res.status).toBe(400);
    expect(res.data.fieldErrors).toEqual({ name: expect.any(String) });
    expect(await keysOf(A, siteA)).toEqual([]);
  });

  it("creates a key, answering its plaintext with its prefix", async () => {
    const res = await postAction(url(), A, `/app/sites/${siteA}`, { intent: "create-key", name: "CRM" });
    expect(res.status).toBe(201);
    key = res.data.key.key;
    keyId = res.data.key.id;
    expect(key).toMatch(SITE_API_KEY_PATTERN);
    expect(res.data.key.prefix).toBe(key.slice(0, 12));
    const keys = await keysOf(A, siteA);
    expect(keys).toEqual([{ id: keyId, name: "CRM", prefix: key.slice(0, 12), createdAt: expect.any(String), lastUsedAt: null, revokedAt: null }]);
    const html = await (await adminFetch(url(), A, `/app/sites/${siteA}`)).text();
    expect(html).toContain(`${key.slice(0, 12)}…`);
    seen.push(html);
  });

  it("accepts the key on POST /api/conversions and lists when it was last used", async () => {
    const res = await convert(key, siteA, "crm-1");
    expect(res.status).toBe(201);
    let keys: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 50; i++) {
      keys = await keysOf(A, siteA);
      if (keys[0]?.lastUsedAt) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Date.parse(String(keys[0]?.lastUsedAt))).toBeGreaterThan(Date.now() - 60_000);
  });

  it("does not let another shop see or revoke the key", async () => {
    expect((await loaderData(url(), B, `/app/sites/${siteA}`, SITE)).status).toBe(404);
    expect((await postAction(url(), B, `/app/sites/${siteA}`, { intent: "revoke-key", keyId })).status).toBe(404);
    const throughOwnSite = await postAction(url(), B, `/app/sites/${siteB}`, { intent: "revoke-key", keyId });
    expect(throughOwnSite.status).toBe(404);
    expect(throughOwnSite.data.type).toBe("https://svc.dev/problems/api-key-not-found");
    expect(await keysOf(B, siteB)).toEqual([]);
    expect((await keysOf(A, siteA))[0]).toMatchObject({ revokedAt: null });
    expect((await convert(key, siteA, "crm-2")).status).toBe(201);
  });

  it("stops accepting the key once revoked, and a second revoke is a 404", async () => {
    const res = await postAction(url(), A, `/app/sites/${siteA}`, { intent: "revoke-key", keyId });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ intent: "revoke-key", revoked: keyId });
    const refused = await convert(key, siteA, "crm-3");
    expect(refused.status).toBe(401);
    expect((await refused.json()).type).toBe("https://svc.dev/problems/invalid-api-key");
    expect((await keysOf(A, siteA))[0]?.revokedAt).toEqual(expect.any(String));
    expect((await postAction(url(), A, `/app/sites/${siteA}`, { intent: "revoke-key", keyId })).status).toBe(404);
  });

  it("never showed the key again after the answer that created it, and stored only its hash", async () => {
    expect(seen.length).toBeGreaterThan(3);
    for (const text of seen) expect(text).not.toContain(key);
    const rows = await ctx.sql((sql) => sql.query<{ prefix: string; hash: string }>(`SELECT prefix, hash FROM "SiteApiKey"`));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
